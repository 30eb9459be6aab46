"""Summaries made ahead of time, kept in SQLite until the turn that applies them."""

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime, timezone

from langchain_core.messages import BaseMessage
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.context import message_text
from graph.persistence import PREFETCH_TABLE
from state import SummaryRecord



def _digest(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, ensure_ascii=False, default=str).encode()).hexdigest()


def block_key(
    thread_id: str, turns: list[int], messages: Sequence[BaseMessage], rate: float, previous: str = ""
) -> str:
    """Identifies a block summary: same session, turns, rate, previous summary and exactly the same messages."""
    content = [(message.id, len(message_text(message))) for message in messages]
    return _digest("block", thread_id, turns, round(rate, 3), content, previous)


def merge_key(thread_id: str, records: Sequence[SummaryRecord]) -> str:
    """Identifies a merge: same session and exactly the same records merged."""
    return _digest("merge", thread_id, [(record["turns"], record["summary"]) for record in records])


class SummaryCache:
    """A small key-value table beside the checkpoints; taking a value removes it."""

    def __init__(self, saver: SqliteSaver) -> None:
        self.saver = saver
        with saver.cursor() as cur:
            cur.execute(PREFETCH_TABLE)

    def put(self, key: str, thread_id: str, record: SummaryRecord) -> None:
        with self.saver.cursor() as cur:
            cur.execute(
                "INSERT OR REPLACE INTO summary_prefetch (key, thread_id, record, created_at) VALUES (?, ?, ?, ?)",
                (key, thread_id, json.dumps(record, ensure_ascii=False),
                 datetime.now(timezone.utc).isoformat(timespec="seconds")),
            )

    def has(self, key: str) -> bool:
        with self.saver.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM summary_prefetch WHERE key = ?", (key,)).fetchone() is not None

    def take(self, key: str) -> SummaryRecord | None:
        """The cached record for `key`, removed from the table; None when there is none."""
        with self.saver.cursor() as cur:
            row = cur.execute("SELECT record FROM summary_prefetch WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            cur.execute("DELETE FROM summary_prefetch WHERE key = ?", (key,))
        return json.loads(row[0])

    def forget(self, thread_id: str) -> None:
        """Drop everything made ahead for a session (it was deleted, or its summaries are stale)."""
        with self.saver.cursor() as cur:
            cur.execute("DELETE FROM summary_prefetch WHERE thread_id = ?", (thread_id,))
