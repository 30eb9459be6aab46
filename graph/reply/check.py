"""Tell a reply that only repeats the request's framing, or the assistant's own earlier reply, from an answer, and
say how much of one still streaming can be shown. Compared by word runs (`graph.reply.copies`); words the person
wrote this turn never count as framing."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from langchain_core.messages import BaseMessage, HumanMessage

from graph.reply.copies import (
    RUN,
    TOKEN,
    asked_to_repeat,
    copied,
    held_from,
    matched,
    open_from,
    opens_like_json,
    run_openings,
    runs,
    tokens,
    whole_tokens,
)
from graph.reply.framing import SHAPE, Framing, request_framing
from graph.request.budget import RequestParts
from state import ChatState
from state.turns import STOPPED_MARK, message_text, split_turns

Verdict = Literal["framing", "repeat"] | None

FRAMING_SHARE = 0.6  # a reply this much copied from the framing is no answer
HOLD_RUN = 6        # while streaming, a copied stretch this long is held back until the reply is judged
REPEAT_HOLD_RUN = 16  # the same for a stretch of an earlier reply (short ones are common phrases)
REPEAT_SHARE = 0.8  # a reply this much made of an earlier reply (and covering half of it) repeats it
MIN_REPEAT_TOKENS = 12  # short replies ("Sure, I can help with that.") may well come twice
MIN_COPY_TOKENS = 6  # but one this long, or with a figure (a time, a result), given again word for word copies
SHAPE_REACH = 40  # characters before a new chunk that a JSON key or header split by it may start in


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
    copies: set[tuple[str, ...]] = field(default_factory=set)  # earlier replies word for word, the stop mark left out
    _openings: dict[bool, set[tuple[str, ...]]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def for_turn(cls, framing: Framing, user_texts: Iterable[str], earlier_replies: Sequence[str],
                 other_answers: Sequence[str] = ()) -> "ReplyCheck":
        """The check of one turn: its framing without the person's own words, and the last replies unless the
        person asked for a repeat (`other_answers`: those among them that answered another question)."""
        users = [*user_texts]
        own = set().union(*(runs(tokens(text)) for text in users))
        always = set().union(*(runs(tokens(text)) for text in framing.always)) - own
        shaped = set().union(*(runs(tokens(text)) for text in framing.shaped)) - own
        repeatable = any(asked_to_repeat(text) for text in users)
        earlier = [] if repeatable else [words for text in earlier_replies
                                         if len(words := tokens(text)) >= MIN_REPEAT_TOKENS]
        copies = set() if repeatable else {key for text in other_answers if (key := copy_key(text))
                                           and (len(key) >= MIN_COPY_TOKENS or _has_figure(key))}
        return cls(always, shaped, earlier, set().union(*(runs(words) for words in earlier)),
                   any("json" in text.lower() for text in users), copies)

    def _framing_mask(self, words: list[str], shaped: bool) -> list[bool]:
        return copied(words, self.always | self.shaped if shaped else self.always)

    def _run_openings(self, shaped: bool) -> set[tuple[str, ...]]:
        """The openings of every run a streaming reply is held back for, made once a turn."""
        if shaped not in self._openings:
            known = self.always | self.shaped if shaped else self.always
            self._openings[shaped] = run_openings(known | self.earlier_runs)
        return self._openings[shaped]

    def verdict(self, text: str) -> Verdict:
        """"framing" when the reply is mostly the request's framing, "repeat" when it is an earlier reply again."""
        words, shaped = tokens(text), bool(SHAPE.search(text))
        if self._mostly_framing(text, words, shaped):
            return "framing"
        if copy_key(text) in self.copies:
            return "repeat"  # another turn's answer given again, however short: not this question's
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
        copied stretch, or before the last words, which could still start one: the first word is shown as soon as it
        is whole and opens no known run), where a later look may begin
        (all before it is settled), and what a long copied stretch found copies (nothing more is shown for now).

        A stretch of the request's framing is long at HOLD_RUN words; one of an earlier reply only at
        REPEAT_HOLD_RUN, so a stock opening ("I'm glad to hear that") held for a moment is shown once the reply
        goes its own way."""
        found = list(TOKEN.finditer(text))
        words = [match.group().lower() for match in found]
        whole = whole_tokens(text, len(words))  # the last runs are not complete: the words that may still begin a
        held, stalled_by = open_from(words, whole, self._run_openings(shaped)), None  # copy wait, the others not
        masks: list[tuple[list[bool], int, Verdict]] = [(self._framing_mask(words, shaped), HOLD_RUN, "framing")]
        if self.earlier_runs:
            masks.append((copied(words, self.earlier_runs), REPEAT_HOLD_RUN, "repeat"))
        for mask, long, kind in masks:
            start, stalled = held_from(mask, long)
            if start is not None:
                held, stalled_by = min(start, held), stalled_by or (kind if stalled else None)
        settled = max(held - REPEAT_HOLD_RUN - RUN, 0)
        return (found[held - 1].end() if held > 0 else 0), (found[settled].start() if found else 0), stalled_by


def _has_figure(words: tuple[str, ...]) -> bool:
    """Whether a reply gives a figure (a result, a date, a time): one question's own, however short the reply."""
    return any(word.isdigit() for word in words)


def copy_key(text: str) -> tuple[str, ...]:
    """A reply's words as compared with an earlier reply's: words and numbers only (a short "I'm fine & well" is
    not made long by its marks), the stop mark the app wrote after one left out."""
    return tuple(token for token in tokens(text.replace(STOPPED_MARK, " ")) if any(c.isalnum() for c in token))


EARLIER_REPLIES = 3  # a reply is checked against this many replies before it


def turn_check(state: ChatState, system_prompt: str, parts: RequestParts, context: list[BaseMessage]) -> ReplyCheck:
    """What this turn's reply must not merely copy: the request's framing, and the last replies before it (a
    greeting or thanks may well get the same answer twice)."""
    turns, current = split_turns(state.get("messages", []))
    earlier = turns[-EARLIER_REPLIES:] if state.get("route") != "casual" else []
    replies = [message_text(turn[-1]).rstrip(STOPPED_MARK + " ") for turn in earlier]
    users = [message_text(message) for message in current if isinstance(message, HumanMessage)]
    others = [reply for turn, reply in zip(earlier, replies, strict=True) if message_text(turn[0]) not in users]
    return ReplyCheck.for_turn(request_framing(system_prompt, parts, context), users, replies, others)
