"""How close in meaning each of a few candidate sentences is to a question, measured sentence by sentence with
the multilingual embeddings (a line's vector mixes its small talk with its fact; a sentence's does not), in
spreads of the recalled lines' closeness: the scale every line and sentence is compared on."""

from collections.abc import Iterable, Sequence

import numpy as np

from graph.recall.embeddings import embed, embed_query

MEANING_NOISE = 0.03  # cosines closer than this tell lines apart by chance: the spread is never taken as smaller


def spread_of(measured: Sequence[float]) -> tuple[float, float] | None:
    """The mean and the spread of the lines' closeness; None with fewer than two lines measured."""
    if len(measured) < 2:
        return None
    scores = np.array(measured, dtype=np.float64)
    return float(scores.mean()), max(float(scores.std()), MEANING_NOISE)


def sentence_closeness(question: str, sentences: Iterable[str], scale: tuple[float, float]) -> dict[str, float]:
    """Each sentence's closeness to the question in spreads above the lines' mean (by its text); empty without
    embeddings."""
    said = list(dict.fromkeys(sentences))
    query = embed_query(question) if said else None
    vectors = embed(said) if query is not None else None
    if query is None or vectors is None:
        return {}
    mean, spread = scale
    return {sentence: (float(cosine) - mean) / spread for sentence, cosine in zip(said, vectors @ query, strict=True)}
