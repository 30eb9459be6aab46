"""Documents in PostgreSQL: whole ones as rows, larger ones chunked, found by words or by trigrams."""

from graph.storage.postgres.connection import Database
from graph.storage.postgres.ranking import ranked_sql, search_params, search_terms
from graph.storage.postgres.text import clean
from graph.storage.sqlite.sessions import utc_now
from state.session import DocumentInfo


class PostgresDocuments:
    """Rows of `documents` and `document_chunks`."""

    db: Database

    def add_document(self, session_id: str, title: str, tokens: int, mode: str, text: str,
                     chunks: list[str]) -> int:
        title = clean(title)
        with self.db.cursor() as cur:
            row = cur.execute("INSERT INTO documents (thread_id, title, tokens, mode, content, created_at) "
                              "VALUES (%s, %s, %s, %s, %s, %s) RETURNING id",
                              (session_id, title, tokens, mode, clean(text), utc_now())).fetchone()
            document_id = int(row["id"]) if row else 0
            cur.executemany("INSERT INTO document_chunks (contents, title, thread_id, document_id) "
                            "VALUES (%s, %s, %s, %s)",
                            [(clean(chunk), title, session_id, document_id) for chunk in chunks])
        return document_id

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT id, title, tokens, mode FROM documents WHERE thread_id = %s ORDER BY id",
                               (session_id,)).fetchall()
        return [DocumentInfo(int(row["id"]), row["title"], row["tokens"], row["mode"]) for row in rows]

    def remove_document(self, session_id: str, document_id: int) -> None:
        with self.db.cursor() as cur:
            cur.execute("DELETE FROM document_chunks WHERE thread_id = %s AND document_id = %s",
                        (session_id, document_id))
            cur.execute("DELETE FROM documents WHERE thread_id = %s AND id = %s", (session_id, document_id))

    def whole_documents(self, session_id: str) -> list[dict]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT title, content FROM documents WHERE thread_id = %s AND mode = 'whole' "
                               "ORDER BY id", (session_id,)).fetchall()
        return [{"title": row["title"], "contents": row["content"]} for row in rows]

    def has_documents(self, session_id: str) -> bool:
        with self.db.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM documents WHERE thread_id = %s LIMIT 1",
                               (session_id,)).fetchone() is not None

    def search_chunks(self, session_id: str, words: list[str], limit: int) -> list[tuple[str, str, float]]:
        if not search_terms(words) or limit <= 0:
            return []
        sql = ranked_sql("document_chunks", "contents", "contents_tsv", "t.thread_id = %(session)s",
                         "c.title, c.contents", words)
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(sql, search_params(words, session=session_id, limit=limit)).fetchall()
        return [(row["title"], row["contents"], float(row["score"])) for row in rows]
