"""The keys summaries prepared ahead of their turn wait under: a turn applies one only when its key matches."""

import hashlib
import json
from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from state import SummaryRecord
from state.turns import message_text


def _digest(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, ensure_ascii=False, default=str).encode()).hexdigest()


def block_key(
    session_id: str, turns: list[int], messages: Sequence[BaseMessage], rate: float, previous: str = "",
    language: str = "en",
) -> str:
    """Identifies a block summary: same session, turns, rate, previous summary, language and exactly the same
    messages."""
    content = [(message.id, len(message_text(message))) for message in messages]
    return _digest("block", session_id, turns, round(rate, 3), content, previous, language)


def merge_key(session_id: str, records: Sequence[SummaryRecord], language: str = "en") -> str:
    """Identifies a merge: same session, language and exactly the same records merged."""
    return _digest("merge", session_id, [(record["turns"], record["summary"]) for record in records], language)
