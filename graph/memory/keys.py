"""Names for summaries made ahead of time, and the cache they wait in until a turn applies them."""

import hashlib
import json
from collections.abc import Sequence
from typing import Protocol

from langchain_core.messages import BaseMessage

from state import SummaryRecord
from state.turns import message_text


class SummaryCache(Protocol):
    """Where summaries made ahead of time wait (the storage implements it)."""

    def cache_put(self, key: str, session_id: str, record: SummaryRecord) -> None: ...

    def cache_has(self, key: str) -> bool: ...

    def cache_take(self, key: str) -> SummaryRecord | None: ...


def _digest(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, ensure_ascii=False, default=str).encode()).hexdigest()


def block_key(
    thread_id: str, turns: list[int], messages: Sequence[BaseMessage], rate: float, previous: str = "",
    language: str = "en",
) -> str:
    """Identifies a block summary: same session, turns, rate, previous summary, language and exactly the same
    messages."""
    content = [(message.id, len(message_text(message))) for message in messages]
    return _digest("block", thread_id, turns, round(rate, 3), content, previous, language)


def merge_key(thread_id: str, records: Sequence[SummaryRecord], language: str = "en") -> str:
    """Identifies a merge: same session, language and exactly the same records merged."""
    return _digest("merge", thread_id, [(record["turns"], record["summary"]) for record in records], language)
