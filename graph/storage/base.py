"""The storage interface, split by role so a caller can depend on just the role it uses; `Storage` is all
of them, which SQLite and PostgreSQL implement alike."""

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypedDict

from langgraph.checkpoint.base import BaseCheckpointSaver

from state.chat_state import SummaryRecord
from state.request_items import DocumentText, TurnRecord
from state.session import DocumentInfo, SessionInfo, SessionSettings

KEEP_CHECKPOINTS = 3


class DatabaseError(RuntimeError):
    """The database cannot be opened or written; the message says which and why."""


class FoundTurn(TypedDict):
    """A turn the search across chats found, as both backends return it to the session list's search."""

    session_id: str
    title: str  # the session's title (its id when it has none)
    turn: int
    day: str
    snippet: str  # an excerpt of the turn with the found word marked by **


class SessionLock(Protocol):
    """One turn at a time per session."""

    def session_lock(self, session_id: str, wait: bool = True) -> AbstractContextManager[bool]:
        """Serialize every state change of one session (across processes where the backend can).

        Yields True once held; with wait=False it yields False at once when someone else holds it.
        """


class SessionStore(Protocol):
    """The session list, titles and each session's settings."""

    def record_session(self, session_id: str, first_message: str, turns: int) -> None:
        """Note a session's activity and the gist of the first question it shows: an automatic title follows that
        gist when it changes (another version of the first question); a title the person chose stays."""

    def rename_session(self, session_id: str, title: str) -> None:
        """Give a session the title a person chose."""

    def session_title(self, session_id: str) -> str:
        """A session's stored title ('' when it has none yet)."""

    def replace_title(self, session_id: str, expected: str, title: str) -> bool:
        """Set a session's title only while it is still `expected` (a rename meanwhile wins); whether it did."""

    def list_sessions(self, owner: str = "") -> list[SessionInfo]:
        """Every session of `owner` with checkpoints, newest activity first ('' is the single-person default)."""

    def has_session(self, session_id: str) -> bool:
        """Whether the session exists (has been saved and not deleted)."""

    def load_settings(self, session_id: str) -> SessionSettings:
        """A session's own settings (defaults when never set)."""

    def save_settings(self, session_id: str, settings: SessionSettings) -> None:
        """Store a session's settings."""

    def delete_session(self, session_id: str) -> None:
        """Remove every row of a session in every table, checkpoints included."""


class SessionOwners(Protocol):
    """Whose each session is; '' is the single-person default and the owner of sessions stored before owners."""

    def session_owner(self, session_id: str) -> str | None:
        """The session's owner, or None when no session has this id."""

    def claim_session(self, session_id: str, owner: str) -> bool:
        """Make a new session `owner`'s (its first writer's); whether it is theirs now."""

    def assign_owner(self, owner: str) -> int:
        """Give every session of the default owner ('') to `owner`; returns how many."""


class TurnJournal(Protocol):
    """The input of a turn until its checkpoint holds it, so a crash loses no message."""

    def journal_write(self, session_id: str, row: dict[str, Any]) -> None:
        """Keep the input of the turn being run (JSON values by name, as the session builds them) until its
        checkpoint is saved."""

    def journal_read(self, session_id: str) -> dict[str, Any] | None:
        """The pending turn input of a session, if a run did not save it."""

    def journal_clear(self, session_id: str) -> None:
        """Forget a session's pending turn input."""


class PreparedSummaries(Protocol):
    """Summaries prepared ahead of the turn that applies them."""

    def prepared_put(self, key: str, session_id: str, record: SummaryRecord) -> None:
        """Keep a summary prepared ahead."""

    def prepared_has(self, key: str) -> bool:
        """Whether a summary prepared ahead waits under `key`."""

    def prepared_take(self, key: str) -> SummaryRecord | None:
        """The summary prepared ahead under `key`, removed; None when there is none."""

    def prepared_drop_from(self, session_id: str, first_turn: int) -> int:
        """Remove the session's summaries prepared ahead that cover `first_turn` or a later one (the turn was taken
        back); how many were removed."""


class DocumentStorage(Protocol):
    """A session's documents: small ones whole, larger ones as searchable chunks."""

    def add_document(self, session_id: str, title: str, tokens: int, mode: str, text: str,
                     chunks: list[str]) -> int:
        """Store a document (and its chunks when indexed); returns its id."""

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        """A session's documents, oldest first."""

    def remove_document(self, session_id: str, document_id: int) -> None:
        """Remove one document and its chunks."""

    def whole_documents(self, session_id: str) -> list[DocumentText]:
        """The small documents that ride in the context whole, as `{"title", "contents"}`."""

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has any document, without loading one (asked on every turn)."""

    def search_chunks(self, session_id: str, words: list[str], limit: int) -> list[tuple[str, str, float]]:
        """(title, contents, score) of the best chunks for any of `words`, best first."""


class RecallStorage(Protocol):
    """Every completed turn, indexed for recall and for the search over all sessions."""

    def recall_add(self, session_id: str, turn: int, day: str, record: TurnRecord, tokens: int,
                   vector: bytes | None = None, pieces: Sequence[str] = ()) -> None:
        """Index one completed turn: its record (user, tools, assistant: the indexed text is `record_body`),
        its embedding, and the whole text of a turn its record clips, in `pieces` (each searched like a turn, the
        turn found by its best)."""

    def recall_vectors(self, session_id: str, after_turn: int) -> list[tuple[int, bytes, int, str, TurnRecord]]:
        """(turn, vector, tokens, day, record) of a session's indexed turns after `after_turn`, in turn order
        (an empty vector for a turn stored without one)."""

    def recall_set_vector(self, session_id: str, turn: int, vector: bytes) -> None:
        """Store the vectors of a turn indexed without them."""

    def recall_records(self, session_id: str, turns: list[int]) -> dict[int, TurnRecord]:
        """The JSON records of these turns of a session."""

    def recall_last_turn(self, session_id: str) -> int:
        """The highest turn number indexed for a session (0 when none)."""

    def recall_remove_from(self, session_id: str, first_turn: int) -> None:
        """Take out a session's indexed turns from `first_turn` on (a turn taken back to be asked again)."""

    def recall_search(self, session_id: str, words: list[str], below_turn: int,
                      limit: int) -> list[tuple[int, float, TurnRecord, int]]:
        """(turn, score, record, tokens) of a session's best turns before `below_turn` for any of `words`."""

    def search_turns(self, words: list[str], limit: int, owner: str = "") -> list[FoundTurn]:
        """The best turns of every session of `owner`: session_id, title, turn, day and a highlighted snippet."""


class FactStorage(Protocol):
    """The facts listed about each summarized turn, recall's second key to it."""

    def facts_put(self, session_id: str, facts: dict[int, list[str]]) -> None:
        """Store the facts of these turns (an empty list: asked, none listed), replacing earlier ones."""

    def facts_remove(self, session_id: str, turns: list[int]) -> None:
        """Take back the facts of these turns (written for a session deleted meanwhile)."""

    def facts_after(self, session_id: str, after_turn: int) -> list[tuple[int, list[str]]]:
        """(turn, facts) of a session's turns after `after_turn`, in turn order."""

    def facts_last_turn(self, session_id: str) -> int:
        """The highest turn whose facts were asked for (0 when none)."""


class EntityStorage(Protocol):
    """The people, places and things each indexed turn names, recall's key between turns."""

    def entities_put(self, session_id: str, named: dict[int, list[str]]) -> None:
        """Store the entities these turns name (an empty list: the turn names none), replacing earlier ones."""

    def entities_after(self, session_id: str, after_turn: int) -> list[tuple[int, list[str]]]:
        """(turn, entities) of a session's turns after `after_turn` whose entities are stored, in turn order."""

    def entities_remove_from(self, session_id: str, first_turn: int) -> None:
        """Take out the entities of a session's turns from `first_turn` on (as `recall_remove_from`)."""


class Housekeeping(Protocol):
    """Keep the database small, say how big it is, and let it go."""

    def checkpoint_rows(self, session_id: str) -> list[tuple[str, str | None, dict[str, Any]]]:
        """(id, parent id, metadata) of each of a session's checkpoints: its tree of versions."""

    def prune_checkpoints(self, session_id: str, keep: int = KEEP_CHECKPOINTS) -> int:
        """Delete the checkpoints of a session no version needs (its `keep` newest stay); returns how many went."""

    def compact(self) -> None:
        """Give freed space back; skipped when the database is busy."""

    def size_bytes(self) -> int:
        """Bytes the database takes."""

    def close(self) -> None:
        """Release connections."""


class Storage(SessionLock, SessionStore, SessionOwners, TurnJournal, PreparedSummaries, DocumentStorage,
              RecallStorage, FactStorage, EntityStorage, Housekeeping, Protocol):
    """What the engine needs from a database, beside the checkpointer that shares it."""

    saver: BaseCheckpointSaver


ROLES: tuple[type, ...] = (SessionLock, SessionStore, SessionOwners, TurnJournal, PreparedSummaries,
                           DocumentStorage, RecallStorage, FactStorage, EntityStorage, Housekeeping)
