"""The Python steps of PostgreSQL's migrations that index stored text again: each stored turn's and document
chunk's Korean and Chinese words, segmented (no SQL function segments them), and later with each Korean noun's
parts."""

import json
from collections.abc import Sequence
from typing import Any, cast

import psycopg

from graph.storage.postgres.text import clean
from graph.storage.shared.common import record_body
from state.words import index_text


def fill_turn_words(conn: psycopg.Connection[Any]) -> None:
    """Migration 15's step in Python: each stored turn's Korean and Chinese words, segmented."""
    rows = [values(row) for row in conn.execute("SELECT thread_id, turn, record::text FROM recall_turns")]
    with conn.cursor() as cur:
        cur.executemany("UPDATE recall_turns SET words = %s WHERE thread_id = %s AND turn = %s",
                        [(index_text(record_body(json.loads(record))).replace("\x00", ""), thread_id, turn)
                         for thread_id, turn, record in rows])


def fill_chunk_words(conn: psycopg.Connection[Any]) -> None:
    """Migration 16's step in Python: each stored chunk's Korean and Chinese words, segmented."""
    rows = [values(row) for row in conn.execute("SELECT id, contents FROM document_chunks")]
    with conn.cursor() as cur:
        cur.executemany("UPDATE document_chunks SET words = %s WHERE id = %s",
                        [(index_text(contents).replace("\x00", ""), chunk_id) for chunk_id, contents in rows])


def index_parts(conn: psycopg.Connection[Any]) -> None:
    """Migration 19's step in Python: each stored turn's and chunk's Korean and Chinese words again, with the
    parts of each Korean noun (제주도 -> 제주), written where they changed."""
    index_words_again(conn, "WHERE words <> ''")


def index_words_again(conn: psycopg.Connection[Any], rows: str = "") -> None:
    """Each stored turn's and chunk's words as the index keeps them now, written where they changed; `rows` is a
    WHERE clause that narrows the rows read again."""
    turns = [values(row)
             for row in conn.execute(f"SELECT thread_id, turn, record::text, words FROM recall_turns {rows}")]
    chunks = [values(row) for row in conn.execute(f"SELECT id, contents, words FROM document_chunks {rows}")]
    with conn.cursor() as cur:
        cur.executemany("UPDATE recall_turns SET words = %s WHERE thread_id = %s AND turn = %s",
                        [(new, thread_id, turn) for thread_id, turn, record, words in turns
                         if (new := clean(index_text(record_body(json.loads(record))))) != words])
        cur.executemany("UPDATE document_chunks SET words = %s WHERE id = %s",
                        [(new, chunk_id) for chunk_id, contents, words in chunks
                         if (new := clean(index_text(contents))) != words])


def values(row: object) -> tuple[Any, ...]:
    """A row's values in order, whichever row factory made it."""
    return tuple(row.values()) if isinstance(row, dict) else tuple(cast(Sequence[Any], row))
