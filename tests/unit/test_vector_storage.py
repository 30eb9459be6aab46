"""How a turn's vectors are stored: 8-bit rows with a scale each, read back close enough that ranking does not
change; the half-precision rows stored before are still read, a different model's vectors are not."""

import numpy as np

from graph.recall.embeddings import DIMENSIONS, ROW_BYTES, from_bytes, to_bytes
from graph.recall.vectors import GrowingRows, best_first


def unit_rows(count: int, seed: int = 7) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((count, DIMENSIONS)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_eight_bit_rows_keep_the_cosine_and_take_half_the_bytes_of_half_precision():
    rows = unit_rows(5)
    blob = to_bytes(rows)
    assert len(blob) == 1 + 5 * ROW_BYTES <= rows.astype(np.float16).nbytes // 2 + 11
    back = from_bytes(blob)
    assert back.shape == (5, DIMENSIONS)
    cosine = (back * rows).sum(axis=1) / np.linalg.norm(back, axis=1)
    assert cosine.min() > 0.9999


def test_similarity_to_a_query_moves_by_well_under_a_percent():
    rows, query = unit_rows(200), unit_rows(1, seed=3)[0]
    assert np.abs(from_bytes(to_bytes(rows)) @ query - rows @ query).max() < 0.005


def test_half_precision_rows_stored_before_are_read_and_other_models_vectors_are_not():
    rows = unit_rows(3)
    assert np.allclose(from_bytes(rows.astype(np.float16).tobytes()), rows, atol=1e-3)
    assert from_bytes(np.zeros(256, dtype=np.float16).tobytes()) is None  # the earlier 256-dimension model
    assert from_bytes(b"") is None and from_bytes(None) is None


def test_rows_grow_in_place_and_earlier_arrays_stay_as_they_were():
    first = GrowingRows((2,), np.float32).extended(np.ones((3, 2), dtype=np.float32))
    second = first.extended(np.full((2, 2), 2, dtype=np.float32))
    assert first.array.shape == (3, 2) and second.array.shape == (5, 2)
    assert np.shares_memory(first.array, second.array)  # no copy of the rows already there
    other = first.extended(np.full((1, 2), 3, dtype=np.float32))  # a second extension of the same rows copies
    assert other.array[-1].tolist() == [3, 3] and second.array[3:].tolist() == [[2, 2], [2, 2]]


def test_best_first_matches_a_full_sort():
    scores = np.random.default_rng(1).standard_normal(5000)
    assert list(best_first(scores, 50)) == list(np.argsort(-scores)[:50])
    assert list(best_first(scores, 9000)) == list(np.argsort(-scores))
