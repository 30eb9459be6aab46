"""All configuration in one place: each field documented and read from the environment."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from state.budgets import summary_share


def _default_db_path() -> str:
    """The database lives in the user's data directory, so every clone shares the sessions."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return str(Path(base) / "context-chat" / "chat.sqlite")


CHARS_PER_TOKEN = 3


@dataclass(frozen=True)
class RequestBudget:
    """Token budgets of one request, scaled to the model's window."""

    context: int  # the whole request
    summaries: int  # summaries in the system message (older ones merge past it)
    incremental_summary_chars: int  # the cap on an incremental summary's target length


@dataclass(frozen=True)
class Settings:
    """Runtime configuration; each field falls back to the environment variable in its metadata."""

    openai_base_url: str = field(
        default="",
        metadata={"env": "OPENAI_BASE_URL",
                  "description": "OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp, ...)."},
    )
    openai_api_key: str = field(
        default="", metadata={"env": "OPENAI_API_KEY", "description": "API key of that endpoint."}
    )
    chat_model: str = field(
        default="", metadata={"env": "CHAT_MODEL", "description": "Model name that answers the user."}
    )
    summary_model: str = field(
        default="",
        metadata={"env": "SUMMARY_MODEL", "description": "Cheaper model for summaries; the chat model when empty."},
    )
    request_timeout: float = field(
        default=120.0, metadata={"env": "CHAT_TIMEOUT", "description": "Seconds before a reply request fails."}
    )
    summary_timeout: float = field(
        default=60.0,
        metadata={"env": "SUMMARY_TIMEOUT", "description": "Seconds a summary or merge request may take in all."},
    )
    summary_late_turns: int = field(
        default=3,
        metadata={"env": "SUMMARY_LATE_TURNS",
                  "description": "Turns a summary still being made ahead may come late (its turns sent raw) before a "
                                 "turn makes it itself; 0: a turn never leaves it."},
    )
    first_token_timeout: float = field(
        default=60.0,
        metadata={"env": "CHAT_FIRST_TOKEN_TIMEOUT",
                  "description": "Seconds the chat model may take to its first token, however the server behaves."},
    )
    reply_timeout: float = field(
        default=300.0,
        metadata={"env": "CHAT_REPLY_TIMEOUT",
                  "description": "Seconds one chat-model call may take in all, however the server behaves."},
    )
    context_window: int = field(
        default=0,
        metadata={"env": "CONTEXT_WINDOW", "description": "Model window in tokens; 0 uses the provider's profile."},
    )
    summary_budget_tokens: int = field(
        default=1200,
        metadata={"env": "SUMMARY_BUDGET_TOKENS", "description": "Summaries past this size merge into higher levels."},
    )
    context_share: float = field(
        default=0.6,
        metadata={"env": "CONTEXT_SHARE", "description": "Share of the model window the context may fill (seed 002)."},
    )
    db_path: str = field(
        default_factory=_default_db_path,
        metadata={"env": "CHAT_DB_PATH", "description": "SQLite file holding every session."},
    )
    database_url: str = field(
        default="",
        metadata={"env": "DATABASE_URL",
                  "description": "postgresql://user:password@host:5432/name: keep sessions in PostgreSQL "
                                 "(shared by several app processes); the SQLite file when empty."},
    )
    default_owner: str = field(
        default="",
        metadata={"env": "CHAT_DEFAULT_OWNER",
                  "description": "Who owns the sessions stored before sign-in was set up (and those made without "
                                 "sign-in): the signed-in person with this id sees them."},
    )
    local_model_path: str = field(
        default="",
        metadata={"env": "LOCAL_MODEL_PATH", "description": "GGUF file for the bundled server; SmolLM2 when empty."},
    )
    models_dir: str = field(
        default="",
        metadata={"env": "HF_HUB_CACHE",
                  "description": "Where downloaded models are kept (huggingface_hub's cache); "
                                 "~/.cache/huggingface/hub when empty."},
    )
    hub_endpoint: str = field(
        default="",
        metadata={"env": "HF_ENDPOINT",
                  "description": "The model hub downloads come from (a mirror, or a hub on this network); "
                                 "huggingface.co when empty."},
    )
    ollama_host: str = field(
        default="",
        metadata={"env": "OLLAMA_HOST",
                  "description": "Where a local Ollama listens (host:port); localhost:11434 when empty. Its chat "
                                 "models are offered beside the bundled one."},
    )
    local_model_servers: str = field(
        default="",
        metadata={"env": "LOCAL_MODEL_SERVERS",
                  "description": "Where to look for local model servers when no endpoint is set: URLs separated by "
                                 "commas, or `off`; Ollama, LM Studio (localhost:1234) and a llama.cpp server "
                                 "(localhost:8080) when empty."},
    )

    def budget(self, context_window: int) -> "RequestBudget":
        """How a model window is shared out: the whole request (recall takes what the rest leaves) and the
        summaries' part of it."""
        context = int(context_window * self.context_share)
        summaries = min(self.summary_budget_tokens, summary_share(context))
        return RequestBudget(context, summaries, summaries * CHARS_PER_TOKEN)

    @property
    def uses_remote_endpoint(self) -> bool:
        """A remote endpoint is chosen as soon as any of its variables is set."""
        return bool(self.openai_base_url or self.openai_api_key or self.chat_model)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        """Settings with every field the environment sets; bad numbers raise a clear ValueError."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for item in fields(cls):
            raw = environ.get(item.metadata["env"], "").strip()
            if not raw:
                continue
            try:
                values[item.name] = item.type(raw) if item.type in (int, float) else raw
            except ValueError:
                raise ValueError(f"{item.metadata['env']} must be a number, got {raw!r}") from None
        return cls(**values)
