"""What was said that answers a question about something said before, quoted with when it was said (or a document's
line, with its name): where the model cannot be trusted to read its context, the product answers from memory itself
and the model's text only follows. No model call: recall's ranking, rarer words, speaker and day named decide."""

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from graph.recall.asked import Kind, asks_latest, kind_asked, proper_names, spoken_names, tells_kind
from graph.recall.dates import date_asked, parse_day, without_dates
from graph.recall.quote_text import quote_language
from graph.recall.relations import related
from graph.recall.said import Line, is_statement, said_lines, sentences_of, small_talk, tells
from graph.recall.stems import stems
from state.request_items import DocumentText, QuotableTurn
from state.words import chinese_words, korean_words

TURN_SHARE = 0.3  # a sentence in a turn about the question's other words is likelier the answer
RANK_WEIGHT = 5.0  # recall's own ranking (words, meaning, dates fused) counts as much as a rare shared word
SPEAKER_WEIGHT = 1.0  # the question names who said it
DAY_WEIGHT = 1.0  # the question names the day it was said on, or the week before
MEANING_WEIGHT = 3.0  # a line one spread closer in meaning to the question than the others counts as a rare word
MEANING_NOISE = 0.03  # cosines closer than this tell lines apart by chance: the spread is never taken as smaller
ANSWERED_SHARE = 1.0  # a line's first sentence answers the question asked right before it: as if it said its words
KIND_WEIGHT = 2.0  # a sentence that tells what the question asks for (how often: "three times a week")
MEANING_ALONE = 1.0  # a sentence no word of the question is in is a candidate this many spreads closer in meaning
LATEST_SHARE = 0.7  # a question about the value now: of the lines scoring this close to the best, the last said
MEANING_SHOWN = 0.75  # the best is shown when this many spreads closer in meaning than the lines' mean...
WORDS_SHOWN = 0.6  # ...or when it shares this share of the question's words
MEANING_UNSAID_SHOWN = 1.8  # a best sentence holding no word of the question: shown this many spreads closer only
SECOND_SHARE = 0.6  # a second turn is quoted when it scores this close to the best
MAX_QUOTES = 2
MAX_QUOTE_CHARS = 400
_NAME = re.compile(r"[A-Za-z][\w'-]*")
_QUOTED = re.compile(r'["“]([^"”]+)["”]')  # the words quoted, without the framing around them


@dataclass(frozen=True)
class Quote:
    """A statement and what follows it where it only sets up its answer, with where it was said."""

    line: Line
    text: str
    last_turn: int  # the turn its last words were said on (the next one when the answer came after a question)
    reply: Line | None = None  # the other side's line that answered a question the quote ends on
    reply_text: str = ""


def question_words(question: str) -> tuple[set[str], set[str]]:
    """The question's words and the names it gives besides its first word (a name alone matches too much; the
    person's own name is in nothing they said)."""
    names = {stem for word in _NAME.findall(question)[1:] if word[0].isupper() for stem in stems(word)}
    return stems(question), names


def best_quotes(question: str, recalled: Sequence[QuotableTurn], documents: Sequence[DocumentText] = (),
                asked_for: Kind | None = None) -> list[Quote]:
    """The statements that answer the question best, at most two from different turns; none when what may be
    quoted holds too few of the question's words besides names (two; one for a question of two). `asked_for`:
    the kind of thing sought, when not the one the question's form asks for."""
    asked = date_asked(question)
    wanted, names = question_words(question)
    content = wanted - names or wanted
    lines = said_lines(recalled, documents)
    said = [(line, at, stems(sentence)) for line in lines for at, sentence in enumerate(line.sentences)]
    about: dict[tuple[int, str], set[str]] = {}  # what each turn (or document) is about: all its quotable words
    for line, _, words in said:
        about.setdefault((line.turn, line.title), set()).update(words)
    told = [(line, at, words) for line, at, words in said if tells(line.sentences[at])
            and not small_talk(line.sentences[at], words)]
    closer = _closer_in_meaning([line for line, _, _ in told])
    written = _ideas(stems(without_dates(question), glossed=False) - names) or content  # once, not a gloss;
    # a date it names picks when a line was said, so what was said need not hold it
    if not content or (len(content & set().union(*about.values())) < max(1, min(2, len(written) - 1))
                       and max(closer.values(), default=0.0) < MEANING_ALONE):
        return []  # most of what the question is about was never said, nor anything close to it in meaning
    kind, now = asked_for or kind_asked(question), asks_latest(question)
    proper = proper_names(names)  # "October" names no one
    known = spoken_names(sentence for line in lines for sentence in line.sentences)
    def tells_asked(said: str) -> bool:  # whether a sentence tells what the question asks for (a day, a name...)
        return kind is not None and tells_kind(kind, said, question, known)

    telling = [(line, at, words, tells_asked(line.sentences[at])) for line, at, words in told]
    sentences = [entry for entry in telling if not kind or not kind.required or entry[3]
                 or _answer_tells(entry[0], lines, tells_asked)]
    weight = _rarity(content, [words for _, _, words, _ in sentences])
    scored = []
    for line, at, words, telling_kind in sentences:
        answered = content & stems(line.answers) if at == 0 and line.answers else set()
        if not content & words and not answered and closer.get(id(line), 0.0) < MEANING_ALONE:
            continue  # no word of the question, nor close in meaning
        score = sum(weight[w] for w in content & words) + TURN_SHARE * sum(
            weight[w] for w in content & about[(line.turn, line.title)]) + RANK_WEIGHT / (line.rank + 1)
        score += ANSWERED_SHARE * sum(weight.get(w, 0.0) for w in answered - words)
        score += KIND_WEIGHT if telling_kind else 0.0
        if line.speaker and names:
            score += SPEAKER_WEIGHT if line.speaker.lower() in names else -SPEAKER_WEIGHT
        day = parse_day(line.date) if asked else None
        score += DAY_WEIGHT if day and asked and asked.covers(day) else 0.0
        score += MEANING_WEIGHT * closer.get(id(line), 0.0)
        held = words | answered  # the question's words the sentence holds, or its question before it
        holds = bool(content & held or proper & about[(line.turn, line.title)])  # or its turn the name asked about
        scored.append((score, -line.rank, line, at, len(content & held), holds))
    scored.sort(key=lambda entry: entry[:2], reverse=True)
    if now and scored:  # the value as it stands now: the last said of those that answer about as well
        latest = max((entry for entry in scored if entry[0] >= LATEST_SHARE * scored[0][0]), key=lambda e: e[2].turn)
        scored.remove(latest)
        scored.insert(0, latest)
    best = scored[0][2] if scored else None
    if best is None or not _near(best, scored[0][5], _held(ideas := written & content, about[(best.turn, best.title)]),
                                 closer, len(ideas) or len(content)):
        return []  # far from the question in meaning and sharing few of its words: better nothing than a wrong quote
    chosen: list[Quote] = []
    for score, _, line, at, shared, _ in scored:
        if len(chosen) == MAX_QUOTES or (chosen and score < SECOND_SHARE * scored[0][0]):
            break
        if chosen and (shared < min(2, len(content)) or
                       quote_language(line.sentences[at]) != quote_language(chosen[0].text)):
            continue  # a second quote shares more than one word with the question, in the first one's language
        if not any(line.turn in (quote.line.turn, quote.last_turn) or quote.reply and line == quote.reply
                   for quote in chosen):
            chosen.append(_told(question, line, at, lines))
    return chosen


def _near(line: Line, holds: bool, shared: int, closer: dict[int, float], asked: int) -> bool:
    """Whether the best sentence is near enough the question to be shown: closer in meaning than most of what was
    said, or its turn sharing most of the question's words; one that `holds` none of the question's words (nor is
    alone in telling what it asks for) only when far closer in meaning than the rest; only words decide where
    recall measured no meaning."""
    if not closer:
        return True
    meaning = closer.get(id(line), 0.0)
    if not holds:
        return meaning >= MEANING_UNSAID_SHOWN
    return meaning >= MEANING_SHOWN or shared >= WORDS_SHOWN * asked


def _closer_in_meaning(lines: Sequence[Line]) -> dict[int, float]:
    """How much closer in meaning to the question each line is than the lines beside it, in spreads (by the
    line's identity; a spread is at least the noise, so two lines a hair apart are not one spread apart); none
    where recall measured no meaning."""
    measured = {id(line): line.meaning for line in lines if line.meaning is not None}
    if len(measured) < 2:
        return {}
    scores = np.array(list(measured.values()))
    spread = max(float(scores.std()), MEANING_NOISE)
    return {key: (value - float(scores.mean())) / spread for key, value in measured.items()}


def _rarity(words: set[str], said: Sequence[set[str]]) -> dict[str, float]:
    """Each word's weight: the rarer among what may be quoted, the more it tells which sentence answers."""
    return {word: math.log(1 + len(said) / (1 + sum(word in s for s in said))) for word in words}


def _told(question: str, line: Line, at: int, lines: Sequence[Line]) -> Quote:
    """The statement alone when it tells what the question lacks; otherwise with the sentence before it and the
    two after, and where its line ends, what answered it: the other side's reply when it ended asking, or the
    speaker's next line when the other side asked (the answer came in the turn after)."""
    sentence = line.sentences[at]
    if answers_itself(question, sentence) and not _goes_on(question, line.sentences[at + 1:at + 2]):
        return Quote(line, sentence, line.turn)
    window = [said for said in line.sentences[max(0, at - 1):at + 3] if is_statement(said)]
    while len(window) > 1 and len(" ".join(window)) > MAX_QUOTE_CHARS:
        window = window[1:] if window[0] != sentence else window[:-1]
    text = _within(" ".join(window))
    if line.title or at + 3 < len(line.sentences):
        return Quote(line, text, line.turn)
    after = next((other for other in lines if other.turn == line.turn + 1 and other.speaker == line.speaker
                  and other.person == line.person and not other.title), None) if line.asked_after else None
    last, ends = line, line.sentences[-1]
    if after is not None and is_statement(ends):
        text, last, ends = _within(f"{text} … {' '.join(after.sentences[:2])}"), after, after.sentences[:2][-1]
    reply = None if is_statement(ends) else _answer_to(last, lines)
    if reply is None:
        return Quote(line, text, last.turn)
    return Quote(line, text, last.turn, reply, _within(" ".join(reply.sentences[:2])))


def _goes_on(question: str, following: Sequence[str]) -> bool:
    """Whether the next sentence tells again what the question asks for: the answer goes on there ("Dohyun and Yuna
    changed the baby's name." "It's Haon now.")."""
    kind = kind_asked(question)
    return bool(kind and following and is_statement(following[0]) and tells_kind(kind, following[0], question))


def _answer_to(line: Line, lines: Sequence[Line]) -> Line | None:
    """The other side's line right after one that ended asking: the reply in its turn to the person's line, the
    person's next message to a reply's."""
    return next((other for other in lines if other.turn == line.turn + (not line.person)
                 and other.person != line.person and not other.title), None)


def _answer_tells(line: Line, lines: Sequence[Line], tells: Callable[[str], bool]) -> bool:
    """Whether a line ends asking and the other side's answer to it, quoted with it, tells what was asked for."""
    reply = None if is_statement(line.sentences[-1]) else _answer_to(line, lines)
    return reply is not None and any(tells(sentence) for sentence in reply.sentences[:2])


def _within(text: str) -> str:
    return text if len(text) <= MAX_QUOTE_CHARS else text[:MAX_QUOTE_CHARS].rstrip() + "…"


def answers_itself(question: str, sentence: str) -> bool:
    """Whether a statement tells what the question lacks (a number or a name it does not give; in Korean or
    Chinese, the day, name or number asked for, or any word beside two of the question's), so the sentence after
    it is not needed."""
    kind = kind_asked(question)
    if kind and kind.required and not tells_kind(kind, sentence, question):
        return False  # what was asked for comes in the sentences around it
    if re.search(r"[가-힣\u4e00-\u9fff]", sentence):
        if kind and kind.required:
            return tells_kind(kind, sentence, question) and bool(stems(sentence) - stems(question))
        return bool(stems(sentence) - stems(question)) and len(_whole(sentence) & _whole(question)) >= 2
    told = _claims(sentence) - _claims(question) - {word.lower() for word in _NAME.findall(question)}
    return bool(told if _WHEN.search(question) else told - _DAYS)


_NUMBER = re.compile(r"\d[\d,.:]*")
_PRONOUN = re.compile(r"I(?:'\w+)?$")  # I, I'm, I've: no name
_WHEN = re.compile(r"(?i)\b(?:when|what day|what time|which day)\b")
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow".split())


def _ideas(words: set[str]) -> set[str]:
    """The words not inside another of them: 볼더링, not its pieces 볼더 and 링; 成都, not 成 and 都."""
    return {word for word in words if not any(word != other and word in other for other in words)}


def _held(ideas: set[str], said: set[str]) -> int:
    """How many of the question's ideas were said, each by its word or another of its group's."""
    return sum(idea in said or related(idea) in said for idea in ideas)


def _whole(text: str) -> set[str]:
    """A Korean or Chinese text's words as written, not their pieces: a name shared says little of the subject."""
    return set(korean_words(text)) | set(chinese_words(text, with_parts=False))


def _claims(text: str) -> set[str]:
    """What a text asserts that a quote could contradict: its numbers and the names it capitalizes mid-sentence."""
    claims = {number.rstrip(".,:").replace(",", "") for number in _NUMBER.findall(text)}
    for sentence in sentences_of(text):
        words = _NAME.findall(sentence)
        claims |= {word.lower() for word in words[1:] if word[0].isupper() and not _PRONOUN.match(word)}
    return claims


def led_by_quote(lead: str, question: str, reply: str) -> str:
    """The reply opened by the quote; the model's text follows only when it speaks of what was asked or quoted
    (a word in common) and every number and name it gives is in the quote or the question (a small model's "I live
    in Tokyo" does not follow "she lives in Busan", nor an earlier answer about dinner a dentist's date)."""
    known = {word.lower() for word in _NAME.findall(lead + " " + question)} | _claims(lead + " " + question)
    quoted = " ".join(_QUOTED.findall(lead)) or lead
    if not reply.strip() or _claims(reply) - known or not stems(reply) & stems(f"{quoted} {question}"):
        return lead
    return f"{lead}\n\n{reply}".strip()
