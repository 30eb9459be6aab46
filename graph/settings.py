"""All configuration in one place: each field documented and read from the environment."""

import os
from dataclasses import dataclass, field, fields
from pathlib import Path


def _default_db_path() -> str:
    """The database lives in the user's data directory, so every clone shares the sessions."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return str(Path(base) / "context-chat" / "chat.sqlite")


@dataclass(frozen=True)
class Settings:
    """Runtime configuration; each field falls back to the environment variable in its metadata."""

    openai_base_url: str = field(
        default="",
        metadata={"env": "OPENAI_BASE_URL", "description": "OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp, ...)."},
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
        default=60.0, metadata={"env": "SUMMARY_TIMEOUT", "description": "Seconds before a summary request fails."}
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
    local_model_path: str = field(
        default="",
        metadata={"env": "LOCAL_MODEL_PATH", "description": "GGUF file for the bundled server; SmolLM2 when empty."},
    )

    @property
    def uses_remote_endpoint(self) -> bool:
        """A remote endpoint is chosen as soon as any of its variables is set."""
        return bool(self.openai_base_url or self.openai_api_key or self.chat_model)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Settings":
        """Settings with every field the environment sets; bad numbers raise a clear ValueError."""
        environ = os.environ if environ is None else environ
        values = {}
        for item in fields(cls):
            raw = environ.get(item.metadata["env"], "").strip()
            if not raw:
                continue
            try:
                values[item.name] = item.type(raw) if item.type in (int, float) else raw
            except ValueError:
                raise ValueError(f"{item.metadata['env']} must be a number, got {raw!r}") from None
        return cls(**values)
