"""A session's turns as recall reads them: indexed once each (words, vectors, date), written one pass at a time per
session, and read through a bounded cache that only reads what was added since."""

import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from graph.recall.dates import stated_date
from graph.recall.embeddings import from_bytes, to_bytes
from graph.recall.entities import ENTITIES_PER_VECTOR
from graph.recall.records import person_entities, turn_body, turn_pieces, turn_record, user_text
from graph.recall.said import relays
from graph.recall.turn_keys import TurnKeys
from graph.recall.vectors import SessionVectors, record_texts, turn_vectors
from graph.request.tokens import count_text
from graph.storage import Storage
from prompt.recall import record_json
from state.time_zones import day_in
from state.turns import split_turns

CACHED_SESSIONS = 64
BACKFILL_TURNS = 8  # turns embedded after one turn of an older session: about a second, after the answer


class _SessionWriter:
    """The lock one session's passes take turns with; kept only while a pass holds or waits for it, so a server up
    for months keeps none for the sessions it served once."""

    __slots__ = ("lock", "__weakref__")

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def __enter__(self) -> "_SessionWriter":  # the with-block keeps the writer, and so its lock, alive
        self.lock.acquire()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.lock.release()


class IndexedTurns:
    """A session's completed turns in the storage's full-text index, each with its vectors and its date.

    A session's turns are written by one pass at a time (the pass after a reply, recall reaching turns not indexed
    yet, older turns gaining vectors, turns taken back), so a turn is embedded once and a pass never interleaves with
    another. A turn taken back, or another version shown, starts a new generation: a pass that read the session
    before it writes nothing.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._vectors: OrderedDict[str, SessionVectors] = OrderedDict()
        self._keys: OrderedDict[str, TurnKeys] = OrderedDict()
        self._lock = threading.Lock()
        self._writing: weakref.WeakValueDictionary[str, _SessionWriter] = weakref.WeakValueDictionary()
        self._generations: dict[str, int] = {}
        self._changes = 0  # how often a session's cached turns were made stale (any session: one count, bounded)

    def generation(self, session_id: str) -> int:
        """How many times the session's indexed turns were taken back: read with the messages a pass will index."""
        with self._lock:
            return self._generations.get(session_id, 0)

    def _writer(self, session_id: str) -> _SessionWriter:
        """The lock one pass over the session's turns holds while it writes them (one object while any pass has it)."""
        with self._lock:
            writer = self._writing.get(session_id)
            if writer is None:
                writer = self._writing[session_id] = _SessionWriter()
            return writer

    def index_session(self, session_id: str, messages: Sequence[BaseMessage], day: str | None = None,
                      through: int | None = None, generation: int | None = None, wait: float | None = None,
                      embed: bool = True) -> int:
        """Index the completed turns not indexed yet, up to turn `through` (all when None), each dated `day`: the day
        it is where the person is (the server's when not given). A message that opens with a pasted date is of that
        day, and so are the turns after it that go on relaying its conversation. Nothing is written when the
        session's turns were taken back since `generation` was read with `messages`, nor when another pass still
        writes the session after `wait` seconds (it takes these turns too; None waits for it). Without `embed` the
        turns are found by their words at once and gain their sentence vectors with `backfill`."""
        turns, _ = split_turns(messages)
        last = len(turns) if through is None else min(through, len(turns))
        if self.storage.recall_last_turn(session_id) >= last:
            return 0
        writer = self._writer(session_id)
        if not writer.lock.acquire(timeout=-1 if wait is None else wait):
            return 0
        try:
            if generation is not None and generation != self.generation(session_id):
                return 0
            return self._index_new(session_id, turns, day or day_in(""), last, embed)
        finally:
            writer.lock.release()

    def _index_new(self, session_id: str, turns: Sequence[Sequence[BaseMessage]], today: str, last: int,
                   embed: bool = True) -> int:
        """Write the turns after the last one indexed, through `last` (with their vectors when `embed`); the caller
        holds the session's writer."""
        start = self.storage.recall_last_turn(session_id)
        new = list(range(start + 1, last + 1))
        if not new:
            return 0
        vectors = turn_vectors([(user_text(turns[number - 1]), turn_body(turns[number - 1]))
                                for number in new]) if embed else None
        carried = self._carried_date(session_id, start, today)
        named: dict[int, list[str]] = {}
        known = set(self._session_vectors(session_id).turns_naming)  # a name said before may open a sentence
        for offset, number in enumerate(new):
            said = user_text(turns[number - 1])
            stated = stated_date(said)
            carried = stated.isoformat() if stated else carried if relays(said) else None  # the person's own: today's
            record = turn_record(number, carried or today, turns[number - 1], said_on=today)
            tokens = count_text(record_json(record))
            vector = to_bytes(vectors[offset]) if vectors is not None else None
            self.storage.recall_add(session_id, number, today, record, tokens, vector, turn_pieces(turns[number - 1]))
            named[number] = sorted(person_entities(record, known))
            known.update(named[number])
        self.storage.entities_put(session_id, named)
        return len(new)

    def _carried_date(self, session_id: str, last_turn: int, today: str) -> str | None:
        """The date the last indexed turn stated (or carried), when it was indexed today: the turns after a
        dated message that go on relaying its conversation belong to its day, as in a conversation being imported."""
        rows = self.storage.recall_vectors(session_id, last_turn - 1) if last_turn else []
        if not rows or rows[0][0] != last_turn:
            return None
        _, _, _, indexed_on, record = rows[0]
        return None if indexed_on != today or record.get("date") in (None, today) else record["date"]

    def _session_vectors(self, session_id: str) -> SessionVectors:
        """The session's turns, read once and then only the turns added since (bounded cache). Storage is read and
        the turns added with no lock held, so sessions are searched at once; a copy read before the session's turns
        changed (taken back, given vectors) is used once and not kept, and one no newer than the cached turns leaves
        them (vectors may have come to them in place)."""
        with self._lock:
            known = self._vectors.get(session_id) or SessionVectors()
            changes = self._changes
        rows = self.storage.recall_vectors(session_id, known.last_turn)
        if rows:
            known = known.extended(rows, dict(self.storage.entities_after(session_id, known.last_turn)))
        with self._lock:
            cached = self._vectors.get(session_id)
            if self._changes == changes and (cached is None or cached.last_turn < known.last_turn):
                self._vectors[session_id] = known
            if session_id in self._vectors:
                self._vectors.move_to_end(session_id)
            while len(self._vectors) > CACHED_SESSIONS:
                self._vectors.popitem(last=False)
        return known

    def _changed(self, session_id: str) -> None:
        """The session's indexed turns changed other than by new turns: its cached copy is read again; the caller
        holds the cache's lock."""
        self._vectors.pop(session_id, None)
        self._changes += 1

    def _session_keys(self, session_id: str) -> TurnKeys:
        """The facts listed about the session's turns, searchable; read once, then only the new ones."""
        with self._lock:
            known = self._keys.pop(session_id, None) or TurnKeys()
            known.add(self.storage.facts_after(session_id, known.last_turn))
            self._keys[session_id] = known
            while len(self._keys) > CACHED_SESSIONS:
                self._keys.popitem(last=False)[1].close()
            return known

    def forget(self, session_id: str) -> None:
        """Drop a deleted session's cached turns and keys."""
        with self._lock:
            self._changed(session_id)
            if (keys := self._keys.pop(session_id, None)) is not None:
                keys.close()

    def drop_from(self, session_id: str, first_turn: int) -> None:
        """Take the turns from `first_turn` on out of the index, with their listed facts (a turn taken back to
        be asked again is indexed afresh when it is answered), after any pass writing them; passes that read the
        session before write nothing."""
        with self._writer(session_id):
            with self._lock:
                self._generations[session_id] = self._generations.get(session_id, 0) + 1
            self.storage.recall_remove_from(session_id, first_turn)
            self.storage.entities_remove_from(session_id, first_turn)
            listed = self.storage.facts_after(session_id, first_turn - 1)
            self.storage.facts_remove(session_id, [turn for turn, _ in listed])
            self.forget(session_id)

    def backfill(self, session_id: str, limit: int = BACKFILL_TURNS) -> int:
        """Embed up to `limit` turns indexed without vectors, the newest first (a turn just answered, one indexed
        before this model or while it was unavailable), from their stored records, and store the entities of turns
        indexed before they were; run after a turn, at the priority of work nobody waits for, so a session's turns
        gain them a few at a time."""
        with self._writer(session_id):
            return self._backfilled(session_id, limit)

    def _backfilled(self, session_id: str, limit: int) -> int:
        """Embed and store what `backfill` adds, and put the vectors in the session's cached turns (read again only
        where they do not fit there); the caller holds the session's writer."""
        known = self._session_vectors(session_id)
        if unnamed := known.without_entities[:limit * ENTITIES_PER_VECTOR]:
            self.storage.entities_put(session_id, {turn: sorted(known.named[turn]) for turn in unnamed})
            del known.without_entities[:len(unnamed)]
        missing = known.without_vectors[-limit:][::-1] if limit > 0 else []
        records = self.storage.recall_records(session_id, missing) if missing else {}
        vectors = turn_vectors([record_texts(record) for record in records.values()]) if records else None
        if not vectors:
            return 0
        stored = {turn: to_bytes(matrix) for turn, matrix in zip(records, vectors, strict=True)}
        for turn, blob in stored.items():
            self.storage.recall_set_vector(session_id, turn, blob)
        with self._lock:
            cached = self._vectors.get(session_id)
            filled = [cached is not None and cached.fill(turn, from_bytes(blob)) for turn, blob in stored.items()]
            if not all(filled):
                self._changed(session_id)  # read again with the new vectors
        return len(vectors)
