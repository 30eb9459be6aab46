"""Documents: whole ones as rows, larger ones as chunks that each backend's full-text search ranks."""

from graph.storage.shared.common import utc_now
from graph.storage.shared.dialect import Tables
from state.request_items import DocumentText
from state.session import DocumentInfo
from state.words import index_text


class DocumentRows(Tables):
    """Rows of `documents` and `document_chunks`; `search_chunks` is the backend's own."""

    def add_document(self, session_id: str, title: str, tokens: int, mode: str, text: str,
                     chunks: list[str]) -> int:
        title = self.dialect.text(title)
        with self.rows() as cur:
            row = cur.execute("INSERT INTO documents (thread_id, title, tokens, mode, content, created_at) "
                              "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                              (session_id, title, tokens, mode, self.dialect.text(text), utc_now())).one()
            document_id = int(row["id"]) if row else 0
            cur.executemany("INSERT INTO document_chunks (contents, words, title, thread_id, document_id) "
                            "VALUES (?, ?, ?, ?, ?)",
                            [(self.dialect.text(chunk), self.dialect.text(index_text(chunk)), title, session_id,
                              document_id) for chunk in chunks])
        return document_id

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT id, title, tokens, mode FROM documents WHERE thread_id = ? ORDER BY id",
                               (session_id,)).all()
        return [DocumentInfo(int(row["id"]), row["title"], row["tokens"], row["mode"]) for row in rows]

    def remove_document(self, session_id: str, document_id: int) -> None:
        with self.rows() as cur:
            cur.execute("DELETE FROM document_chunks WHERE thread_id = ? AND document_id = ?",
                        (session_id, document_id))
            cur.execute("DELETE FROM documents WHERE thread_id = ? AND id = ?", (session_id, document_id))

    def whole_documents(self, session_id: str) -> list[DocumentText]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT title, content FROM documents WHERE thread_id = ? AND mode = 'whole' "
                               "ORDER BY id", (session_id,)).all()
        return [DocumentText(title=row["title"], contents=row["content"]) for row in rows]

    def has_documents(self, session_id: str) -> bool:
        with self.rows(transaction=False) as cur:
            return cur.execute("SELECT 1 AS found FROM documents WHERE thread_id = ? LIMIT 1",
                               (session_id,)).one() is not None
