"""Full-text search in PostgreSQL: document chunks (words as written) and completed turns (word stems), each
row's text in a tsvector and a trigram index, ranked like SQLite's bm25 (see `ranking`); a turn's text is read
from its record (`body_of`), as SQLite reads it. A Korean or Chinese word is looked for in each form SQLite
looks for it (`searched_words`: a noun's parts too), so both find the same rows; a turn its record clips is found
by the pieces of its whole text (`recall_pieces`), ranked alike."""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import psycopg
from psycopg.rows import DictRow

from graph.storage.base import FoundTurn
from graph.storage.postgres.connection import Database
from graph.storage.postgres.grams import GRAMS_COLUMN
from graph.storage.postgres.ranking import ranked_sql, search_params, search_terms, tsquery
from graph.storage.postgres.schema import STEMMED, body_of
from graph.storage.postgres.text import clean, json_value
from graph.storage.shared.common import DEFAULT_OWNER, record_body, substring_snippet
from graph.storage.shared.dialect import Dialect, Rows
from graph.storage.shared.pieces import PIECES_READ, best_hits, best_turns, store_pieces
from state.request_items import TurnRecord
from state.words import index_text, searched_words

SNIPPET_TOKENS = 16
OWNED_BY = ("(t.thread_id IN (SELECT o.thread_id FROM chat_sessions AS o WHERE o.owner = %(owner)s) OR "
            "(%(owner)s = '' AND NOT EXISTS (SELECT 1 FROM chat_sessions AS o WHERE o.thread_id = t.thread_id)))")
# turns of the sessions of one owner (a session never recorded is the single person's)
IN_PIECES = ("SELECT {columns} FROM (SELECT DISTINCT ON (r.thread_id, r.turn) r.thread_id, r.turn, r.body, r.score "
             "FROM ({ranked}) AS r ORDER BY r.thread_id, r.turn, r.score DESC) AS b "
             "JOIN recall_turns AS i ON i.thread_id = b.thread_id AND i.turn = b.turn "
             "LEFT JOIN chat_sessions AS s ON s.thread_id = b.thread_id ORDER BY b.score DESC LIMIT %(turns)s")
PIECE_COLUMNS = "c.thread_id, c.turn, c.body"
HEADLINE = f"StartSel=**, StopSel=**, MaxFragments=1, MaxWords={SNIPPET_TOKENS}, MinWords=4, FragmentDelimiter=…"


def with_ellipses(snippet: str, body: str) -> str:
    """A headline marked with … where it cuts the body, as SQLite's snippet() marks it."""
    start = body.find(snippet.replace("**", ""))
    if start < 0:
        return snippet
    end = start + len(snippet.replace("**", ""))
    return ("…" if start > 0 else "") + snippet + ("…" if end < len(body) else "")


class PostgresSearch:
    """`search_chunks`, and the recall index's writes and searches."""

    db: Database
    dialect: Dialect

    @contextmanager
    def ranking_cursor(self) -> Iterator[psycopg.Cursor[DictRow]]:
        """A cursor for the ranking queries, without JIT compilation: the planner's cost of their many expressions
        crosses its threshold, and compiling them takes near a second for a query that runs in milliseconds
        (`SET LOCAL`, so that the pooled connection keeps its settings)."""
        with self.db.cursor() as cur:
            cur.execute("SET LOCAL jit = off")
            yield cur

    def search_chunks(self, session_id: str, words: list[str], limit: int) -> list[tuple[str, str, float]]:
        words = searched_words(words)
        if not search_terms(words) or limit <= 0:
            return []
        sql = ranked_sql("document_chunks", "t.contents", "contents_tsv", "t.thread_id = %(session)s",
                         "c.title, c.contents", words)
        with self.ranking_cursor() as cur:
            rows = cur.execute(sql, search_params(words, session=session_id, limit=limit)).fetchall()
        return [(row["title"], row["contents"], float(row["score"])) for row in rows]

    def recall_add(self, session_id: str, turn: int, day: str, record: TurnRecord, tokens: int,
                   vector: bytes | None = None, pieces: Sequence[str] = ()) -> None:
        with self.db.cursor() as cur:
            cur.execute("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, vector, words) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (thread_id, turn) DO UPDATE SET "
                        "day = excluded.day, record = excluded.record, tokens = excluded.tokens, "
                        "vector = excluded.vector, words = excluded.words",
                        (session_id, turn, day, json_value(record), tokens, vector,
                         clean(index_text(record_body(record)))))
            store_pieces(Rows(cur, self.dialect), session_id, turn, pieces)

    def recall_search(self, session_id: str, words: list[str], below_turn: int,
                      limit: int) -> list[tuple[int, float, TurnRecord, int]]:
        words = searched_words(words)
        if not search_terms(words) or limit <= 0:
            return []
        sql = ranked_sql("recall_turns", body_of("t"), "body_tsv", "t.thread_id = %(session)s AND t.turn < %(below)s",
                         "c.turn, c.record, c.tokens", words, STEMMED, GRAMS_COLUMN)
        pieces = IN_PIECES.format(columns="b.turn, b.score, i.record, i.tokens", ranked=ranked_sql(
            "recall_pieces", "t.body", "body_tsv", "t.thread_id = %(session)s AND t.turn < %(below)s", PIECE_COLUMNS,
            words, STEMMED, GRAMS_COLUMN))
        with self.ranking_cursor() as cur:
            rows = cur.execute(sql, search_params(words, session=session_id, below=below_turn, limit=limit)).fetchall()
            rows += cur.execute(pieces, search_params(words, session=session_id, below=below_turn, limit=PIECES_READ,
                                                      turns=limit)).fetchall()
        found = [(int(row["turn"]), float(row["score"]), row["record"], int(row["tokens"])) for row in rows]
        return best_turns(found, limit)

    def search_turns(self, words: list[str], limit: int, owner: str = DEFAULT_OWNER) -> list[FoundTurn]:
        words = searched_words(words)
        terms = search_terms(words)
        if not terms or limit <= 0:
            return []
        ranked = ranked_sql("recall_turns", body_of("t"), "body_tsv", OWNED_BY,
                            f"c.thread_id, c.turn, c.day, {body_of('c')} AS body", words,
                            STEMMED, GRAMS_COLUMN, sized=True)  # the word statistics count only the owner's turns too
        sql = (f"SELECT r.thread_id, COALESCE(NULLIF(s.title, ''), r.thread_id) AS title, r.turn, r.day, "
               f"ts_headline('{STEMMED}', r.body, query.q, %(headline)s) AS snippet, r.body, r.score "
               f"FROM ({ranked}) AS r LEFT JOIN chat_sessions AS s ON s.thread_id = r.thread_id, "
               f"(SELECT {tsquery(words, STEMMED)} AS q) AS query ORDER BY r.score DESC")
        pieces = IN_PIECES.format(columns="b.thread_id AS session_id, COALESCE(NULLIF(s.title, ''), b.thread_id) "
                                  "AS title, b.turn, i.day, b.body, b.score", ranked=ranked_sql(
                                      "recall_pieces", "t.body", "body_tsv", OWNED_BY, PIECE_COLUMNS, words, STEMMED,
                                      GRAMS_COLUMN, sized=True))
        with self.ranking_cursor() as cur:
            rows = cur.execute(sql, search_params(words, limit=limit, headline=HEADLINE, owner=clean(owner))).fetchall()
            in_pieces = cur.execute(pieces, search_params(words, limit=PIECES_READ, turns=limit,
                                                          owner=clean(owner))).fetchall()
        found = [{"session_id": row["thread_id"], "title": row["title"], "turn": int(row["turn"]), "day": row["day"],
                  "snippet": with_ellipses(row["snippet"], row["body"]) if "**" in row["snippet"]
                  else substring_snippet(row["body"], terms), "score": float(row["score"])}
                 for row in rows]
        return best_hits(found, [{**row, "score": float(row["score"])} for row in in_pieces], words, limit)
