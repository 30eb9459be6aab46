"""Questions that gather ("What activities does Nate do?", "How many dogs has Maria adopted?") want every turn
about one subject, from many sessions: past the best few whole turns, recall shows each further turn as only the
lines that match, so the budget holds several times as many turns."""

import re
from collections.abc import Sequence

import numpy as np

from graph.recall.dates import only_dates
from graph.recall.embeddings import embed_query
from graph.recall.said import speakers_named, without_names
from graph.recall.vectors import SessionVectors, turn_lines

WHOLE_SHARE = 0.3  # the best turns come whole up to this share of the recall budget (the request's room is about
# two thirds of it): a single fact's answer often sits beside the matching line
LINES_PER_TURN = 1
SPEAKER_BONUS = 0.5  # the line the person asked about said is the one shown of a turn (cosines differ by less)
GATHERED_AT = 200  # turns read to fill a gathering recall: its excerpts are short

_AUX = r"(?:is|was|are|were|does|do|did|has|have|had|can|could|would|will|might|should|kind|type|sort|time|year|" \
       r"month|day|date)\b"
_GATHERS = re.compile(
    r"^\W*(?:(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?!" + _AUX + r")[a-z]+"  # what pets, which games
    r"|(?:what|which)\s+(?:are|were)\b.*\w\ws\b|how many\b|(?:would|could|might)\b"  # what are her hobbies
    r"|what\s+(?:does|do|did)\b.*\b(?:like|likes|enjoy|enjoys|love|loves)\b)"  # what does Nate like to do
    r"|\b(?:both|share|any)\b|어떤.*들|뭐뭐|무엇무엇|모두|몇|哪些|都|几",
    re.IGNORECASE,
)


def gathers(text: str) -> bool:
    """Whether a question, by its form, asks for everything said about a subject rather than one fact."""
    return bool(_GATHERS.search(text or ""))


def _scored_lines(known: SessionVectors, similarity: np.ndarray, turn: int,
                  lines: Sequence[str]) -> tuple[list[str], np.ndarray] | None:
    """A turn's lines as they were embedded, with each one's similarity to the question; None when the turn's
    lines and its vectors do not line up."""
    start, end = np.searchsorted(known.line_turns, [turn, turn + 1])
    embedded = turn_lines("\n".join(lines))
    return (embedded, similarity[start:end]) if end - start == len(embedded) else None


def matching_lines(known: SessionVectors, similarity: np.ndarray, turn: int, lines: Sequence[str],
                   count: int = LINES_PER_TURN) -> list[str] | None:
    """A turn's `count` lines most similar to the question, in the order said; None when the turn's lines and
    its vectors do not line up (it is then shown whole)."""
    scored = _scored_lines(known, similarity, turn, lines)
    if scored is None or not scored[0]:
        return None
    embedded, scores = scored
    said = np.where([not only_dates(line) for line in embedded], scores, -np.inf)  # a date says nothing
    best = sorted(np.argsort(-said)[:count])
    return [embedded[index] for index in best]


def line_meanings(known: SessionVectors, similarity: np.ndarray, turn: int, lines: Sequence[str]) -> dict[str, float]:
    """Each of a turn's lines with its similarity to the question, for the quote that answers it to be chosen by
    meaning too; empty when the turn's lines and its vectors do not line up."""
    scored = _scored_lines(known, similarity, turn, lines)
    return {} if scored is None else {line: round(float(score), 4) for line, score in zip(*scored, strict=True)}


def line_similarity(known: SessionVectors, text: str) -> np.ndarray | None:
    """Each said line's similarity to the question (its speakers' names left out), the lines of the speakers it
    names first; None without embeddings."""
    if not len(known.lines):
        return None
    names = speakers_named(text, known.speakers)
    query = embed_query(without_names(text, names))
    if query is None:
        return None
    return known.lines @ query + SPEAKER_BONUS * known.said_by(names)
