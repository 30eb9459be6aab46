"""A summary made of the conversation's own sentences, for a model too small to summarize (the bundled one):
nothing invented (the person's sentences and tool results, never the small model's own claims), the sentences
that carry facts (what the person tells of themselves: names, numbers, dates, the people and things of their life;
then tool results) chosen first, kept in their order, labelled in the page's language, and the whole held to the
target length within 10%."""

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from graph.memory.summary_labels import ASSISTANT, PERSON, SUMMARY, is_tool, label, speaker_of, summary_language
from graph.recall.lexicon import CHINESE, english_words
from graph.request.words import query_words

SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])|\n")  # "2.5" and "e.g.x" stay whole
NUMBER = re.compile(r"\d|[一二三四五六七八九十百千万两]")
NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")
MONTHS = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|[월일년月日年]", re.IGNORECASE)
FILLER = frozenset("hi hello hey thanks thank ok okay sure great cool wow yes yeah nice awesome bye".split())
TOLERANCE = 0.1
DIGITS = re.compile(r"\d[\d,.]*\d|\d")
MIN_SENTENCE_CHARS = 12
MIN_DENSE_SENTENCE_CHARS = 6  # Korean and Chinese say in six characters what English says in twelve
LIFE_WORDS = frozenset(CHINESE)  # the people and things of a life, in English (sister, dog, budget, allergic…)
FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|my|me|we|our|mine)\b|^(?:나|내|저|제|우리)|[ ](?:나|내|저|제|우리)|我",
                          re.IGNORECASE)
DENSE_SCRIPT = re.compile(r"[가-힣\u4e00-\u9fff]")


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
    looked_up = {number for speaker, text in found if is_tool(speaker) for number in DIGITS.findall(text)}
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
    """Facts first: what the person tells of themselves (numbers, dates, names, the people and things of their
    life), then tool results; then words the block repeats; questions and filler last."""
    words = query_words(text)
    shortest = MIN_DENSE_SENTENCE_CHARS if DENSE_SCRIPT.search(text) else MIN_SENTENCE_CHARS
    if len(text) < shortest or not words or set(words) <= FILLER:
        return 0.0
    asked = text.rstrip().endswith(("?", "？"))
    score = 2.0 * bool(NUMBER.search(text)) + 1.5 * bool(MONTHS.search(text)) + 1.0 * len(NAME.findall(text))
    score += 1.5 * bool(LIFE_WORDS & {*words, *english_words(text)})
    if speaker in (PERSON, SUMMARY) and not asked and DENSE_SCRIPT.search(text):  # a name there has no capital
        score += 1.5 + 0.5 * bool(FIRST_PERSON.search(text))  # letter: what the person states stands for it
    score += 1.0 * is_tool(speaker) + sum(min(counts[word], 3) for word in words) / (len(words) + 4)
    return score - 0.5 * asked


def extractive_summary(lines: Sequence[tuple[str, str]], target_chars: int, language: str = "en") -> str:
    """The best sentences in their order, as `Speaker: ...` lines labelled in `language` (the page's), about
    `target_chars` long (±10%)."""
    language = summary_language(language)
    sentences = sentences_of(lines)
    low, high = target_chars * (1 - TOLERANCE), target_chars * (1 + TOLERANCE)
    chosen: list[Sentence] = []
    best_first = sorted(sentences, key=lambda s: (-s.score, s.position))
    for sentence in best_first:
        trial = sorted([*chosen, sentence], key=lambda s: s.position)
        if len(render(trial, language)) <= high:
            chosen = trial
        if len(render(chosen, language)) >= low:
            return render(chosen, language)
    return _filled(chosen, best_first, target_chars, low, high, language) or (
        nearest(best_first[0].text, high) if best_first else "")


def nearest(text: str, high: float) -> str:
    """A target too small for any sentence still gets the nearest answer (never none, which would be asked again
    every turn): the text's start within the target, or its first character."""
    room = max(int(high), 1)
    return cut_at_word(text, room) or text.strip()[:room]


def _filled(chosen: list[Sentence], best_first: list[Sentence], target_chars: int, low: float, high: float,
            language: str) -> str:
    """Chosen sentences still short of the target: the start of another sentence added, cut at a word, or put in
    place of the least telling chosen one when the room left is too small for it; the first that lands within
    the tolerance, else the longest that does not overshoot."""
    best = render(chosen, language)
    bases = [chosen, *([s for s in chosen if s is not dropped] for dropped in sorted(chosen, key=lambda s: s.score))]
    for base in bases:
        left = int(target_chars - len(render(base, language)))
        for sentence in best_first:
            if sentence in base:
                continue
            room = left - len(label(sentence.speaker, language)) - 3
            if not (cut := cut_at_word(sentence.text, room)):
                continue
            trial = render(sorted([*base, Sentence(sentence.position, sentence.speaker, cut, 0.0)],
                                  key=lambda s: s.position), language)
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
    if len(text) <= room:
        return text  # a whole sentence is no start of one
    head = text[: room - 1]
    space = head.rfind(" ")
    return (head[:space] if space > (room // 2 if shortest is None else shortest) else head).rstrip() + "…"


def render(sentences: Sequence[Sentence], language: str) -> str:
    """Consecutive sentences of one speaker on one line, under the speaker's label in `language` (a summary's own
    sentences under none)."""
    lines: list[str] = []
    speaker = None
    for sentence in sentences:
        if sentence.speaker == speaker:
            lines[-1] += ("" if lines[-1].endswith(("。", "！", "？")) else " ") + sentence.text
        else:
            lines.append(sentence.text if sentence.speaker == SUMMARY else
                         f"{label(sentence.speaker, language)}: {sentence.text}")
            speaker = sentence.speaker
    return "\n".join(lines)


class ExtractiveSummarizer:
    """Stands in for the summary model where the model cannot summarize: the planner's summaries and merges
    are made from the text's own sentences, at once and without a model call."""

    def summarize(self, lines: Sequence[tuple[str, str]], target_chars: int, language: str = "en") -> str:
        """A summary of these (speaker, text) lines, about `target_chars` long, labelled in `language`."""
        return extractive_summary(lines, target_chars, language)


def summary_lines(text: str) -> list[tuple[str, str]]:
    """A summary's `Speaker: ...` lines, labelled in any language, back as (speaker, text), for a new version or
    a merge of it."""
    lines = []
    for line in text.splitlines():
        line_label, colon, rest = line.partition(": ")
        speaker = speaker_of(line_label) if colon else None
        lines.append((speaker, rest) if speaker else (SUMMARY, line))
    return lines
