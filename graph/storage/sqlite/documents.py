"""Documents in SQLite: whole ones as rows, larger ones chunked into an FTS5 table ranked by bm25."""

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.sqlite.sessions import utc_now
from state.session import DocumentInfo


def fts_query(words: list[str]) -> str:
    """Words as an FTS5 OR-query; quoting keeps user text from being FTS syntax."""
    return " OR ".join('"' + word.replace('"', '""') + '"' for word in words)


class SqliteDocuments:
    """Rows of `documents` and `document_chunks`."""

    db: SqliteSaver

    def add_document(self, session_id: str, title: str, tokens: int, mode: str, text: str,
                     chunks: list[str]) -> int:
        with self.db.cursor() as cur:
            cur.execute("INSERT INTO documents (thread_id, title, tokens, mode, content, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (session_id, title, tokens, mode, text, utc_now()))
            document_id = int(cur.lastrowid or 0)
            cur.executemany("INSERT INTO document_chunks (contents, title, thread_id, document_id) VALUES (?, ?, ?, ?)",
                            [(chunk, title, session_id, document_id) for chunk in chunks])
        return document_id

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT id, title, tokens, mode FROM documents WHERE thread_id = ? ORDER BY id",
                               (session_id,)).fetchall()
        return [DocumentInfo(*row) for row in rows]

    def remove_document(self, session_id: str, document_id: int) -> None:
        with self.db.cursor() as cur:
            cur.execute("DELETE FROM documents WHERE thread_id = ? AND id = ?", (session_id, document_id))
            cur.execute("DELETE FROM document_chunks WHERE thread_id = ? AND document_id = ?",
                        (session_id, document_id))

    def whole_documents(self, session_id: str) -> list[dict]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT title, content FROM documents WHERE thread_id = ? AND mode = 'whole' "
                               "ORDER BY id", (session_id,)).fetchall()
        return [{"title": title, "contents": content} for title, content in rows]

    def has_documents(self, session_id: str) -> bool:
        with self.db.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM documents WHERE thread_id = ? LIMIT 1",
                               (session_id,)).fetchone() is not None

    def search_chunks(self, session_id: str, words: list[str], limit: int) -> list[tuple[str, str, float]]:
        if not words:
            return []
        with self.db.cursor(transaction=False) as cur:
            return cur.execute(
                "SELECT title, contents, -bm25(document_chunks) AS score FROM document_chunks "
                "WHERE document_chunks MATCH ? AND thread_id = ? ORDER BY score DESC LIMIT ?",
                (fts_query(words), session_id, limit),
            ).fetchall()
