"""PostgreSQL's migration 20: every word said is findable, as on SQLite. The parser reads a text with the marks
SQLite's tokenizer splits words at made spaces (`split_as_sqlite`: report2026.pdf, Node.js and 2.14.3 are words
of their parts, not a file, a host and a version; a direction mark is no letter); the words kept beside a turn's
text are read by its stems (iphone of iPhone을 is stemmed as the question's iphone is); a turn longer than its
record is indexed whole, in pieces (`recall_pieces`); every stored turn's and chunk's words are read again."""

from typing import Any

from graph.storage.postgres.ranking import NON_ASCII, split_as_sqlite
from graph.storage.postgres.word_index import index_words_again


def searched_vector(text: str, words: str, config: str, limit: int) -> str:
    """SQL for a row's tsvector: its text as SQLite reads it and the words kept beside it, both by `config`."""
    return (f"(to_tsvector('{config}', left({split_as_sqlite(text)}, {limit})) "
            f"|| to_tsvector('{config}', left({words}, {limit})))")


def whole_text_indexed(turn_text: str, stemmed: str, limit: int) -> list[Any]:
    """The migration's statements: the words read again, the turns' and chunks' tsvectors made again as SQLite
    reads the text, and the pieces' table with its indexes. `turn_text` is SQL for a turn's text (of its record),
    `stemmed` the turns' text search configuration, `limit` the characters a tsvector reads."""
    return [
        index_words_again,
        "DROP INDEX IF EXISTS recall_turns_tsv",
        "ALTER TABLE recall_turns DROP COLUMN body_tsv",
        f"ALTER TABLE recall_turns ADD COLUMN body_tsv TSVECTOR GENERATED ALWAYS AS "
        f"{searched_vector(turn_text, 'words', stemmed, limit)} STORED",
        "CREATE INDEX recall_turns_tsv ON recall_turns USING GIN (body_tsv) WITH (fastupdate = off)",
        "DROP INDEX IF EXISTS document_chunks_tsv",
        "ALTER TABLE document_chunks DROP COLUMN contents_tsv",
        f"ALTER TABLE document_chunks ADD COLUMN contents_tsv TSVECTOR GENERATED ALWAYS AS "
        f"{searched_vector('contents', 'words', 'simple', limit)} STORED",
        "CREATE INDEX document_chunks_tsv ON document_chunks USING GIN (contents_tsv)",
        f"""
        CREATE TABLE IF NOT EXISTS recall_pieces (
            thread_id TEXT NOT NULL,
            turn INTEGER NOT NULL,
            piece INTEGER NOT NULL,
            body TEXT NOT NULL,
            words TEXT NOT NULL DEFAULT '',
            chars INTEGER GENERATED ALWAYS AS (length(body)) STORED,
            body_tsv TSVECTOR GENERATED ALWAYS AS {searched_vector('body', 'words', stemmed, limit)} STORED,
            PRIMARY KEY (thread_id, turn, piece)
        )
        """,
        "CREATE INDEX IF NOT EXISTS recall_pieces_tsv ON recall_pieces USING GIN (body_tsv) WITH (fastupdate = off)",
        "CREATE INDEX IF NOT EXISTS recall_pieces_trgm ON recall_pieces USING GIN (body gin_trgm_ops) "
        f"WITH (fastupdate = off) WHERE body {NON_ASCII}",
    ]
