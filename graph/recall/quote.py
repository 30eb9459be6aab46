"""What was said that answers a question about something said before, quoted with when it was said (or a
document's line, with its name): where the model cannot be trusted to read its context, the product answers
from memory itself and the model's text only follows. No model call: recall's ranking, the question's rarer
words, the speaker and the day it names decide."""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from graph.recall.asked import Kind, asks_latest, kind_asked, tells_kind
from graph.recall.closeness import sentence_closeness, spread_of
from graph.recall.dates import date_asked, parse_day, without_dates
from graph.recall.quote_text import answer_text, quote_language, quote_text
from graph.recall.said import Line, is_statement, said_lines, sentences_of, small_talk, tells
from graph.recall.stems import stems

TURN_SHARE = 0.3  # a sentence in a turn about the question's other words is likelier the answer
RANK_WEIGHT = 5.0  # recall's own ranking (words, meaning, dates fused) counts as much as a rare shared word
SPEAKER_WEIGHT = 1.0  # the question names who said it
DAY_WEIGHT = 1.0  # the question names the day it was said on, or the week before
MEANING_WEIGHT = 3.0  # a line one spread closer in meaning to the question than the others counts as a rare word
ANSWERED_SHARE = 1.0  # a line's first sentence answers the question asked right before it: as if it said its words
KIND_WEIGHT = 2.0  # a sentence that tells what the question asks for (how often: "three times a week")
MEANING_ALONE = 1.0  # a sentence no word of the question is in is a candidate this many spreads closer in meaning
LATEST_WEIGHT = 2.0  # a question about the value now prefers what was said last
MEANING_SHOWN = 1.0  # the best is shown when this many spreads closer in meaning than the rest...
WORDS_SHOWN = 2  # ...or when it shares this many of the question's words
SENTENCES_MEASURED = 12  # the best candidates measured in meaning sentence by sentence
SECOND_SHARE = 0.6  # a second turn is quoted when it scores this close to the best
MAX_QUOTES = 2
DEBUG: list = []  # XXX
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


def best_quotes(question: str, recalled: Sequence[dict], documents: Sequence[dict] = ()) -> list[Quote]:
    """The statements that answer the question best, at most two from different turns; none when the best is far
    from the question in meaning and shares too few of its words, or cannot tell what it asks for (a day, a name)."""
    wanted, names = question_words(question)
    content = wanted - names or wanted
    lines = said_lines(recalled, documents)
    said = [(line, at, stems(sentence)) for line in lines for at, sentence in enumerate(line.sentences)]
    about: dict[tuple[int, str], set[str]] = {}  # what each turn (or document) is about: all its quotable words
    for line, _, words in said:
        about.setdefault((line.turn, line.title), set()).update(words)
    sentences = [(line, at, words) for line, at, words in said if tells(line.sentences[at])
                 and not small_talk(line.sentences[at], words)]
    if not content or not sentences:
        return []
    scale = spread_of([line.meaning for line in {id(line): line for line, _, _ in sentences}.values()
                       if line.meaning is not None])
    candidates = _Candidates(question, content, names, about, [words for _, _, words in sentences])
    scored = [entry for line, at, words in sentences if (entry := candidates.scored(line, at, words, scale))]
    scored.sort(key=lambda entry: entry[:2], reverse=True)
    if scale:  # the best few measured again sentence by sentence
        top = scored[:SENTENCES_MEASURED]
        closeness = sentence_closeness(question, [line.sentences[at] for _, _, line, at, _, _ in top], scale)
        scored = [(score + MEANING_WEIGHT * (closer - near), rank, line, at, shared, closer)
                  for score, rank, line, at, shared, near in top
                  for closer in [max(near, closeness.get(line.sentences[at], near))]]
        scored.sort(key=lambda entry: entry[:2], reverse=True)
    DEBUG[:] = [scored, {}]  # XXX
    if not scored or not _answers(question, scored[0], candidates.kind):
        return []
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


Scored = tuple[float, int, Line, int, int, float]  # score, minus recall's rank, line, sentence, words shared, meaning


class _Candidates:
    """How each sentence that may answer a question scores: the question's rarer words it and its turn share,
    recall's rank, its closeness in meaning, whether it tells the kind of thing asked, the speaker and day named,
    and for a question about the value now, how late it was said."""

    def __init__(self, question: str, content: set[str], names: set[str], about: dict[tuple[int, str], set[str]],
                 said: Sequence[set[str]]) -> None:
        self.question, self.content, self.names, self.about = question, content, names, about
        self.weight = _rarity(content, said)
        self.kind, self.now, self.asked = kind_asked(question), asks_latest(question), date_asked(question)
        self.latest = max((turn for turn, _ in about), default=0) or 1

    def scored(self, line: Line, at: int, words: set[str], scale: tuple[float, float] | None) -> Scored | None:
        """The sentence's score; None when it shares no word with the question nor comes close in meaning."""
        content, weight, sentence = self.content, self.weight, line.sentences[at]
        answered = content & stems(line.answers) if at == 0 and line.answers else set()
        near = (line.meaning - scale[0]) / scale[1] if scale and line.meaning is not None else 0.0
        if not content & words and not answered and near < MEANING_ALONE:
            return None
        score = sum(weight[w] for w in content & words) + TURN_SHARE * sum(
            weight[w] for w in content & self.about[(line.turn, line.title)]) + RANK_WEIGHT / (line.rank + 1)
        score += ANSWERED_SHARE * sum(weight.get(w, 0.0) for w in answered - words)
        if self.kind and not tells_kind(self.kind, sentence, self.question):
            return None  # a question for a day, a name or a number is not answered without one
        score += KIND_WEIGHT if self.kind else 0.0
        if line.speaker and self.names:
            score += SPEAKER_WEIGHT if line.speaker.lower() in self.names else -SPEAKER_WEIGHT
        day = parse_day(line.date) if self.asked else None
        score += DAY_WEIGHT if day and self.asked and self.asked.covers(day) else 0.0
        score += MEANING_WEIGHT * near + (LATEST_WEIGHT * line.turn / self.latest if self.now else 0.0)
        return score, -line.rank, line, at, len(content & words), near


def _answers(question: str, best: Scored, kind: Kind | None) -> bool:
    """Whether the best sentence may be shown: it tells what the question asks for, and it is close to the
    question in meaning or shares enough of its words."""
    _, _, line, at, shared, near = best
    if kind and not tells_kind(kind, line.sentences[at], question):
        return False
    return near >= MEANING_SHOWN or shared >= WORDS_SHOWN


def _rarity(words: set[str], said: Sequence[set[str]]) -> dict[str, float]:
    """Each word's weight: the rarer among what may be quoted, the more it tells which sentence answers."""
    return {word: math.log(1 + len(said) / (1 + sum(word in s for s in said))) for word in words}


def _told(question: str, line: Line, at: int, lines: Sequence[Line]) -> Quote:
    """The statement alone when it tells what the question lacks; otherwise with the sentence before it and the
    two after, and where its line ends, what answered it: the other side's reply when it ended asking, or the
    speaker's next line when the other side asked (the answer came in the turn after)."""
    sentence = line.sentences[at]
    if answers_itself(question, sentence):
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


def _answer_to(line: Line, lines: Sequence[Line]) -> Line | None:
    """The other side's line right after one that ended asking: the reply in its turn to the person's line, the
    person's next message to a reply's."""
    return next((other for other in lines if other.turn == line.turn + (not line.person)
                 and other.person != line.person and not other.title), None)


def _within(text: str) -> str:
    return text if len(text) <= MAX_QUOTE_CHARS else text[:MAX_QUOTE_CHARS].rstrip() + "…"


def memory_lead(question: str, recalled: Sequence[dict], documents: Sequence[dict] = ()) -> str:
    """The lines a reply opens with when a document's line or something said answers the question; empty
    otherwise."""
    language = quote_language(question)
    return "\n\n".join(quote_text(quote.line, quote.text, quote.last_turn, language)
                     + (" " + answer_text(quote.reply, quote.reply_text, language) if quote.reply else "")
                     for quote in best_quotes(question, recalled, documents))


def answers_itself(question: str, sentence: str) -> bool:
    """Whether a statement tells what the question lacks (a number or a name it does not give; in Korean or
    Chinese, any word), so the sentence after it is not needed."""
    if re.search(r"[가-힣\u4e00-\u9fff]", sentence):
        return bool(stems(sentence) - stems(question))
    told = _claims(sentence) - _claims(question) - {word.lower() for word in _NAME.findall(question)}
    return bool(told if _WHEN.search(question) else told - _DAYS)


_NUMBER = re.compile(r"\d[\d,.:]*")
_PRONOUN = re.compile(r"I(?:'\w+)?$")  # I, I'm, I've: no name
_WHEN = re.compile(r"(?i)\b(?:when|what day|what time|which day)\b")
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow".split())


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
