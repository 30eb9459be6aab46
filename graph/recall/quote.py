"""The person's own words that answer a question about something said before, quoted with when they were said
(or a document's line, with its name): where the model cannot be trusted to read its context, the product answers
from memory itself and the model's text only follows. No model call: recall's ranking and the sentence that
shares the question's words decide."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from graph.request.words import GREETING, PASTED_LINE_START, STOP_WORDS

_SENTENCES = re.compile(r"(?<=[.!?。！？])\s+|\n+")
_WORD = re.compile(r"[a-z0-9]{2,}|[가-힣]+|[\u4e00-\u9fff]", re.IGNORECASE)
_ASKING = re.compile(r"[?？]\s*$")
_PARTICLES = ("에서는", "에서", "에게", "한테", "으로", "이랑", "은", "는", "이", "가", "을", "를", "에", "의", "도",
              "로", "와", "과", "랑")
_SUFFIXES = ("ies", "ing", "ed", "es", "s")
_QUESTION_WORDS = frozenset("어디 언제 누구 무엇 얼마 어느 뭐였지 뭐였어 기억 哪里 哪儿 什么时候 多少 谁 记得".split())
QUOTES = {
    "en": 'You said on turn {turn}{when}: "{text}"',
    "ko": '{turn}턴{when}에 이렇게 말씀하셨어요: "{text}"',
    "zh": "您在第{turn}轮{when}说过：“{text}”",
}
WHEN = {"en": " ({date})", "ko": "({date})", "zh": "（{date}）"}
FROM_DOCUMENT = {"en": 'From {title}: "{text}"', "ko": '{title}에 이렇게 적혀 있어요: "{text}"',
                 "zh": "{title}中写道：“{text}”"}
MAX_QUOTE_CHARS = 300


@dataclass(frozen=True)
class Quote:
    """A sentence the person said (the turn and day it was said on), or a document's line (its title)."""

    turn: int
    date: str
    text: str
    title: str = ""
    quoted: str = ""  # what is shown: the statement and what follows it (the statement alone when empty)


def english_stem(word: str) -> str:
    """lives, lived, living -> liv; sisters -> sister: enough for a question's words to meet a statement's."""
    stem = next((word[: -len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3), word)
    return stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem


def stems(text: str) -> set[str]:
    """The words of a text as comparable stems: English plurals and tenses, Korean particles and Chinese characters
    reduced, stop words and question words left out."""
    found = set()
    for word in _WORD.findall(text.lower()):
        if "가" <= word[0] <= "힣":
            word = next((word[: -len(p)] for p in _PARTICLES if word.endswith(p) and len(word) > len(p)), word)
        else:
            word = english_stem(word)
        if word not in STOP_WORDS and word not in _QUESTION_WORDS:
            found.add(word)
    return found


_STAMP = re.compile(f"{PASTED_LINE_START}(?:{GREETING}[,!]?\\s+[A-Z][a-z]+[,!.]\\s*)?")  # and the name greeted


def said_sentences(text: str, pasted: bool = False) -> list[str]:
    """The statements in a text (questions answer nothing); with `pasted`, each line's date, speaker and greeting
    left out first."""
    return [sentence for sentence, _ in said_statements(text, pasted)]


def said_statements(text: str, pasted: bool = True) -> list[tuple[str, str]]:
    """Each statement in what the person said, with the statement after it in the same line (a statement often
    sets up what the next one tells: "I set up a 5K run. It was for veterans."); with `pasted`, each line's date,
    speaker and greeting left out first (a document's "Flight: KE 907" keeps its label)."""
    found = []
    for line in (text or "").splitlines():
        said = _STAMP.sub("", line.strip(), count=1) if pasted else line
        sentences = [s.strip() for s in _SENTENCES.split(said) if s.strip()]
        for at, sentence in enumerate(sentences):
            if not _ASKING.search(sentence):
                following = next(iter(sentences[at + 1:at + 2]), "")
                told = following and not _ASKING.search(following) and len(sentence) + len(following) < MAX_QUOTE_CHARS
                found.append((sentence, f"{sentence} {following}" if told else sentence))
    return found


def candidates(recalled: Sequence[dict], documents: Sequence[dict] = ()) -> list[Quote]:
    """What may be quoted, best first: the lines of the documents the turn asked about, then the statements of
    the person's recalled turns in recall's order, then of the turns the request holds whole, latest first (the
    assistant's words are never quoted)."""
    lines = [Quote(0, "", line, str(document.get("title") or ""))
             for document in documents for line in said_sentences(str(document.get("contents", "")))]
    for item in recalled:
        record = item.get("record") or {}
        turn, date = int(record.get("turn", item.get("turn", 0))), str(record.get("date") or "")
        lines += [Quote(turn, date, sentence, quoted=quoted)
                  for sentence, quoted in said_statements(str(record.get("user", "")))]
    return lines


def best_quote(question: str, recalled: Sequence[dict], documents: Sequence[dict] = ()) -> Quote | None:
    """The statement that shares most of the question's words (the earlier candidate breaks ties), when it shares at
    least half of the words the question has besides names that anything said holds (a name alone matches too
    much, the person's own name is in nothing they said, and a word nothing said holds decides nothing); None when
    nothing matches."""
    wanted = stems(question)
    names = {stem for word in _NAME.findall(question)[1:] if word[0].isupper() for stem in stems(word)}
    found = [(quote, stems(quote.text)) for quote in candidates(recalled, documents)]
    content = wanted - names or wanted
    matchable = content & set().union(*(words for _, words in found))
    if len(matchable) < min(2, len(content) - 1):
        return None  # most of what the question is about was never said
    need = max((len(matchable) + 1) // 2, 1)
    best: tuple[tuple[int, int], Quote] | None = None
    for rank, (quote, words) in enumerate(found):
        shared = len(wanted & words)
        if len(content & words) >= need and (best is None or (shared, -rank) > best[0]):
            best = (shared, -rank), quote
    return best[1] if best else None


def quote_language(question: str) -> str:
    """The language to quote in: the question's script."""
    if re.search(r"[가-힣]", question):
        return "ko"
    return "zh" if re.search(r"[\u4e00-\u9fff]", question) else "en"


def quote_text(quote: Quote, language: str) -> str:
    """The quote as the sentence that leads the reply."""
    shown = quote.quoted or quote.text
    text = shown if len(shown) <= MAX_QUOTE_CHARS else shown[:MAX_QUOTE_CHARS].rstrip() + "…"
    if quote.title:
        return FROM_DOCUMENT[language].format(title=quote.title, text=text)
    when = WHEN[language].format(date=quote.date) if quote.date else ""
    return QUOTES[language].format(turn=quote.turn, when=when, text=text)


def memory_lead(question: str, recalled: Sequence[dict], documents: Sequence[dict] = ()) -> str:
    """The sentence a reply opens with when a document's line or something the person said answers the question;
    empty otherwise."""
    quote = best_quote(question, recalled, documents)
    if quote and quote.quoted and answers_itself(question, quote.text):
        quote = replace(quote, quoted="")
    return quote_text(quote, quote_language(question)) if quote else ""


def answers_itself(question: str, sentence: str) -> bool:
    """Whether a statement tells what the question lacks (a number or a name it does not give; in Korean or
    Chinese, any word), so the sentence after it is not needed."""
    if re.search(r"[가-힣\u4e00-\u9fff]", sentence):
        return bool(stems(sentence) - stems(question))
    return bool(_claims(sentence) - _claims(question) - {word.lower() for word in _NAME.findall(question)})


_NUMBER = re.compile(r"\d[\d,.:]*")
_NAME = re.compile(r"[A-Za-z][\w'-]*")


def _claims(text: str) -> set[str]:
    """What a text asserts that a quote could contradict: its numbers and the names it capitalizes mid-sentence."""
    claims = {number.rstrip(".,:").replace(",", "") for number in _NUMBER.findall(text)}
    for sentence in _SENTENCES.split(text):
        words = _NAME.findall(sentence)
        claims |= {word.lower() for word in words[1:] if word[0].isupper() and word != "I"}
    return claims


def led_by_quote(lead: str, question: str, reply: str) -> str:
    """The reply opened by the quote; the model's text follows only when every number and name it gives is in the
    quote or the question (a small model's "I live in Tokyo" does not follow "she lives in Busan")."""
    known = {word.lower() for word in _NAME.findall(lead + " " + question)} | _claims(lead + " " + question)
    if not reply.strip() or _claims(reply) - known:
        return lead
    return f"{lead}\n\n{reply}".strip()
