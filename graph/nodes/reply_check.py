"""Tell a reply that only repeats the request's framing, or the assistant's own earlier reply, from an answer;
and hold such text back while it streams, so the person never sees it.

Text is compared by runs of words (Chinese and Japanese by character): a reply token is "copied" when one of
the word runs it sits in also occurs in the framing (or the earlier reply). Words the person wrote this turn
never count as framing.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Literal

from graph.request.framing import SHAPE, Framing

Verdict = Literal["framing", "repeat"] | None

RUN = 4             # words in a compared run
FRAMING_SHARE = 0.6  # a reply this much copied from the framing is no answer
HOLD_RUN = 6        # while streaming, a copied stretch this long is held back until the reply is judged
REPEAT_HOLD_RUN = 16  # the same for a stretch of an earlier reply (short ones are common phrases)
REPEAT_SHARE = 0.8  # a reply this much made of an earlier reply (and covering half of it) repeats it
MIN_REPEAT_TOKENS = 12  # short replies ("Sure, I can help with that.") may well come twice
SHAPE_REACH = 40  # characters before a new chunk that a JSON key or header split by it may start in
JUDGED_FROM = 16  # words: a reply held back this long is judged while it streams, and again every JUDGED_EVERY
JUDGED_EVERY = 8  # (or a quarter of its length, when more)
_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\W_]+|[^\w\s]")
_ASKED_TO_REPEAT = re.compile(
    r"\b(?:repeat|again|once more|one more time|same answer|say (?:it|that) back)\b|다시|반복|한 ?번 ?더|똑같이"
    r"|再说|重复|再一次|再讲|一遍", re.IGNORECASE)
_JSON_OPENING = re.compile(r"\s*(?:```json\s*)?(?:\{|\[\s*[{\"])", re.IGNORECASE)
OPENING_CHARS = 12  # enough to tell "```json\n{" from "```python" or "[1] says"


def opens_like_json(text: str) -> bool | None:
    """Whether a reply opens as a JSON object or list, as the request's documents and recalled turns do; None
    while it is too short to tell."""
    head = text.lstrip()
    if _JSON_OPENING.match(head):
        return True
    return None if len(head) < OPENING_CHARS and (not head or head[0] in "`[") else False


def tokens(text: str) -> list[str]:
    """Lower-cased words, CJK characters and punctuation marks, in order."""
    return [word.lower() for word in _TOKEN.findall(text)]


def runs(words: Sequence[str]) -> set[tuple[str, ...]]:
    """Every run of RUN consecutive tokens."""
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def copied(words: Sequence[str], known: set[tuple[str, ...]]) -> list[bool]:
    """For each token, whether a run it sits in is one of `known`."""
    mask = [False] * len(words)
    for i in range(len(words) - RUN + 1):
        if tuple(words[i:i + RUN]) in known:
            mask[i:i + RUN] = [True] * RUN
    return mask


def matched(before: Sequence[str], words: Sequence[str]) -> int:
    """How many tokens of `words` match `before`, in order."""
    return sum(block.size for block in SequenceMatcher(None, before, words, autojunk=False).get_matching_blocks())


def asked_to_repeat(text: str) -> bool:
    """Whether the person asked for the same again."""
    return bool(_ASKED_TO_REPEAT.search(text))


@dataclass(frozen=True)
class HeldJudgement:
    """What a held-back reply is so far."""

    no_answer: bool  # mostly framing and still copying it, or mostly earlier replies' words and still copying them
    follows_earlier: bool  # mostly earlier replies' word runs (on its way to repeating one); it may still leave them


@dataclass
class ReplyCheck:
    """What a reply of this turn must not merely copy."""

    always: set[tuple[str, ...]] = field(default_factory=set)
    shaped: set[tuple[str, ...]] = field(default_factory=set)
    earlier: list[list[str]] = field(default_factory=list)
    earlier_runs: set[tuple[str, ...]] = field(default_factory=set)
    json_asked: bool = False  # the person asked for JSON: a JSON answer is theirs

    @classmethod
    def for_turn(cls, framing: Framing, user_texts: Iterable[str], earlier_replies: Sequence[str]) -> "ReplyCheck":
        """The check of one turn: its framing without the person's own words, and the last replies unless the
        person asked for a repeat."""
        users = [*user_texts]
        own = set().union(*(runs(tokens(text)) for text in users))
        always = set().union(*(runs(tokens(text)) for text in framing.always)) - own
        shaped = set().union(*(runs(tokens(text)) for text in framing.shaped)) - own
        repeatable = any(asked_to_repeat(text) for text in users)
        earlier = [] if repeatable else [words for text in earlier_replies
                                         if len(words := tokens(text)) >= MIN_REPEAT_TOKENS]
        return cls(always, shaped, earlier, set().union(*(runs(words) for words in earlier)),
                   any("json" in text.lower() for text in users))

    def _framing_mask(self, words: list[str], shaped: bool) -> list[bool]:
        return copied(words, self.always | self.shaped if shaped else self.always)

    def verdict(self, text: str) -> Verdict:
        """"framing" when the reply is mostly the request's framing, "repeat" when it is an earlier reply again."""
        words, shaped = tokens(text), bool(SHAPE.search(text))
        if self._mostly_framing(text, words, shaped):
            return "framing"
        for before in self.earlier:
            same = matched(before, words)
            if same >= REPEAT_SHARE * len(words) and same >= len(before) / 2:
                return "repeat"  # the earlier reply again, or most of it
        return "repeat" if self.carries_on(words) else None

    def _mostly_framing(self, text: str, words: list[str], shaped: bool) -> bool:
        """Whether `words` (of `text`) are mostly the request's framing, or open as its JSON does."""
        if shaped and not self.json_asked and opens_like_json(text):
            return True  # the request's JSON imitated, if not copied
        return len(words) >= RUN and sum(self._framing_mask(words, shaped)) >= FRAMING_SHARE * len(words)

    def carries_on(self, words: Sequence[str]) -> bool:
        """Whether `words` begin with most of an earlier reply (a stopped reply finished instead): once true, true
        however the reply goes on."""
        return any(matched(before, words[:len(before) + len(before) // 4]) >= REPEAT_SHARE * len(before)
                   for before in self.earlier)

    def judge_held(self, text: str) -> "HeldJudgement":
        """A reply held back while it streams, judged so far: by word runs only, so a long reply can be judged
        often."""
        words, shaped = tokens(text), bool(SHAPE.search(text))
        mask = copied(words, self.earlier_runs) if self.earlier_runs else []
        share = sum(mask)
        repeating = any(mask[-REPEAT_HOLD_RUN:]) and share >= max(REPEAT_SHARE * len(words), 2 * REPEAT_HOLD_RUN)
        framing = self._mostly_framing(text, words, shaped) and self.framing_in(text[-SHAPE_REACH * 2:], shaped)
        return HeldJudgement(no_answer=repeating or framing, follows_earlier=share >= REPEAT_SHARE * len(words))

    def framing_in(self, text: str, shaped: bool) -> bool:
        """Whether `text` holds a stretch of the request's framing to hold back, or ends in one that may become so."""
        start, _ = held_from(self._framing_mask(tokens(text), shaped), HOLD_RUN)
        return start is not None

    def hold(self, text: str, shaped: bool) -> tuple[int, int, Verdict]:
        """For a reply still streaming: how much of `text` can be shown (up to the word before the first long
        copied stretch, or before the last words, which could still start one), where a later look may begin
        (all before it is settled), and what a long copied stretch found copies (nothing more is shown for now).

        A stretch of the request's framing is long at HOLD_RUN words; one of an earlier reply only at
        REPEAT_HOLD_RUN, so a stock opening ("I'm glad to hear that") held for a moment is shown once the reply
        goes its own way."""
        found = list(_TOKEN.finditer(text))
        words = [match.group().lower() for match in found]
        held, stalled_by = max(len(words) - RUN + 1, 0), None  # the last runs are not complete
        masks: list[tuple[list[bool], int, Verdict]] = [(self._framing_mask(words, shaped), HOLD_RUN, "framing")]
        if self.earlier_runs:
            masks.append((copied(words, self.earlier_runs), REPEAT_HOLD_RUN, "repeat"))
        for mask, long, kind in masks:
            start, stalled = held_from(mask, long)
            if start is not None:
                held, stalled_by = min(start, held), stalled_by or (kind if stalled else None)
        settled = max(held - REPEAT_HOLD_RUN - RUN, 0)
        return (found[held - 1].end() if held > 0 else 0), (found[settled].start() if found else 0), stalled_by


def held_from(mask: Sequence[bool], long: int) -> tuple[int | None, bool]:
    """Where the first copied stretch at least `long` tokens long starts (nothing after it is shown: True), or
    else where a copied stretch still growing at the end starts (it may become long: False); None when neither."""
    start = None
    for i, is_copied in enumerate(mask):
        if is_copied and start is None:
            start = i
        elif not is_copied:
            if start is not None and i - start >= long:
                return start, True
            start = None
    return start, start is not None and len(mask) - start >= long


class StreamGuard:
    """Passes a streaming reply's text on as far as it is safe to show, and keeps the rest for the verdict.

    Each chunk is looked at with the few words before it, not the whole reply again, so a long reply streams
    in linear time."""

    def __init__(self, check: ReplyCheck) -> None:
        self.check = check
        self.text = ""
        self.shown = 0
        self.settled = 0  # where the next look begins
        self.shaped = False
        self.stalled_by: Verdict = None  # what a long copied stretch or a JSON opening copies: the rest waits
        self.opening: bool | None = False if check.json_asked else None
        self.judged_at = JUDGED_FROM
        self.words = 0  # about how many words so far (a word split between chunks may count twice)
        self.doomed = False  # held back and already no answer: the model can stop writing it

    @property
    def stalled(self) -> bool:
        """Whether the rest of the reply waits for the verdict."""
        return self.stalled_by is not None

    def feed(self, chunk: str) -> str:
        """The part of the reply so far that can be shown now and was not shown yet."""
        reach = len(self.text) - SHAPE_REACH if self.opening is not None else 0  # all of it, once the opening is told
        self.text += chunk
        self.words += len(_TOKEN.findall(chunk))
        if self.opening is None:
            self.opening = opens_like_json(self.text)
            self.stalled_by = "framing" if self.opening else None
        if self.stalled:
            return self._judged()
        if self.opening is None:
            return ""
        self.shaped = self.shaped or bool(SHAPE.search(self.text, max(reach, 0)))
        end, settled, self.stalled_by = self.check.hold(self.text[self.settled:], self.shaped)
        end, self.settled = max(self.settled + end, self.shown), self.settled + settled
        ready, self.shown = self.text[self.shown:end], end
        return ready

    def _judged(self) -> str:
        """While held back, the reply so far is judged every JUDGED_EVERY words: no answer is `doomed`, and one
        held only for an earlier reply's words that no longer follows one is shown after all."""
        if self.words < self.judged_at:
            return ""
        self.judged_at = self.words + max(JUDGED_EVERY, self.words // 4)  # ever further apart: a long reply is judged
        # a few dozen times at most, not every few words (each look compares it with the earlier replies)
        judged = self.check.judge_held(self.text)
        if judged.no_answer:
            self.doomed = True
            return ""
        if self.stalled_by != "repeat" or judged.follows_earlier:
            return ""
        self.shaped = self.shaped or bool(SHAPE.search(self.text))
        if self.check.framing_in(self.text[self.shown:], self.shaped):
            return ""
        self.stalled_by, self.settled = None, list(_TOKEN.finditer(self.text))[-REPEAT_HOLD_RUN].start()
        return self.rest()

    def rest(self) -> str:
        """What was held back, once the reply is judged an answer."""
        ready, self.shown = self.text[self.shown:], len(self.text)
        return ready
