"""Which sentences of a conversation a summary keeps first, in English, Korean and Chinese: what the person tells of
their life (numbers and amounts, names, dates and times, places, health, plans) above all, then tool results, then
the person's other statements; the assistant's sentences only where they state what the person asked or spoke of;
the person's questions and requests to the assistant last; small talk, courtesy and the assistant's own questions
and offers never (a summary padded with them says nothing)."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from graph.memory.summary_labels import ASSISTANT, PERSON, SUMMARY, is_tool
from graph.request.words import query_words
from state.language.facts import fact_weight, is_courtesy, is_small_talk
from state.language.questions import asks
from state.language.sentences import split_sentences

PERSON_FACT, TOOL_RESULT, LOOKED_UP, PERSON_STATEMENT = 10.0, 8.0, 7.0, 5.0
ANSWER, RELATED, ASKED = 3.0, 2.0, 1.0  # the assistant's answer, its words on the person's topic, a question
NEVER = 0.0
MIN_WORDS = 2  # a lone word ("Great.", "네.") tells nothing
REPEATS_SHARE = 0.5  # words the block repeats order sentences within their rank, never across ranks


@dataclass(frozen=True)
class Sentence:
    """One sentence of the transcript: who said it, where, and how much it carries (0: never kept)."""

    position: int
    speaker: str
    text: str
    score: float


@dataclass(frozen=True)
class _Said:
    """A sentence before it is scored: who said it and what the person had just said or asked."""

    speaker: str
    text: str
    turn_asked: bool  # the person's line before it asked a question or made a request
    asked_words: frozenset[str]  # the words of that line


def _split(lines: Sequence[tuple[str, str]]) -> list[_Said]:
    """The lines cut into sentences, each knowing the person's line before it."""
    found: list[_Said] = []
    asked, asked_words = False, frozenset[str]()
    for speaker, text in lines:
        parts = split_sentences(text)
        if speaker == PERSON:
            asked = any(asks(part) for part in parts)
            asked_words = frozenset(_topic_words(text))
        found += [_Said(speaker, part, asked, asked_words) for part in parts]
    return found


def _topic_words(text: str) -> list[str]:
    """The words that say what a text is about (a one-character Chinese word is too common to say it)."""
    return [word for word in query_words(text) if len(word) > 1]


def _looked_up_numbers(said: Sequence[_Said]) -> set[str]:
    """The numbers the tools gave."""
    return {word for s in said if is_tool(s.speaker) for word in query_words(s.text) if word[:1].isdigit()}


def sentences_of(lines: Sequence[tuple[str, str]]) -> list[Sentence]:
    """The (speaker, text) lines cut into sentences, each scored by what it carries."""
    said = _split(lines)
    person_words = {word for s in said if s.speaker in (PERSON, SUMMARY) for word in _topic_words(s.text)}
    looked_up = _looked_up_numbers(said)
    counts = Counter(word for s in said for word in set(query_words(s.text)))
    scored = []
    for position, sentence in enumerate(said):
        rank = _rank(sentence, person_words, looked_up)
        words = query_words(sentence.text)
        repeats = sum(min(counts[word], 3) for word in words) / (len(words) + 4) if words else 0.0
        scored.append(Sentence(position, sentence.speaker, sentence.text,
                               rank + REPEATS_SHARE * min(repeats, 1.0) if rank else NEVER))
    return scored


def _rank(said: _Said, person_words: set[str], looked_up: set[str]) -> float:
    """How early a sentence is kept (see the module's docstring); NEVER for what a summary leaves out."""
    text, speaker = said.text, said.speaker
    if len(query_words(text)) < MIN_WORDS and not is_tool(speaker) and not fact_weight(text):
        return NEVER
    if is_tool(speaker):
        return TOOL_RESULT
    asking = asks(text)
    if speaker == ASSISTANT:
        return _assistant_rank(said, person_words, looked_up, asking)
    if is_small_talk(text):
        return NEVER
    weight = fact_weight(text)
    if asking:
        return ASKED + min(weight, 9.0) / 10
    return PERSON_FACT + weight if weight else PERSON_STATEMENT


def _assistant_rank(said: _Said, person_words: set[str], looked_up: set[str], asking: bool) -> float:
    """The assistant's sentence: a tool's result it repeats; what it answered to the person's question, or said
    of what the person spoke of; never its own questions, offers and courtesies (a small model's words are kept
    only where they hold to what the person said)."""
    text = said.text
    words = set(_topic_words(text))
    if looked_up & set(query_words(text)):
        return LOOKED_UP
    if asking or is_courtesy(text):
        return NEVER
    weight = min(fact_weight(text), 9.0) / 10
    if said.turn_asked and (words & said.asked_words or weight):
        return ANSWER + weight
    return RELATED + weight if words & person_words else NEVER
