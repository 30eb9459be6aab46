"""The line of an attached file that answers a question about it, where the model cannot read the file itself:
chosen by meaning (the multilingual sentence embeddings), by the question's words in the line and in the headings
above it, and by the kind of thing asked (a time, a place, an amount); quoted whole with the file's name, or, when
no line answers, the honest word that the file does not say it. Never a heading, never a line that only shares a
word or two."""

import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from graph.documents.asked import (
    ASKING_WORDS,
    WHO,
    asks_total,
    day_counted,
    kinds_asked,
    kinds_labelled,
    kinds_told,
    share_answered,
    tells_total,
)
from graph.documents.sections import Passage, passages_of
from graph.recall.embeddings import embed, embed_query
from graph.recall.quote_text import FROM_DOCUMENT, quote_language
from graph.recall.stems import stems
from state.request_items import DocumentText
from state.texts import localized
from state.words import is_glued

MEANING_WEIGHT = 1.0  # a line one spread closer in meaning than the file's other lines
WORD_WEIGHT = 4.0  # a line holding all the question's words (each weighed by how rare it is in the file)
CONTEXT_SHARE = 0.5  # a word in the headings above a line (or its table's header) counts half
KIND_WEIGHT = 2.5  # a line that tells what is asked: a time for "when", an amount for "how much"
WRONG_KIND = 2.0  # a line that tells nothing of the kind asked is hardly its answer
LABEL_WEIGHT = 1.0  # its label or heading names the kind asked ("인원:" for "how many people")
WHO_SHARE = 0.5  # a name is told in too many ways to be sure a line tells one: a person asked for counts half
DAY_WEIGHT = 3.0  # the table row of the day a question counts to ("둘째 날")
TOTAL_WEIGHT = 1.5  # a line that gives a whole, asked for the whole ("how much in total")
MEANING_NOISE = 0.02  # cosines closer than this tell lines apart by chance
MIN_SCORE = 4.5  # what a line answering in other words scores: a clear spread closer in meaning, a word or two
# of the question, and the kind asked (bench/document_answers.py: a lower bar quotes files that do not say it)
MIN_SCORE_UNKINDED = 3.5  # where the question asks no kind a line can be checked for, meaning and words alone
MIN_WORDS = 0.5  # without the embeddings, a line of the kind asked must hold half the question's words
SECOND_SHARE = 0.5  # a line of the same section that tells what the best one lacks, scoring this close, joins it
_WHOLE_FILE = re.compile(r"(?i)\b(?:summari[sz]e|summary|overview|translate|translation|outline)\b"
                         r"|요약|정리해|번역|개요|总结|概括|摘要|翻译|归纳|大意")
JOINED = " / "
MAX_QUOTE_CHARS = 400  # a line longer than this (a paragraph) is quoted to here
MEANING_CHARS = 300  # a line's meaning is read this far: its first sentences and what it is about


@dataclass(frozen=True)
class Weighed:
    """A passage with what was found of the question in it."""

    passage: Passage
    score: float
    meaning: float  # cosine with the question; 0.0 where the embeddings are unavailable
    words: float  # the share of the question's words it holds (its headings' at a share)
    kind: float  # the share of the kinds asked it tells
    tells_kind: bool  # whether it tells a kind the question asks, or the question asks none it can tell
    kind_asked: bool  # whether the question asks a kind a line can be checked for (a time, a place, an amount)


@dataclass(frozen=True)
class DocumentAnswer:
    """What a reply about the files opens with: their line that answers (`found`), or that they do not say it."""

    text: str
    found: bool


def about_whole_file(question: str) -> bool:
    """Whether a message asks for a file as a whole (a summary, a translation), which no line of it answers."""
    return bool(_WHOLE_FILE.search(question))


def passages(documents: Sequence[DocumentText]) -> list[Passage]:
    """Every line of the documents that may answer, each once (retrieved passages of a file overlap)."""
    found: dict[tuple[str, str], Passage] = {}
    for document in documents:
        title = str(document.get("title") or "document")
        for passage in passages_of(title, str(document.get("contents", ""))):
            found.setdefault((passage.title, passage.text), passage)
    return list(found.values())


def meant(line: Passage) -> str:
    """What of a line its meaning is read from: its first sentences with what it is about (a paragraph pasted
    as one line would cost the embeddings seconds, and an answer is said early)."""
    return line.read_as[:MEANING_CHARS]


def _meanings(question: str, lines: Sequence[Passage]) -> np.ndarray:
    """Each line's cosine with the question, with what it is about; zeros where the embeddings are unavailable."""
    query = embed_query(question)
    rows = embed([meant(line) for line in lines]) if query is not None else None
    return np.zeros(len(lines)) if rows is None or query is None else rows @ query


def _rarity(content: set[str], said: Sequence[set[str]]) -> dict[str, float]:
    """Each word's weight: the rarer among the file's lines, the more it tells which line answers."""
    return {word: math.log(1 + len(said) / (1 + sum(word in words for words in said))) for word in content}


def _with_parts(words: set[str], content: set[str]) -> set[str]:
    """A line's words with each of the question's Korean or Chinese words that one of them holds (송년 in 송년회,
    会费 in 年会费): a compound is found by its parts."""
    return words | {word for word in content if len(word) > 1 and is_glued(word)
                    and any(word in said for said in words if len(said) > len(word))}


def weighed(question: str, lines: Sequence[Passage]) -> list[Weighed]:
    """The lines, best answer first."""
    if not lines:
        return []
    titles = {line.title for line in lines}  # "in the notes", "회의록에": the file itself, not what it says
    content = stems(question) - ASKING_WORDS - set().union(*(stems(title.rsplit(".", 1)[0]) for title in titles))
    own = [_with_parts(stems(line.cells_named or line.text), content) for line in lines]
    above = [_with_parts(stems(line.context), content) - words for line, words in zip(lines, own, strict=True)]
    weight = _rarity(content, [words | more for words, more in zip(own, above, strict=True)])
    total = sum(weight.values()) or 1.0
    meanings = _meanings(question, lines)
    spread = max(float(meanings.std()), MEANING_NOISE)
    asked = kinds_asked(question)
    can_tell = [kinds for kinds in asked if kinds != {WHO}]  # a name is told in too many ways to require one
    day, whole = day_counted(question), asks_total(question)
    last_rows = {line.section: line.row for line in lines if line.row}
    found = []
    for line, words, more, meaning in zip(lines, own, above, meanings, strict=True):
        shared = (sum(weight[w] for w in content & words) + CONTEXT_SHARE * sum(weight[w] for w in content & more))
        share = shared / total
        told = kinds_told(line.cells_named or line.text)
        kind = share_answered(asked, told)
        tells_kind = not can_tell or share_answered(can_tell, told) > 0
        named = share_answered(can_tell, kinds_labelled(line.text, line.context))
        score = MEANING_WEIGHT * (float(meaning) - float(meanings.mean())) / spread + WORD_WEIGHT * share \
            + KIND_WEIGHT * (kind if can_tell else WHO_SHARE * kind) + LABEL_WEIGHT * named \
            - (0.0 if tells_kind else WRONG_KIND)
        if day and line.row and line.row == (last_rows[line.section] if day < 0 else day):
            score += DAY_WEIGHT
        if whole and tells_total(line.text):
            score += TOTAL_WEIGHT
        found.append(Weighed(line, score, float(meaning), share, kind, tells_kind, bool(can_tell)))
    return sorted(found, key=lambda entry: entry.score, reverse=True)


def answers(best: Weighed, measured: bool) -> bool:
    """Whether the best line answers rather than merely resembles the question: it tells the kind asked, and
    stands out by meaning, words and kind together (by its words alone where the embeddings are unavailable)."""
    if not best.tells_kind:
        return False
    if not measured:
        return best.words >= MIN_WORDS
    return best.score >= (MIN_SCORE if best.kind_asked else MIN_SCORE_UNKINDED)


def answering(question: str, documents: Sequence[DocumentText]) -> list[Passage]:
    """The documents' lines that answer the question, in their order in the file: the best, and a line of its
    section that tells what the best lacks ("when and where" told on two lines); none when no line answers."""
    lines = passages(documents)
    ranked = weighed(question, lines)
    if not ranked or not answers(ranked[0], any(entry.meaning for entry in ranked)):
        return []
    best, chosen = ranked[0], [ranked[0]]
    asked = kinds_asked(question)
    if best.kind < 1.0 and asked:
        told = kinds_told(best.passage.cells_named or best.passage.text)
        lacking = [kinds for kinds in asked if not kinds & told]
        chosen += [next((entry for entry in ranked[1:] if entry.passage.section == best.passage.section
                         and entry.passage.title == best.passage.title and entry.score >= SECOND_SHARE * best.score
                         and share_answered(lacking, kinds_told(entry.passage.text)) > 0), best)]
    return sorted({entry.passage for entry in chosen}, key=lines.index)


def document_answer(question: str, documents: Sequence[DocumentText]) -> DocumentAnswer | None:
    """The reply's opening for a question about the documents: their answering line quoted with the file's name,
    in the question's language, or that the files do not say it; None for a message about a file as a whole."""
    if not documents or about_whole_file(question):
        return None
    language = quote_language(question)
    lines = answering(question, documents)
    if lines:
        said = JOINED.join(line.text for line in lines)
        said = said if len(said) <= MAX_QUOTE_CHARS else said[:MAX_QUOTE_CHARS].rstrip() + "…"
        return DocumentAnswer(FROM_DOCUMENT[language].format(title=lines[0].title, text=said), True)
    titles = ", ".join(dict.fromkeys(str(document.get("title") or "document") for document in documents))
    return DocumentAnswer(localized(language, "document_not_found", titles=titles), False)


def read_ahead(title: str, contents: str) -> None:
    """Embed a small document's lines in the background as it is added, so the first question about it does not
    wait for them (they stay in the embeddings' cache)."""
    lines = [meant(passage) for passage in passages_of(title, contents)]
    threading.Thread(target=embed, args=(lines,), name="document-lines", daemon=True).start()


def answered_in(question: str, documents: Sequence[DocumentText]) -> bool:
    """Whether a line of the documents answers the question: a question in other words than the file's is about
    it too."""
    return bool(documents) and not about_whole_file(question) and bool(answering(question, documents))
