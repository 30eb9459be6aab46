"""A summary made of the conversation's own sentences, for a model too small to summarize (the bundled one):
nothing invented (every word is the conversation's own), the sentences that carry the person's facts chosen first
(graph/memory/ranking.py), kept in their order, labelled in the page's language, and the whole held to the target
length within 10%: a sentence that does not fit whole is cut at a word's end, never inside a word."""

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from graph.memory.ranking import PERSON_FACT, Sentence, sentences_of
from graph.memory.summary_labels import SUMMARY, label, speaker_of, summary_language
from state.language.facts import CACHED_SENTENCES, fact_words
from state.language.segmenters import word_ends

TOLERANCE = 0.1
CUT_MARK = "…"
MIN_CUT_CHARS = 2  # a start of two characters or fewer ("I…", "My…") tells nothing
LOOSE_ENDS = " ,;:、，—-…"

__all__ = ["ExtractiveSummarizer", "Sentence", "compact", "cut_at_word", "extractive_summary", "nearest",
           "render", "sentences_of", "summary_lines"]


def extractive_summary(lines: Sequence[tuple[str, str]], target_chars: int, language: str = "en") -> str:
    """The best sentences in their order, as `Speaker: ...` lines labelled in `language` (the page's), about
    `target_chars` long (±10%). When the person's facts do not all fit whole, each fact sentence is first kept
    by the words that state its facts, and made whole again as the room allows."""
    language = summary_language(language)
    scored = sentences_of(lines)
    sentences = [sentence for sentence in scored if sentence.score > 0] or scored  # all, when none tells a thing
    low, high = target_chars * (1 - TOLERANCE), target_chars * (1 + TOLERANCE)
    best_first = sorted(sentences, key=lambda s: (-s.score, s.position))
    chosen = _whole(best_first, [], low, high, language)
    facts = [sentence for sentence in best_first if sentence.score >= PERSON_FACT]
    if not {sentence.position for sentence in facts} <= {sentence.position for sentence in chosen}:
        chosen = _whole(best_first, _compacted(facts, high, language), low, high, language)
    if len(render(chosen, language)) >= low:
        return render(chosen, language)
    return _filled(chosen, best_first, target_chars, low, high, language) or (
        nearest(best_first[0].text, high) if best_first else "")


def _whole(best_first: list[Sentence], chosen: list[Sentence], low: float, high: float,
           language: str) -> list[Sentence]:
    """Sentences added whole (or a compacted one made whole), best first, while the summary stays within `high`,
    until it reaches `low`."""
    for sentence in best_first:
        if len(render(chosen, language)) >= low:
            break
        trial = sorted([*(s for s in chosen if s.position != sentence.position), sentence],
                       key=lambda s: s.position)
        if len(render(trial, language)) <= high:
            chosen = trial
    return chosen


def _compacted(facts: list[Sentence], high: float, language: str) -> list[Sentence]:
    """The person's fact sentences, each by the words that state its facts (the last that fits cut at a word), as
    many as fit: the most telling first, or those that tell the most for their length first, whichever keeps
    more."""
    shortened = [replace(sentence, text=compact(sentence.text)) for sentence in facts]
    orders = [shortened, sorted(shortened, key=lambda s: -(s.score - PERSON_FACT) / len(s.text))]
    return max((_fitted(order, high, language) for order in orders),
               key=lambda chosen: sum(s.score - PERSON_FACT for s in chosen))


def _fitted(sentences: list[Sentence], high: float, language: str) -> list[Sentence]:
    """These sentences in this order, each whole if it fits, else its start cut at a word to the room left."""
    chosen: list[Sentence] = []
    for sentence in sentences:
        trial = sorted([*chosen, sentence], key=lambda s: s.position)
        if len(render(trial, language)) > high:
            if not (cut := cut_at_word(sentence.text, int(high) - _cost(chosen, sentence, language),
                                       shortest=MIN_CUT_CHARS)):
                continue
            trial = sorted([*chosen, replace(sentence, text=cut)], key=lambda s: s.position)
        chosen = trial
    return chosen


@lru_cache(maxsize=CACHED_SENTENCES)
def compact(text: str) -> str:
    """A sentence by the words that state its facts, in order, a gap between them marked with …; the sentence
    itself when that is no shorter."""
    stretches = fact_words(text)
    if not stretches:
        return text
    gap = " … " if " " in text.strip() else "…"
    short = gap.join(text[start:end] for start, end in stretches)
    short += "" if stretches[-1][1] >= len(text.rstrip()) else CUT_MARK
    return short if len(short) < len(text) else text


def nearest(text: str, high: float) -> str:
    """A target too small for any sentence still gets the nearest answer (never none, which would be asked again
    every turn): the text's first words within the target, or, when not even its first word fits, its start."""
    room = max(int(high), 1)
    return cut_at_word(text, room, shortest=0) or text.strip()[:room]


def _filled(chosen: list[Sentence], best_first: list[Sentence], target_chars: int, low: float, high: float,
            language: str) -> str:
    """Chosen sentences still short of the target: the start of another sentence (or of its facts' words) added,
    cut at a word, or put in place of the least telling chosen sentence that states none of the person's facts
    when the room left is too small for it; the first that lands within the tolerance, else the longest that
    does not overshoot."""
    best = render(chosen, language)
    spare = sorted((s for s in chosen if s.score < PERSON_FACT), key=lambda s: s.score)
    bases = [chosen, *([s for s in chosen if s is not dropped] for dropped in spare)]
    for base in bases:
        taken = {s.position for s in base}
        for sentence in (s for s in best_first if s.position not in taken):
            forms = [compact(sentence.text), sentence.text] if sentence.score >= PERSON_FACT else [sentence.text]
            for text in dict.fromkeys(forms):  # a fact sentence's facts first
                trial = _with_start(base, replace(sentence, text=text), target_chars, language)
                if trial and low <= len(trial) <= high:
                    return trial
                if trial and len(best) < len(trial) <= high:
                    best = trial
    return best


def _cost(base: list[Sentence], sentence: Sentence, language: str) -> int:
    """The length of the base with `sentence` added but for its text: its label or the space before it."""
    first = replace(sentence, text=sentence.text[:1])
    return len(render(sorted([*base, first], key=lambda s: s.position), language)) - 1


def _with_start(base: list[Sentence], sentence: Sentence, target_chars: int, language: str) -> str:
    """The base with the start of `sentence` in its place, as long as the target leaves room for; '' if none."""
    if not (cut := cut_at_word(sentence.text, target_chars - _cost(base, sentence, language))):
        return ""
    return render(sorted([*base, replace(sentence, text=cut)], key=lambda s: s.position), language)


def cut_at_word(text: str, room: int, shortest: int | None = None) -> str:
    """The start of a text within `room` characters, marked with …, cut at the end of a word (a space, or the
    end of a word jieba reads in Chinese) past `shortest` characters (half the room by default); '' when no
    word ends there."""
    if room <= len(CUT_MARK) + 2:
        return ""
    if len(text) <= room:
        return text  # a whole sentence is no start of one
    floor = room // 2 if shortest is None else shortest
    for end in reversed([end for end in word_ends(text) if end < room]):
        head = text[:end].rstrip(LOOSE_ENDS)
        if len(head) <= floor:
            return ""
        if len(head) + len(CUT_MARK) <= room:
            return head + CUT_MARK
    return ""


def _closes(before: str, after: str) -> bool:
    """Whether Chinese runs on from `before` to `after` with no space: after a full stop, or a … before Chinese."""
    return before.endswith(("。", "！", "？")) or (before.endswith(CUT_MARK) and "\u4e00" <= after[:1] <= "\u9fff")


def render(sentences: Sequence[Sentence], language: str) -> str:
    """Consecutive sentences of one speaker on one line, under the speaker's label in `language` (a summary's own
    sentences under none)."""
    lines: list[str] = []
    speaker = None
    for sentence in sentences:
        if sentence.speaker == speaker:
            lines[-1] += ("" if _closes(lines[-1], sentence.text) else " ") + sentence.text
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
