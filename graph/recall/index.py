"""The recall index: every completed turn is indexed, and the turns that answer the current message come
back into the context as dated excerpts, best first, as many as the budget holds. No LLM call."""

from collections.abc import Sequence
from datetime import date

import numpy as np

from graph.recall.dates import date_asked
from graph.recall.embeddings import embed_query
from graph.recall.entities import by_entities
from graph.recall.fusion import RARE_SHARE, feedback_words, fuse
from graph.recall.gather import GATHERED_AT, WHOLE_SHARE, gathers, line_meanings, line_similarity, matching_lines
from graph.recall.indexed import IndexedTurns
from graph.recall.records import said_lines
from graph.recall.relations import with_related
from graph.recall.said import speakers_named, without_names
from graph.recall.vectors import SessionVectors, best_first
from graph.request.tokens import count_text
from graph.request.words import query_words
from graph.storage import Storage
from prompt.recall import excerpt_text, undated
from state.request_items import RecalledTurn

CANDIDATES = 200  # per ranking: fusion needs depth, the budget decides how many come back
MIN_SCORE = 0.5  # bm25 below this is a chance overlap of common words
MIN_SIMILARITY = 0.75  # a cosine below this is another subject (e5 reads everything as somewhat alike: turns
# about other things sit around 0.8, in every language; no turn a question asks about was below this)
DATE_WEIGHT = 2  # the turns of the time a question names count as two rankings
COMMON_SHARE = 0.75  # a word in more of the session's turns than this weighs next to nothing in bm25 (idf < 0.3)
COMMON_AFTER_TURNS = 20  # below this many turns every word is searched
TOKENS_PER_NEIGHBOURED = 500  # per this many tokens of budget one of the best turns brings the turns beside it
LOOKED_AT = 120  # turns read to fill one recall: far more than any budget holds as excerpts


class RecallIndex(IndexedTurns):
    """The turns that answer a message, found among the session's indexed turns.

    Ranking fuses, by rank: the question's words (bm25), its meaning (sentence embeddings of each turn and of
    each line said in it), a second word search
    with rare words the first results share (feedback), and, when the question names a day or a month,
    the turns of that time.
    """

    def __init__(self, storage: Storage, min_score: float = MIN_SCORE,
                 min_similarity: float = MIN_SIMILARITY) -> None:
        super().__init__(storage)
        self.min_score, self.min_similarity = min_score, min_similarity

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
        if not ranked:  # nothing earlier matches (or every turn is still raw): no line is compared with the question
            return []
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
