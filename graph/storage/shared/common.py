"""Names and values both backends use alike: the tables, the session row's columns, timestamps, titles, a recall
record's searched text and a found turn's excerpt where the database's own headline cannot mark the word."""

import re
from collections.abc import Mapping
from datetime import UTC, datetime

from state.session import RENAMED_POLICIES

TITLE_CHARS = 60
SESSION_COLUMNS = ("thread_id", "owner", "title", "title_chosen", "title_gist", "updated_at", "turns",
                   "settings")  # settings: one JSON value
DEFAULT_OWNER = ""  # whose a session is without sign-in, and every session stored before owners existed
# every table holding a session's rows; chunks before their documents
SESSION_TABLES = ("chat_sessions", "prepared_summaries", "turn_journal", "document_chunks", "documents",
                  "recall_turns", "recall_pieces", "turn_facts", "turn_entities")
APP_TABLES = ("schema_version", *SESSION_TABLES)


def utc_now() -> str:
    """A timestamp that sorts as text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def make_title(text: str) -> str:
    """A one-line title from the first user message."""
    line = " ".join(text.split())
    return line if len(line) <= TITLE_CHARS else line[: TITLE_CHARS - 1] + "…"


VECTORS_DROPPED = "UPDATE recall_turns SET vector = NULL WHERE vector IS NOT NULL"  # a vector of another model compares
# as noise with the question's, so a migration to a new sentence model drops them and recall embeds each turn again
RECORD_TEXT_KEYS = ("user", "tools", "assistant")  # a recall record's searched text, in this order, a line each
SNIPPET_CONTEXT_CHARS = 30  # either side of a word found inside a longer one (Korean, Chinese)


def record_body(record: Mapping[str, object]) -> str:
    """The text a recall record is searched by: what the user said, the tools' calls and results, the answer."""
    return "\n".join(f"{record.get(key, '')}" for key in RECORD_TEXT_KEYS)


def substring_snippet(body: str, words: list[str]) -> str:
    """A short excerpt around the first of `words` in `body` (the longest word found there), marked with **, for
    words no tokenizer splits: a Korean or Chinese word is found by its segmented form, inside a longer run of the
    text as written."""
    found = [(match.start(), match.end()) for word in words
             if (match := re.search(re.escape(word), body, flags=re.IGNORECASE))]
    if not found:
        return body[: SNIPPET_CONTEXT_CHARS * 2] + ("…" if len(body) > SNIPPET_CONTEXT_CHARS * 2 else "")
    start, end = min(found, key=lambda span: (span[0], -span[1]))
    left, right = max(0, start - SNIPPET_CONTEXT_CHARS), min(len(body), end + SNIPPET_CONTEXT_CHARS)
    return ("…" if left else "") + body[left:start] + "**" + body[start:end] + "**" + body[end:right] + (
        "…" if right < len(body) else "")


def rename_policies_sql() -> str:
    """The data migration both dialects run: stored policy ids become the policies' names (literals, no
    placeholders, so each dialect's migration list holds it as it is)."""
    cases = " ".join(f"WHEN '{old}' THEN '{new}'" for old, new in RENAMED_POLICIES.items())
    olds = ", ".join(f"'{old}'" for old in RENAMED_POLICIES)
    return f"UPDATE chat_sessions SET context_policy = CASE context_policy {cases} END WHERE context_policy IN ({olds})"
