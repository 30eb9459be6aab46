"""The models a session talks to: one OpenAI-compatible client path for remote endpoints and the
bundled llama.cpp server, with the capability profile the engine and the UI go by."""

from graph.models.factory import (
    ModelConfigError,
    ModelProfile,
    Models,
    bundled_profile,
    create_bundled_models,
    create_remote_models,
    remote_profile,
    token_limit,
)

__all__ = ["ModelConfigError", "ModelProfile", "Models", "bundled_profile", "create_bundled_models",
           "create_remote_models", "remote_profile", "token_limit"]
