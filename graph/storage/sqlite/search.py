"""Full-text search in SQLite: document chunks in an FTS5 table, completed turns in an FTS5 index over a
view of `recall_turns` (triggers keep it in step, so the text is stored once), both ranked by bm25. A turn is
found by its text's words (English by their porter stems) and by its Korean and Chinese words, segmented in
their own column, and a turn its record clips by the pieces of its whole text (`pieces_fts`). A turn search is
narrowed by the session id's words in the index, then kept to the exact id."""

import json
from collections.abc import Sequence

from graph.storage.base import FoundTurn
from graph.storage.shared.common import DEFAULT_OWNER, record_body, substring_snippet
from graph.storage.shared.dialect import Tables
from graph.storage.shared.pieces import best_hits, best_turns, store_pieces
from graph.storage.sqlite.schema import body_of
from state.request_items import TurnRecord
from state.words import index_text, is_glued, searched_words

SNIPPET_TOKENS = 16
BODY_WEIGHTS = "1.0, 1.0, 0.0"  # bm25 weights: the text and its segmented words count, the session id only filters
BEST_OWNED = (  # the best turns of an owner's sessions: ranked first, so only those are read whole and excerpted
    f"SELECT rowid FROM recall_fts WHERE recall_fts MATCH ? AND ("
    "(? = '' AND NOT EXISTS (SELECT 1 FROM chat_sessions WHERE owner <> ''))"  # every session is the default's
    " OR (SELECT COALESCE(o.owner, '') FROM recall_turns AS t LEFT JOIN chat_sessions AS o "
    "ON o.thread_id = t.thread_id WHERE t.id = recall_fts.rowid) = ?) "
    f"ORDER BY bm25(recall_fts, {BODY_WEIGHTS}) LIMIT ?")
PIECE_HITS = (  # a long turn's pieces that hold the words, scored by bm25 like a turn: the query's, then `where`
    "WITH hits AS MATERIALIZED (SELECT p.thread_id, p.turn, p.body, -bm25(pieces_fts, 1.0, 1.0) AS score "
    "FROM pieces_fts JOIN recall_pieces AS p ON p.id = pieces_fts.rowid WHERE pieces_fts MATCH ? AND {where}) ")
OWNED_PIECE = ("((? = '' AND NOT EXISTS (SELECT 1 FROM chat_sessions WHERE owner <> '')) "
               "OR COALESCE((SELECT o.owner FROM chat_sessions AS o WHERE o.thread_id = p.thread_id), '') = ?)")


def fts_query(words: list[str]) -> str:
    """Words as an FTS5 OR-query; quoting keeps user text from being FTS syntax."""
    return " OR ".join('"' + word.replace('"', '""') + '"' for word in words)


def text_match(words: list[str], text: str = "body") -> str:
    """An FTS5 query for any of `words`: a Korean, Chinese or Japanese word among the segmented words, any other in
    the `text` column or among them (they hold only what the tokenizer keeps inside a glued run, iphone of
    iPhone을, so none counts twice). A Korean or Chinese word is searched as the index reads it too
    (`searched_words`: its segmented words and a noun's parts), so a caller may pass it as written."""
    spaced = [word for word in words if not is_glued(word)]
    glued = [word for word in searched_words(words) if is_glued(word)]
    parts = [*([f"{{{text} words}} : ({fts_query(spaced)})"] if spaced else []),
             *([f"words : ({fts_query(glued)})"] if glued else [])]
    return "(" + " OR ".join(parts) + ")"


def session_match(words: list[str], session_id: str | None) -> str:
    """An FTS5 query for any of `words`, narrowed by the session id's words (ids sharing a word pass alike, so
    the exact id is compared in SQL as well)."""
    body = text_match(words)
    if session_id is None or not narrowable(session_id):
        return body
    return f"{body} AND thread_id : {fts_query([session_id])}"


def narrowable(session_id: str) -> bool:
    """Printable ASCII with a letter or digit: FTS5 makes a non-empty phrase of it (an empty one matches no row)."""
    return session_id.isascii() and session_id.isprintable() and any(char.isalnum() for char in session_id)


def snippet(headline: str, body: str, words: list[str]) -> str:
    """FTS5's excerpt of the text for English words; for a Korean or Chinese word, or a word found inside a glued
    run, the excerpt around it as written (the word was found among the segmented words, whose places are not the
    text's)."""
    glued = [word for word in searched_words(words) if is_glued(word)]
    if glued and (any(word in body.lower() for word in glued) or "**" not in headline):
        return substring_snippet(body, glued)
    return headline if "**" in headline else substring_snippet(body, words)


class SqliteSearch(Tables):
    """`search_chunks`, and the recall index's writes and searches."""

    def search_chunks(self, session_id: str, words: list[str], limit: int) -> list[tuple[str, str, float]]:
        if not words:
            return []
        with self.rows(transaction=False) as cur:
            rows = cur.execute(
                "SELECT title, contents, -bm25(document_chunks) AS score FROM document_chunks "
                "WHERE document_chunks MATCH ? AND thread_id = ? ORDER BY score DESC LIMIT ?",
                (text_match(words, "contents"), session_id, limit)).all()
        return [(row["title"], row["contents"], row["score"]) for row in rows]

    def recall_add(self, session_id: str, turn: int, day: str, record: TurnRecord, tokens: int,
                   vector: bytes | None = None, pieces: Sequence[str] = ()) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, vector, words) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id, turn) DO UPDATE SET day = excluded.day, "
                        "record = excluded.record, tokens = excluded.tokens, vector = excluded.vector, "
                        "words = excluded.words",
                        (session_id, turn, day, json.dumps(record, ensure_ascii=False), tokens, vector,
                         index_text(record_body(record))))
            store_pieces(cur, session_id, turn, pieces)

    def recall_search(self, session_id: str, words: list[str], below_turn: int,
                      limit: int) -> list[tuple[int, float, TurnRecord, int]]:
        if not words:
            return []
        with self.rows(transaction=False) as cur:
            rows = cur.execute(
                f"SELECT i.turn, -bm25(recall_fts, {BODY_WEIGHTS}) AS score, i.record, i.tokens FROM recall_fts "
                "JOIN recall_turns AS i ON i.id = recall_fts.rowid "
                "WHERE recall_fts MATCH ? AND i.thread_id = ? AND i.turn < ? ORDER BY score DESC LIMIT ?",
                (session_match(words, session_id), session_id, below_turn, limit)).all()
            rows += cur.execute(
                PIECE_HITS.format(where="p.thread_id = ? AND p.turn < ?") + "SELECT h.turn, MAX(h.score) AS score, "
                "i.record, i.tokens FROM hits AS h JOIN recall_turns AS i ON i.thread_id = ? AND i.turn = h.turn "
                "GROUP BY h.turn ORDER BY score DESC LIMIT ?",
                (text_match(words), session_id, below_turn, session_id, limit)).all()
        found = [(int(row["turn"]), float(row["score"]), json.loads(row["record"]), int(row["tokens"]))
                 for row in rows]
        return best_turns(found, limit)

    def search_turns(self, words: list[str], limit: int, owner: str = DEFAULT_OWNER) -> list[FoundTurn]:
        if not words:
            return []
        query = session_match(words, None)
        with self.rows(transaction=False) as cur:
            rows = cur.execute(
                "SELECT i.thread_id, COALESCE(NULLIF(s.title, ''), i.thread_id) AS title, i.turn, i.day, "
                f"snippet(recall_fts, 0, '**', '**', '…', {SNIPPET_TOKENS}) AS snippet, {body_of('i')} AS body, "
                f"-bm25(recall_fts, {BODY_WEIGHTS}) AS score FROM recall_fts "
                "JOIN recall_turns AS i ON i.id = recall_fts.rowid "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = i.thread_id "
                f"WHERE recall_fts MATCH ? AND recall_fts.rowid IN ({BEST_OWNED}) "
                f"ORDER BY bm25(recall_fts, {BODY_WEIGHTS})", (query, query, owner, owner, limit)).all()
            pieces = cur.execute(
                PIECE_HITS.format(where=OWNED_PIECE) + "SELECT h.thread_id, COALESCE(NULLIF(s.title, ''), "
                "h.thread_id) AS title, h.turn, i.day, h.body, MAX(h.score) AS score FROM hits AS h "
                "JOIN recall_turns AS i ON i.thread_id = h.thread_id AND i.turn = h.turn "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = h.thread_id "
                "GROUP BY h.thread_id, h.turn ORDER BY score DESC LIMIT ?", (query, owner, owner, limit)).all()
        found = [{"session_id": row["thread_id"], "title": row["title"], "turn": int(row["turn"]), "day": row["day"],
                  "snippet": snippet(row["snippet"], row["body"], words), "score": float(row["score"])}
                 for row in rows]
        return best_hits(found, [{**row, "session_id": row["thread_id"], "turn": int(row["turn"]),
                                  "score": float(row["score"])} for row in pieces], words, limit)
