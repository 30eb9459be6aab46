"""Turn vectors: one per completed turn, kept per session as a matrix a question is compared against."""

from collections.abc import Sequence

import numpy as np
from langchain_core.messages import BaseMessage

from graph.recall.embeddings import embed, from_bytes
from graph.recall.records import user_text


def turn_vectors(turns: Sequence[Sequence[BaseMessage]], bodies: Sequence[str]) -> np.ndarray | None:
    """Per turn, the mean of the user's words and the whole turn embedded: a question is matched against
    both, so a fact the user stated counts fully while the assistant's answers are still found."""
    vectors = embed([*(user_text(turn) for turn in turns), *bodies])
    if vectors is None:
        return None
    return (vectors[: len(turns)] + vectors[len(turns):]) / 2  # one vector: its dot product is the mean


class SessionVectors:
    """One session's turn vectors as a matrix, in turn order."""

    def __init__(self, turns: Sequence[int] = (), matrix: np.ndarray | None = None,
                 tokens: Sequence[int] = ()) -> None:
        self.turns, self.tokens = list(turns), list(tokens)
        self.matrix = matrix if matrix is not None else np.zeros((0, 0), dtype=np.float32)

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def extended(self, rows: Sequence[tuple[int, bytes, int]]) -> "SessionVectors":
        added = from_bytes([vector for _, vector, _ in rows])
        matrix = added if not self.turns else np.vstack([self.matrix, added])
        return SessionVectors([*self.turns, *(t for t, _, _ in rows)], matrix, [*self.tokens, *(n for _, _, n in rows)])
