"""Rankings combined by rank (reciprocal-rank fusion), and words taken from the first results for a second
search: keyword and meaning lists each find what the other misses, and no score scale has to agree."""

import math
from collections import Counter
from collections.abc import Sequence

FUSION_K = 40  # measured on real dialogue: with five or six rankings fused, 40 balanced the budgets best
FEEDBACK_RESULTS = 5
FEEDBACK_WORDS = 8
RARE_SHARE = 0.05  # a feedback word must occur in at most this share of the session's turns


def fuse(rankings: Sequence[Sequence[int]], k: int = FUSION_K) -> list[int]:
    """Turns ordered by the sum of 1 / (k + rank) over the rankings they appear in, best first."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, turn in enumerate(ranking, 1):
            scores[turn] = scores.get(turn, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda turn: -scores[turn])


def feedback_words(first: Sequence[int], words_of: dict[int, frozenset[str]], asked: Sequence[str],
                   turns_with: Counter[str], turn_count: int) -> list[str]:
    """Rare words the first results share, weighted by how rare they are in the session (pseudo-relevance
    feedback): they find the other turns about the same thing that the question's own words miss."""
    rare_limit = max(1.0, turn_count * RARE_SHARE)
    weights: dict[str, float] = {}
    for turn in first[:FEEDBACK_RESULTS]:
        for word in words_of.get(turn, frozenset()):
            count = turns_with[word]
            if word not in asked and 0 < count <= rare_limit:
                weights[word] = weights.get(word, 0.0) + math.log(turn_count / count)
    return sorted(weights, key=lambda word: (-weights[word], word))[:FEEDBACK_WORDS]
