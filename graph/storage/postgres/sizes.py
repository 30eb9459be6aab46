"""Each session's count of indexed turns (and long turns' pieces) and of their characters, kept by triggers, so
that ranking a search over all of a person's chats reads its collection statistics (BM25's N and mean length)
from a row per session instead of counting every turn they hold: at 100,000 turns that count alone took 25 ms.

`recall_sizes` holds one row per table and session; statement-level triggers add what each insert, update or
delete changed (one upsert per session a statement touched), whoever writes the rows; a session whose rows are all
deleted keeps none."""

from typing import Any

SIZES_TABLE = "recall_sizes"
SIZED_TABLES = ("recall_turns", "recall_pieces")

_COUNT_FUNCTION = f"""
CREATE OR REPLACE FUNCTION recall_sizes_counted() RETURNS trigger LANGUAGE plpgsql AS $sizes$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO {SIZES_TABLE} AS z (source, thread_id, entries, chars)
        SELECT TG_TABLE_NAME, o.thread_id, -count(*), -COALESCE(sum(o.chars), 0) FROM old_rows AS o
        GROUP BY o.thread_id
        ON CONFLICT (source, thread_id) DO UPDATE
            SET entries = z.entries + excluded.entries, chars = z.chars + excluded.chars;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO {SIZES_TABLE} AS z (source, thread_id, entries, chars)
        SELECT TG_TABLE_NAME, n.thread_id, count(*), COALESCE(sum(n.chars), 0) FROM new_rows AS n
        GROUP BY n.thread_id
        ON CONFLICT (source, thread_id) DO UPDATE
            SET entries = z.entries + excluded.entries, chars = z.chars + excluded.chars;
    END IF;
    IF TG_OP = 'DELETE' THEN
        DELETE FROM {SIZES_TABLE} AS z USING (SELECT DISTINCT thread_id FROM old_rows) AS o
        WHERE z.source = TG_TABLE_NAME AND z.thread_id = o.thread_id AND z.entries = 0;
    END IF;
    RETURN NULL;
END
$sizes$
"""


def _triggers(table: str) -> list[str]:
    """The three triggers that keep `table`'s sizes (transition tables allow one event a trigger)."""
    events = (("INSERT", "NEW TABLE AS new_rows"), ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
              ("DELETE", "OLD TABLE AS old_rows"))
    return [statement for event, tables in events for statement in (
        f"DROP TRIGGER IF EXISTS {table}_{event.lower()}_sized ON {table}",
        f"CREATE TRIGGER {table}_{event.lower()}_sized AFTER {event} ON {table} REFERENCING {tables} "
        "FOR EACH STATEMENT EXECUTE FUNCTION recall_sizes_counted()")]


def sizes_kept() -> list[Any]:
    """The migration's statements: the table, its function and triggers, and the sizes of the rows already kept."""
    return [
        f"CREATE TABLE IF NOT EXISTS {SIZES_TABLE} (source TEXT NOT NULL, thread_id TEXT NOT NULL, "
        "entries BIGINT NOT NULL, chars BIGINT NOT NULL, PRIMARY KEY (source, thread_id))",
        _COUNT_FUNCTION,
        *[trigger for table in SIZED_TABLES for trigger in _triggers(table)],
        f"DELETE FROM {SIZES_TABLE}",
        *[f"INSERT INTO {SIZES_TABLE} (source, thread_id, entries, chars) "
          f"SELECT '{table}', thread_id, count(*), COALESCE(sum(chars), 0) FROM {table} GROUP BY thread_id"
          for table in SIZED_TABLES],
    ]


def sized_scope(table: str, where: str) -> str:
    """SQL for the collection statistics (`n`, `avglen`) of `table`'s rows that `where` keeps, read from their
    sessions' sizes (`where` may read only `t.thread_id`)."""
    return (f"SELECT COALESCE(sum(t.entries), 0)::float8 AS n, "
            f"GREATEST(COALESCE(sum(t.chars)::float8 / NULLIF(sum(t.entries), 0), 1), 1)::float8 AS avglen "
            f"FROM {SIZES_TABLE} AS t WHERE t.source = '{table}' AND {where}")
