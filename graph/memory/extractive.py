"""A summary made of the conversation's own sentences, for a model too small to summarize (the bundled one):
nothing invented (the person's sentences and tool results, never the small model's own claims), the sentences
that carry facts (names, numbers, dates, tool results) chosen first, kept in their order, and the whole held to
the target length within 10%."""

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from graph.request.words import query_words

SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])|\n")  # "2.5" and "e.g.x" stay whole
NUMBER = re.compile(r"\d|[一二三四五六七八九十百千万两]")
NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")
MONTHS = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|[월일년月日年]", re.IGNORECASE)
FILLER = frozenset("hi hello hey thanks thank ok okay sure great cool wow yes yeah nice awesome bye".split())
TOLERANCE = 0.1
ASSISTANT = "Assistant"
DIGITS = re.compile(r"\d[\d,.]*\d|\d")
MIN_SENTENCE_CHARS = 12


@dataclass(frozen=True)
class Sentence:
    """One sentence of the transcript: who said it, where, and how much it carries."""

    position: int
    speaker: str
    text: str
    score: float


def told_or_looked_up(found: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """What a summary may keep: everything but the assistant's sentences, except those that give a tool's result
    (a small model's own words are as often invented as not, and a summary would repeat them as fact)."""
    looked_up = {number for speaker, text in found if speaker == "Tool" for number in DIGITS.findall(text)}
    return [(speaker, text) for speaker, text in found
            if speaker != ASSISTANT or looked_up & set(DIGITS.findall(text))]


def sentences_of(lines: Sequence[tuple[str, str]]) -> list[Sentence]:
    """The (speaker, text) lines cut into sentences, each scored by what it carries."""
    found = [(speaker, part.strip()) for speaker, text in lines for part in SENTENCE_END.split(text)]
    found = told_or_looked_up([(speaker, text) for speaker, text in found if text])
    counts = Counter(word for _, text in found for word in set(query_words(text)))
    return [Sentence(index, speaker, text, _score(speaker, text, counts))
            for index, (speaker, text) in enumerate(found)]


def _score(speaker: str, text: str, counts: Counter[str]) -> float:
    """Facts first: numbers, dates, names and tool results; then words the block repeats; filler last."""
    words = query_words(text)
    if len(text) < MIN_SENTENCE_CHARS or not words or set(words) <= FILLER:
        return 0.0
    score = 2.0 * bool(NUMBER.search(text)) + 1.5 * bool(MONTHS.search(text)) + 1.0 * len(NAME.findall(text))
    score += 2.0 * (speaker == "Tool") + sum(min(counts[word], 3) for word in words) / (len(words) + 4)
    return score - 0.5 * text.rstrip().endswith(("?", "？"))


def extractive_summary(lines: Sequence[tuple[str, str]], target_chars: int) -> str:
    """The best sentences in their order, as `Speaker: ...` lines, about `target_chars` long (±10%)."""
    sentences = sentences_of(lines)
    low, high = target_chars * (1 - TOLERANCE), target_chars * (1 + TOLERANCE)
    chosen: list[Sentence] = []
    best_first = sorted(sentences, key=lambda s: (-s.score, s.position))
    for sentence in best_first:
        trial = sorted([*chosen, sentence], key=lambda s: s.position)
        if len(_render(trial)) <= high:
            chosen = trial
        if len(_render(chosen)) >= low:
            return _render(chosen)
    return _filled(chosen, best_first, target_chars, low, high) or (
        nearest(best_first[0].text, high) if best_first else "")


def nearest(text: str, high: float) -> str:
    """A target too small for any sentence still gets the nearest answer (never none, which would be asked again
    every turn): the text's start within the target, or its first character."""
    room = max(int(high), 1)
    return cut_at_word(text, room) or text.strip()[:room]


def _filled(chosen: list[Sentence], best_first: list[Sentence], target_chars: int, low: float, high: float) -> str:
    """Chosen sentences still short of the target: the start of another sentence added, cut at a word, or put in
    place of the least telling chosen one when the room left is too small for it; the first that lands within
    the tolerance, else the longest that does not overshoot."""
    best = _render(chosen)
    bases = [chosen, *([s for s in chosen if s is not dropped] for dropped in sorted(chosen, key=lambda s: s.score))]
    for base in bases:
        left = int(target_chars - len(_render(base)))
        for sentence in best_first:
            if sentence in base:
                continue
            room = left - len(sentence.speaker) - 3
            if not (cut := cut_at_word(sentence.text, room)):
                continue
            trial = _render(sorted([*base, Sentence(sentence.position, sentence.speaker, cut, 0.0)],
                                   key=lambda s: s.position))
            if low <= len(trial) <= high:
                return trial
            if len(best) < len(trial) <= high:
                best = trial
    return best


def cut_at_word(text: str, room: int, shortest: int | None = None) -> str:
    """The start of a text within `room` characters, marked with …: cut at a word boundary when one lies past
    `shortest` characters (half the room by default), else hard (Chinese has no spaces)."""
    if room <= 3:
        return ""
    head = text[: room - 1]
    space = head.rfind(" ")
    return (head[:space] if space > (room // 2 if shortest is None else shortest) else head).rstrip() + "…"


def _render(sentences: Sequence[Sentence]) -> str:
    """Consecutive sentences of one speaker on one line."""
    lines: list[str] = []
    speaker = None
    for sentence in sentences:
        if sentence.speaker == speaker:
            lines[-1] += ("" if lines[-1].endswith(("。", "！", "？")) else " ") + sentence.text
        else:
            lines.append(f"{sentence.speaker}: {sentence.text}")
            speaker = sentence.speaker
    return "\n".join(lines)


class ExtractiveSummarizer:
    """Stands in for the summary model where the model cannot summarize: the planner's summaries and merges
    are made from the text's own sentences, at once and without a model call."""

    def summarize(self, lines: Sequence[tuple[str, str]], target_chars: int) -> str:
        """A summary of these (speaker, text) lines, about `target_chars` long."""
        return extractive_summary(lines, target_chars)


def summary_lines(text: str) -> list[tuple[str, str]]:
    """A summary's `Speaker: ...` lines back as (speaker, text), for a new version or a merge of it."""
    lines = []
    for line in text.splitlines():
        speaker, colon, rest = line.partition(": ")
        lines.append((speaker, rest) if colon and speaker.isalpha() and len(speaker) <= 12 else ("Summary", line))
    return lines
