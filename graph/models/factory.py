"""Chat-model factory: remote endpoints and the bundled model through the same ChatOpenAI client, and the models a
session talks to started: the configured endpoint, or the bundled model on its own warmed server."""

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal, TypedDict

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseChatModel
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from graph.models.local_server import MODEL_ALIAS, LocalModelServer, find_bundled_model
from graph.models.server_gate import ServerGate
from graph.settings import Settings
from prompt.system import BASE_SYSTEM_PROMPT, render_system_prompt
from state.texts import LANGUAGES as PAGE_LANGUAGES

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
REMOTE_CONTEXT_WINDOW = 128_000
SUMMARY_MAX_TOKENS = 1024
BUNDLED_REPLY_MAX_TOKENS = 96  # a paragraph a person reads on screen, never a minute of generation
BUNDLED_SUMMARY_MAX_TOKENS = 384
BUNDLED_TEMPERATURE = 0.2  # a 135M model rambles, drifts language and invents more when sampled hot


class ModelConfigError(RuntimeError):
    """The model settings cannot work; the message says what to change."""


@dataclass(frozen=True)
class ModelProfile:
    """What the serving endpoint can do, so the engine and the UI use only that."""

    label: str
    provider: Literal["remote", "local", "bundled"]  # local: a model server found on this machine
    streaming: bool
    tools: bool
    structured_output: bool
    context_window: int
    summarizes: bool | None = None  # None: a remote model summarizes, the bundled one does not
    writes: tuple[str, ...] | None = None  # the languages it writes (the page's codes); None: by its provider

    @property
    def written(self) -> tuple[str, ...] | None:
        """The languages it writes (None: any): its own list, else English alone for the bundled model."""
        if self.writes is not None:
            return self.writes
        return ("en",) if self.provider == "bundled" else None

    @property
    def can_summarize(self) -> bool:
        """Whether the model writes summaries; where it cannot, they are made of the text's own sentences."""
        return self.provider == "remote" if self.summarizes is None else self.summarizes


@dataclass(frozen=True)
class Models:
    """The models a session uses and the profile of their endpoint."""

    chat: BaseChatModel
    summary: BaseChatModel
    profile: ModelProfile
    server: LocalModelServer | None = field(default=None, compare=False)  # the bundled server they talk to


def default_remote_model(settings: Settings) -> str:
    """The model the endpoint answers with when a session chose none."""
    return settings.chat_model or DEFAULT_OPENAI_MODEL


def remote_profile(settings: Settings, model_name: str) -> ModelProfile:
    """A remote OpenAI-compatible endpoint: tools and streaming on."""
    return ModelProfile(
        label=model_name,
        provider="remote",
        streaming=True,
        tools=True,
        structured_output=True,
        context_window=settings.context_window or REMOTE_CONTEXT_WINDOW,
    )


class TokenLimit(TypedDict, total=False):
    """The keyword arguments that cap a reply's tokens in ChatOpenAI, one of them or none."""

    max_completion_tokens: int  # OpenAI's own endpoint (ChatOpenAI's `max_tokens`, by its alias)
    extra_body: dict[str, int]  # another OpenAI-compatible server: `max_tokens` in the request body as it is


def token_limit(base_url: str, max_tokens: int | None) -> TokenLimit:
    """OpenAI takes `max_completion_tokens`; other OpenAI-compatible servers only know `max_tokens`."""
    if max_tokens is None:
        return {}
    if not base_url:
        return {"max_completion_tokens": max_tokens}
    return {"extra_body": {"max_tokens": max_tokens}}


def openai_client(
    base_url: str,
    api_key: str,
    model: str,
    timeout: float,
    profile: ModelProfile,
    max_tokens: int | None = None,
    temperature: float | None = None,
    callbacks: list[BaseCallbackHandler] | None = None,
) -> ChatOpenAI:
    """The single client every endpoint goes through."""
    return ChatOpenAI(
        callbacks=callbacks,
        temperature=temperature,
        base_url=base_url or None,
        api_key=SecretStr(api_key or "not-needed"),
        model=model,
        timeout=timeout,
        max_retries=1,
        streaming=profile.streaming,
        disable_streaming="tool_calling" if not profile.streaming else False,
        **token_limit(base_url, max_tokens),
    )


def create_remote_models(settings: Settings, model: str = "") -> Models:
    """Models for the endpoint named by OPENAI_BASE_URL / OPENAI_API_KEY / CHAT_MODEL (or `model` on it, which a
    session chose; SUMMARY_MODEL still summarizes when set)."""
    if settings.openai_base_url and not settings.chat_model:
        raise ModelConfigError(
            "OPENAI_BASE_URL is set but CHAT_MODEL is not: set CHAT_MODEL to the model name "
            "your endpoint serves (for example `llama3.1` on Ollama)."
        )
    if not settings.openai_base_url and not settings.openai_api_key:
        raise ModelConfigError(
            "CHAT_MODEL is set but no endpoint is: set OPENAI_BASE_URL (and OPENAI_API_KEY if "
            "the endpoint needs one), or unset CHAT_MODEL to use the bundled model."
        )
    chat_name = model or default_remote_model(settings)
    profile = remote_profile(settings, chat_name)
    chat = openai_client(
        settings.openai_base_url, settings.openai_api_key, chat_name, settings.request_timeout, profile
    )
    summary = openai_client(
        settings.openai_base_url,
        settings.openai_api_key,
        settings.summary_model or chat_name,
        settings.summary_timeout,
        profile,
        SUMMARY_MAX_TOKENS,
    )
    return Models(chat=chat, summary=summary, profile=profile)


BUNDLED_CONTEXT_WINDOW = 8192
LOCAL_CONTEXT_WINDOW = 4096  # what Ollama and LM Studio load a model with unless told otherwise


def local_profile(settings: Settings, label: str) -> ModelProfile:
    """A model on a server found on this machine: streamed, its summaries its own, its window what such servers
    load by default (CONTEXT_WINDOW when set); tools and structured answers are left to the app, as few small
    local models keep to a schema."""
    return ModelProfile(
        label=label,
        provider="local",
        streaming=True,
        tools=False,
        structured_output=False,
        context_window=settings.context_window or LOCAL_CONTEXT_WINDOW,
        summarizes=True,
    )


def create_local_models(settings: Settings, base_url: str, model: str, label: str) -> Models:
    """Models on a local server found on this machine, through the same client as every endpoint."""
    profile = local_profile(settings, label)
    chat = openai_client(base_url, "", model, settings.request_timeout, profile)
    summary = openai_client(base_url, "", model, settings.summary_timeout, profile, SUMMARY_MAX_TOKENS)
    return Models(chat=chat, summary=summary, profile=profile)



def bundled_profile(context_window: int = 0) -> ModelProfile:
    """The bundled SmolLM2 on llama.cpp: streamed chat in English, no tools, no structured output (its window
    `context_window` tokens when set)."""
    return ModelProfile(
        label="SmolLM2-135M-Instruct (bundled, llama.cpp)",
        provider="bundled",
        streaming=True,
        tools=False,
        structured_output=False,
        context_window=context_window or BUNDLED_CONTEXT_WINDOW,
        writes=("en",),
    )


def downloaded_profile(context_window: int, label: str, languages: tuple[str, ...]) -> ModelProfile:
    """A downloaded GGUF model on the app's llama.cpp server: a small model like the bundled one (no tools, its
    summaries and memory quoted by the app, its English screened), but writing the languages it is known to write
    (every language of the page, for a file nothing is known of)."""
    return replace(bundled_profile(context_window), label=label, writes=languages or tuple(PAGE_LANGUAGES))


def create_bundled_models(settings: Settings, base_url: str, server: LocalModelServer | None = None,
                          profile: ModelProfile | None = None) -> Models:
    """Models talking to the bundled server through the same OpenAI-compatible client (`server`, when given, is
    the one at `base_url`: its requests carry the key it was started with, and a turn it cut can say how it
    ended, and no request goes out while it is not running); `profile` is another model's on the same server."""
    profile = profile or bundled_profile(settings.context_window)
    key = server.api_key if server is not None else "not-needed"
    gate: list[BaseCallbackHandler] | None = [ServerGate(server.watch)] if server is not None else None
    chat = openai_client(
        base_url, key, MODEL_ALIAS, settings.request_timeout, profile, BUNDLED_REPLY_MAX_TOKENS, BUNDLED_TEMPERATURE,
        gate,
    )
    summary = openai_client(
        base_url, key, MODEL_ALIAS, settings.summary_timeout, profile, BUNDLED_SUMMARY_MAX_TOKENS, BUNDLED_TEMPERATURE,
        gate,
    )
    return Models(chat=chat, summary=summary, profile=profile, server=server)


def start_models(settings: Settings, progress: Callable[[str], None]) -> tuple[Models, LocalModelServer | None]:
    """The remote endpoint when configured, otherwise the bundled model on a local server that has already read
    the opening of a new chat's first request."""
    if settings.uses_remote_endpoint:
        return create_remote_models(settings), None
    return start_bundled(settings, progress)


def start_bundled(settings: Settings, progress: Callable[[str], None]) -> tuple[Models, LocalModelServer]:
    """The bundled model on a local server of its own, warmed with the opening every new chat's request has."""
    server = LocalModelServer(find_bundled_model(settings.local_model_path or None))
    base_url = server.start(progress)
    server.warm(render_system_prompt(BASE_SYSTEM_PROMPT, [], datetime.now().astimezone()))
    return create_bundled_models(settings, base_url, server), server
