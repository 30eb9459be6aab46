"""The recall index: every completed turn is indexed, and the turns that answer the current message come
back into the context as dated excerpts, best first, as many as the budget holds. No LLM call."""

import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import date

import numpy as np
from langchain_core.messages import BaseMessage

from graph.recall.dates import date_asked, stated_date
from graph.recall.embeddings import embed_query, to_bytes
from graph.recall.entities import ENTITIES_PER_VECTOR, by_entities
from graph.recall.fusion import RARE_SHARE, feedback_words, fuse
from graph.recall.gather import GATHERED_AT, WHOLE_SHARE, gathers, line_meanings, line_similarity, matching_lines
from graph.recall.records import person_entities, said_lines, turn_body, turn_pieces, turn_record, user_text
from graph.recall.relations import with_related
from graph.recall.said import relays, speakers_named, without_names
from graph.recall.turn_keys import TurnKeys
from graph.recall.vectors import SessionVectors, best_first, record_texts, turn_vectors
from graph.request.tokens import count_text
from graph.request.words import query_words
from graph.storage import Storage
from prompt.recall import excerpt_text, record_json, undated
from state.request_items import RecalledTurn
from state.time_zones import day_in
from state.turns import split_turns

CANDIDATES = 200  # per ranking: fusion needs depth, the budget decides how many come back
MIN_SCORE = 0.5  # bm25 below this is a chance overlap of common words
MIN_SIMILARITY = 0.75  # a cosine below this is another subject (e5 reads everything as somewhat alike: turns
# about other things sit around 0.8, in every language; no turn a question asks about was below this)
CACHED_SESSIONS = 64
DATE_WEIGHT = 2  # the turns of the time a question names count as two rankings
BACKFILL_TURNS = 8  # turns embedded after one turn of an older session: about a second, after the answer
COMMON_SHARE = 0.75  # a word in more of the session's turns than this weighs next to nothing in bm25 (idf < 0.3)
COMMON_AFTER_TURNS = 20  # below this many turns every word is searched
TOKENS_PER_NEIGHBOURED = 500  # per this many tokens of budget one of the best turns brings the turns beside it
LOOKED_AT = 120  # turns read to fill one recall: far more than any budget holds as excerpts


class RecallIndex:
    """A session's completed turns in the storage's full-text index (word stems, bm25), each with its
    embedding and its date.

    Ranking fuses, by rank: the question's words (bm25), its meaning (sentence embeddings of each turn and of
    each line said in it), a second word search
    with rare words the first results share (feedback), and, when the question names a day or a month,
    the turns of that time.
    """

    def __init__(self, storage: Storage, min_score: float = MIN_SCORE,
                 min_similarity: float = MIN_SIMILARITY) -> None:
        self.storage, self.min_score, self.min_similarity = storage, min_score, min_similarity
        self._vectors: OrderedDict[str, SessionVectors] = OrderedDict()
        self._keys: OrderedDict[str, TurnKeys] = OrderedDict()
        self._lock = threading.Lock()

    def index_session(self, session_id: str, messages: Sequence[BaseMessage], day: str | None = None) -> int:
        """Index the completed turns not indexed yet (the last one after each turn; all, for an older session), each
        dated `day`: the day it is where the person is (the server's when not given). A message that opens with a
        pasted date is of that day, and so are the turns after it that go on relaying its conversation."""
        turns, _ = split_turns(messages)
        today = day or day_in("")
        start = self.storage.recall_last_turn(session_id)
        new = list(range(start + 1, len(turns) + 1))
        if not new:
            return 0
        vectors = turn_vectors([(user_text(turns[number - 1]), turn_body(turns[number - 1])) for number in new])
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
        """The session's turns, read once and then only the turns added since (bounded cache)."""
        with self._lock:
            known = self._vectors.pop(session_id, None) or SessionVectors()
            rows = self.storage.recall_vectors(session_id, known.last_turn)
            if rows:
                known = known.extended(rows, dict(self.storage.entities_after(session_id, known.last_turn)))
            self._vectors[session_id] = known
            while len(self._vectors) > CACHED_SESSIONS:
                self._vectors.popitem(last=False)
            return known

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
            self._vectors.pop(session_id, None)
            if (keys := self._keys.pop(session_id, None)) is not None:
                keys.close()

    def drop_from(self, session_id: str, first_turn: int) -> None:
        """Take the turns from `first_turn` on out of the index, with their listed facts (a turn taken back to
        be asked again is indexed afresh when it is answered)."""
        self.storage.recall_remove_from(session_id, first_turn)
        self.storage.entities_remove_from(session_id, first_turn)
        listed = self.storage.facts_after(session_id, first_turn - 1)
        self.storage.facts_remove(session_id, [turn for turn, _ in listed])
        self.forget(session_id)

    def _by_words(self, session_id: str, words: list[str], below_turn: int, tokens: dict[int, int],
                  known: SessionVectors) -> list[int]:
        """Earlier turns by bm25 over word stems, best first (chance overlaps of common words left out). Words said
        in most turns are not searched: they add almost nothing to a score, and each would make every turn a
        candidate, so a search would cost more the longer the session."""
        if len(known.turns) >= COMMON_AFTER_TURNS:
            most = COMMON_SHARE * len(known.turns)
            words = [word for word in words if known.turns_with[word] <= most]
        if not words:
            return []
        found = self.storage.recall_search(session_id, words, below_turn, CANDIDATES)
        tokens.update((turn, size) for turn, _, _, size in found)
        return [turn for turn, score, _, _ in found if score >= self.min_score]

    def backfill(self, session_id: str, limit: int = BACKFILL_TURNS) -> int:
        """Embed up to `limit` turns indexed without vectors (before this model, or while it was unavailable),
        from their stored records, and stores the entities of turns indexed before they were; run after a turn, so
        an older session gains them a few at a time."""
        known = self._session_vectors(session_id)
        if unnamed := known.without_entities[:limit * ENTITIES_PER_VECTOR]:
            self.storage.entities_put(session_id, {turn: sorted(known.named[turn]) for turn in unnamed})
            del known.without_entities[:len(unnamed)]
        missing = known.without_vectors[:limit]
        records = self.storage.recall_records(session_id, missing) if missing else {}
        vectors = turn_vectors([record_texts(record) for record in records.values()]) if records else None
        if not vectors:
            return 0
        for turn, matrix in zip(records, vectors, strict=True):
            self.storage.recall_set_vector(session_id, turn, to_bytes(matrix))
        with self._lock:
            self._vectors.pop(session_id, None)  # read again with the new vectors
        return len(vectors)

    def _by_meaning(self, known: SessionVectors, text: str, below_turn: int,
                    speakers: Sequence[str] = ()) -> list[list[int]]:
        """Earlier turns close in meaning to `text`, best first: by the whole turn, by its best line, and by the
        best line the speakers asked about said."""
        query = embed_query(text) if known.turns else None
        if query is None:
            return []
        similarity = known.matrix @ query
        whole = [known.turns[i] for i in best_first(similarity, CANDIDATES)
                 if known.turns[i] < below_turn and similarity[i] >= self.min_similarity]
        on_lines = known.lines @ query
        rankings = [whole, known.best_lines(on_lines, below_turn, CANDIDATES, self.min_similarity)]
        if speakers:
            said = np.where(known.said_by(speakers), on_lines, -1.0)
            rankings.append(known.best_lines(said, below_turn, CANDIDATES, self.min_similarity))
        return rankings

    def ranked(self, session_id: str, text: str, below_turn: int) -> tuple[list[int], dict[int, int]]:
        """Earlier turns best first for `text`, with each turn's tokens."""
        words = with_related(query_words(text))  # a relation's or a thing's other words in the language too
        if not words or below_turn <= 1:
            return [], {}
        known = self._session_vectors(session_id)
        tokens = dict(zip(known.turns, known.tokens, strict=True))
        keyword = self._by_words(session_id, words, below_turn, tokens, known)
        names = speakers_named(text, known.speakers)
        rankings = [keyword, *self._by_meaning(known, without_names(text, names), below_turn, names)]
        if keyed := self._session_keys(session_id).ranked(words, below_turn, self.min_score):
            rankings.append(keyed)  # the facts listed about the turns
        if extra := feedback_words(fuse(rankings), known.words, words, known.turns_with, len(known.turns)):
            rankings.append(self._by_words(session_id, [*words, *extra], below_turn, tokens, known))
        rankings += by_entities(text, known.named, known.turns_naming, names, rankings, below_turn)
        if asked := date_asked(text):
            days: dict[int, date | None] = dict(zip(known.turns, known.days, strict=True))
            dated = [turn for turn in fuse(rankings) if (day := days.get(turn)) and asked.covers(day)]
            rankings += [dated] * DATE_WEIGHT
        return fuse(rankings), tokens

    def names_earlier(self, session_id: str, text: str) -> bool:
        """Whether `text` names a word only a few of the session's turns said ("flood", "screenplay"): a question
        about it asks about what was said, though it names no one."""
        known = self._session_vectors(session_id)
        rare = max(1.0, len(known.turns) * RARE_SHARE)
        return any(0 < known.turns_with[word] <= rare for word in query_words(text))

    def recall(self, session_id: str, text: str, below_turn: int, budget_tokens: int,
               exclude: frozenset[int] = frozenset()) -> list[RecalledTurn]:
        """The best turns before `below_turn`, best first, each as its dated lines, as many as `budget_tokens`
        holds."""
        if budget_tokens <= 0:
            return []
        ranked, tokens = self.ranked(session_id, text, below_turn)
        known = self._session_vectors(session_id)
        meaning = line_similarity(known, text)
        similarity = meaning if gathers(text) else None
        order = [turn for turn in with_neighbours(ranked, below_turn, budget_tokens // TOKENS_PER_NEIGHBOURED)
                 if turn in tokens and turn not in exclude][:LOOKED_AT if similarity is None else GATHERED_AT]
        if similarity is not None and sum(tokens[turn] for turn in order) <= budget_tokens:
            similarity = None  # every candidate fits whole: nothing to gain from showing less of each
        records = self.storage.recall_records(session_id, order) if order else {}
        chosen: list[RecalledTurn] = []
        used, days = 0, set()
        for rank, turn in enumerate(order, 1):
            if turn not in records:
                continue
            said = lines = said_lines(records[turn])
            if similarity is not None and used > budget_tokens * WHOLE_SHARE:
                lines = matching_lines(known, similarity, turn, said) or said
            day = str(records[turn].get("date", ""))
            item: RecalledTurn = {"turn": turn, "rank": rank, "text": excerpt_text(turn, day, lines),
                                  "record": records[turn], "tokens": 0}
            item["tokens"] = size = count_text(undated(item) if day in days else item["text"]) + 1  # dated once a day
            if used + size > budget_tokens:
                continue
            if meaning is not None:  # each line's closeness to the question: a quote is chosen by meaning too
                item["meaning"] = line_meanings(known, meaning, turn, said)
            chosen.append(item)
            used += size
            days.add(day)
        return chosen


def with_neighbours(ranked: list[int], below_turn: int, count: int) -> list[int]:
    """The ranking with the turn after and the turn before each of the best `count` right behind it: an answer
    often sits in the turn beside the one that matches, and a larger budget has room for more of them."""
    order: dict[int, None] = {}
    for rank, turn in enumerate(ranked):
        for near in (turn, turn + 1, turn - 1) if rank < count else (turn,):
            if 0 < near < below_turn:
                order.setdefault(near, None)
    return list(order)
