"""The app's own PostgreSQL tables, versioned: each migration runs once, in order, at start-up.

Text is searched by a tsvector; Korean and Chinese words inside runs of text without spaces by their
characters' pairs in a turn (`grams.py`), by pg_trgm trigrams in a document. Documents keep their words as
written ('simple'); completed turns are indexed by word stems (`word_stems`: English words by their Snowball
stem, stop words kept, every other word as written), as SQLite's porter tokenizer indexes them, so "donated"
finds "donating" on both backends; a turn's Korean and Chinese words, segmented (`words`), are indexed beside
them as written ('simple').
"""

from collections.abc import Callable
from typing import Any

import psycopg
from psycopg.rows import tuple_row

from graph.storage.postgres.grams import grams_indexed
from graph.storage.postgres.ranking import NON_ASCII
from graph.storage.postgres.sizes import sizes_kept
from graph.storage.postgres.whole_text import whole_text_indexed
from graph.storage.postgres.word_index import fill_chunk_words, fill_turn_words, index_parts
from graph.storage.shared.common import RECORD_TEXT_KEYS, VECTORS_DROPPED, rename_policies_sql
from graph.storage.shared.request_names import rename_in_postgres
from graph.storage.shared.settings import SETTING_COLUMNS_BEFORE
from state.budgets import DEFAULT_CONTEXT_BUDGET

Migration = list[str | Callable[[psycopg.Connection[Any]], None]]  # SQL, or a step that computes in Python

STEMMED = "word_stems"  # the text search configuration of completed turns
INDEXED_CHARS = 100_000  # a tsvector holds at most 1 MB; longer text is searched by trigrams past this


def body_of(row: str = "") -> str:
    """SQL for the text a recall turn is searched by (`record_body`), read from the JSON record of `row` (of the
    row itself without one, as a generated column reads it)."""
    record = f"{row}.record" if row else "record"
    parts = (f"COALESCE({record} ->> '{key}', '')" for key in RECORD_TEXT_KEYS)
    return "(" + " || E'\\n' || ".join(parts) + ")"


def _turn_text_from_record() -> Migration:
    """Migration 10: a turn's searched text read from its record, as SQLite reads it, instead of kept twice."""
    text = body_of()
    return [
        "ALTER TABLE recall_turns DROP COLUMN chars",
        "ALTER TABLE recall_turns DROP COLUMN body_tsv",
        "DROP INDEX IF EXISTS recall_turns_trgm",
        "ALTER TABLE recall_turns DROP COLUMN body",
        f"ALTER TABLE recall_turns ADD COLUMN body_tsv TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('{STEMMED}', left({text}, {INDEXED_CHARS}))) STORED",
        f"ALTER TABLE recall_turns ADD COLUMN chars INTEGER GENERATED ALWAYS AS (length({text})) STORED",
        "CREATE INDEX recall_turns_tsv ON recall_turns USING GIN (body_tsv) WITH (fastupdate = off)",
        f"CREATE INDEX recall_turns_trgm ON recall_turns USING GIN ({text} gin_trgm_ops) WITH (fastupdate = off) "
        f"WHERE {text} {NON_ASCII}",
    ]


def _words_indexed() -> Migration:
    """Migration 15: each turn's Korean and Chinese words, segmented, indexed beside its text's stems (the parser
    keeps a Han run or a Korean word with its particle as one word); stored turns indexed again."""
    return [
        "DROP INDEX IF EXISTS recall_turns_tsv",
        "ALTER TABLE recall_turns DROP COLUMN body_tsv",
        "ALTER TABLE recall_turns ADD COLUMN IF NOT EXISTS words TEXT NOT NULL DEFAULT ''",
        fill_turn_words,
        f"ALTER TABLE recall_turns ADD COLUMN body_tsv TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('{STEMMED}', left({body_of()}, {INDEXED_CHARS})) "
        f"|| to_tsvector('simple', left(words, {INDEXED_CHARS}))) STORED",
        "CREATE INDEX recall_turns_tsv ON recall_turns USING GIN (body_tsv) WITH (fastupdate = off)",
    ]


def _chunk_words_indexed() -> Migration:
    """Migration 16: a document chunk's Korean and Chinese words indexed beside its text, as a turn's are."""
    return [
        "ALTER TABLE document_chunks DROP COLUMN contents_tsv",
        "ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS words TEXT NOT NULL DEFAULT ''",
        fill_chunk_words,
        f"ALTER TABLE document_chunks ADD COLUMN contents_tsv TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('simple', left(contents, {INDEXED_CHARS})) "
        f"|| to_tsvector('simple', left(words, {INDEXED_CHARS}))) STORED",
        "CREATE INDEX IF NOT EXISTS document_chunks_tsv ON document_chunks USING GIN (contents_tsv)",
    ]


def _settings_as_json() -> Migration:
    """Migration 13: a session's settings become one JSON value, their columns go."""
    pairs = ", ".join(f"'{name}', {name}" for name in SETTING_COLUMNS_BEFORE)
    return ["ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS settings JSON NOT NULL DEFAULT '{}'",
            f"UPDATE chat_sessions SET settings = json_build_object({pairs})",
            "ALTER TABLE chat_sessions " + ", ".join(f"DROP COLUMN IF EXISTS {n}" for n in SETTING_COLUMNS_BEFORE)]


MIGRATIONS: list[Migration] = [
    # 1: sessions and their settings, summaries prepared ahead, the turn journal, documents, the recall index
    [
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        """
        CREATE TABLE IF NOT EXISTS chat_sessions (
            thread_id TEXT PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            updated_at TEXT NOT NULL,
            turns INTEGER NOT NULL DEFAULT 0,
            system_prompt TEXT NOT NULL DEFAULT '',
            context_policy TEXT NOT NULL DEFAULT '',
            agent_prompt TEXT NOT NULL DEFAULT '',
            reminder TEXT NOT NULL DEFAULT '',
            hide_old_tool_results BOOLEAN NOT NULL DEFAULT FALSE,
            compression_rate DOUBLE PRECISION NOT NULL DEFAULT 0.3,
            recall BOOLEAN NOT NULL DEFAULT TRUE
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS summary_prefetch (
            key TEXT PRIMARY KEY,
            thread_id TEXT NOT NULL,
            record JSON NOT NULL,
            created_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS summary_prefetch_thread ON summary_prefetch (thread_id)",
        """
        CREATE TABLE IF NOT EXISTS turn_journal (
            thread_id TEXT PRIMARY KEY,
            payload JSON NOT NULL,
            created_at TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS documents (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            thread_id TEXT NOT NULL,
            title TEXT NOT NULL,
            tokens INTEGER NOT NULL,
            mode TEXT NOT NULL,
            content TEXT NOT NULL,
            created_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS documents_thread ON documents (thread_id)",
        f"""
        CREATE TABLE IF NOT EXISTS document_chunks (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
            thread_id TEXT NOT NULL,
            title TEXT NOT NULL,
            contents TEXT NOT NULL,
            contents_tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', left(contents, {INDEXED_CHARS}))) STORED
        )
        """,
        "CREATE INDEX IF NOT EXISTS document_chunks_thread ON document_chunks (thread_id, document_id)",
        "CREATE INDEX IF NOT EXISTS document_chunks_tsv ON document_chunks USING GIN (contents_tsv)",
        "CREATE INDEX IF NOT EXISTS document_chunks_trgm ON document_chunks USING GIN (contents gin_trgm_ops)",
        f"""
        CREATE TABLE IF NOT EXISTS recall_turns (
            thread_id TEXT NOT NULL,
            turn INTEGER NOT NULL,
            day TEXT NOT NULL,
            body TEXT NOT NULL,
            record JSON NOT NULL,
            tokens INTEGER NOT NULL,
            vector BYTEA,
            body_tsv TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', left(body, {INDEXED_CHARS}))) STORED,
            PRIMARY KEY (thread_id, turn)
        )
        """,
        "CREATE INDEX IF NOT EXISTS recall_turns_tsv ON recall_turns USING GIN (body_tsv)",
        "CREATE INDEX IF NOT EXISTS recall_turns_trgm ON recall_turns USING GIN (body gin_trgm_ops)",
    ],
    # 2: stored policy ids become the policies' names
    [rename_policies_sql()],
    # 3: a per-session context budget
    [f"ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS context_budget INTEGER NOT NULL "
     f"DEFAULT {DEFAULT_CONTEXT_BUDGET}"],
    # 4: completed turns searched by word stems
    [
        "CREATE TEXT SEARCH DICTIONARY english_stems (TEMPLATE = snowball, Language = english)",
        f"CREATE TEXT SEARCH CONFIGURATION {STEMMED} (COPY = simple)",
        f"ALTER TEXT SEARCH CONFIGURATION {STEMMED} ALTER MAPPING FOR asciiword, asciihword, hword_asciipart "
        "WITH english_stems",
        "ALTER TABLE recall_turns DROP COLUMN body_tsv",
        f"ALTER TABLE recall_turns ADD COLUMN body_tsv TSVECTOR GENERATED ALWAYS AS "
        f"(to_tsvector('{STEMMED}', left(body, {INDEXED_CHARS}))) STORED",
        "CREATE INDEX IF NOT EXISTS recall_turns_tsv ON recall_turns USING GIN (body_tsv)",
    ],
    # 5: the facts listed about each summarized turn
    ["CREATE TABLE IF NOT EXISTS turn_facts (thread_id TEXT NOT NULL, turn INTEGER NOT NULL, facts JSON NOT NULL, "
     "PRIMARY KEY (thread_id, turn))"],
    # 6: each session's owner: '' (the single-person default) for every session stored before
    [
        "ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX IF NOT EXISTS chat_sessions_owner ON chat_sessions (owner)",
    ],
    # 7: trigrams only of turns a glued word can be in (an English turn's trigrams took more room than its text)
    [
        "DROP INDEX IF EXISTS recall_turns_trgm",
        f"CREATE INDEX recall_turns_trgm ON recall_turns USING GIN (body gin_trgm_ops) WHERE body {NON_ASCII}",
    ],
    # 8: each searched row's length in characters, stored: ranking reads every row's length of the session, and
    # counting the characters of every turn again on each search grew with the session
    ["ALTER TABLE recall_turns ADD COLUMN IF NOT EXISTS chars INTEGER GENERATED ALWAYS AS (length(body)) STORED",
     "ALTER TABLE document_chunks ADD COLUMN IF NOT EXISTS chars INTEGER GENERATED ALWAYS AS (length(contents)) "
     "STORED"],
    # 9: a completed turn goes into the word index as it is saved: the index's list of pending entries is read
    # whole by every search until a vacuum merges it, so both the search and the index grew with the session
    [
        "ALTER INDEX recall_turns_tsv SET (fastupdate = off)",
        "ALTER INDEX recall_turns_trgm SET (fastupdate = off)",
        "SELECT gin_clean_pending_list('recall_turns_tsv'::regclass)",
        "SELECT gin_clean_pending_list('recall_turns_trgm'::regclass)",
    ],
    # 10: each turn's text stored once, in its record (it was in `body` too)
    _turn_text_from_record(),
    # 11: the entities each indexed turn names
    ["CREATE TABLE IF NOT EXISTS turn_entities (thread_id TEXT NOT NULL, turn INTEGER NOT NULL, entity TEXT NOT NULL, "
     "PRIMARY KEY (thread_id, turn, entity))"],
    ["ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS model TEXT NOT NULL DEFAULT ''"],  # 12: each session's model
    # 13: a session's settings are one JSON value of SessionSettings' fields, so a new setting needs no column
    _settings_as_json(),
    # 14: whether the person chose the title, and the gist of the first question an automatic one follows
    ["ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS title_chosen INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE chat_sessions ADD COLUMN IF NOT EXISTS title_gist TEXT"],
    # 15: Korean and Chinese searched by their words, segmented, whatever particle or neighbour they were said with
    _words_indexed(),
    # 16: a document's Korean and Chinese searched by their words, segmented, as a turn's are
    _chunk_words_indexed(),
    [VECTORS_DROPPED],  # 17: an English sentence model's vectors go; recall embeds each turn again in the new one's
    [rename_in_postgres],  # 18: the request's report and log stored under their own names, no longer the context's
    [index_parts],  # 19: a Korean noun found by its parts too (제주 in 제주도에서): stored words indexed again
    whole_text_indexed(body_of(), STEMMED, INDEXED_CHARS),  # 20: a long turn indexed whole, read as SQLite reads it
    grams_indexed(body_of(), INDEXED_CHARS),  # 21: a Korean or Chinese word looked up by its pairs
    sizes_kept(),  # 22: each session's turns and characters counted as they change, for ranking over all chats
    ["ALTER TABLE summary_prefetch RENAME TO prepared_summaries",  # 23: the summaries prepared ahead named for them
     "ALTER INDEX summary_prefetch_thread RENAME TO prepared_summaries_thread"],
]


def schema_version(conn: psycopg.Connection[Any]) -> int:
    """The number of migrations this database has had."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.cursor(row_factory=tuple_row).execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] if row is not None and isinstance(row[0], int) else 0


def migrate(conn: psycopg.Connection[Any], target: int | None = None) -> int:
    """Apply the migrations this database has not had yet (up to `target`, all by default), each in its own
    transaction; returns the version it is at now."""
    target = len(MIGRATIONS) if target is None else target
    current = schema_version(conn)
    for version, statements in enumerate(MIGRATIONS[:target], start=1):
        if version <= current:
            continue
        with conn.transaction():
            for statement in statements:
                if callable(statement):
                    statement(conn)
                else:
                    conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
    return max(current, target)
