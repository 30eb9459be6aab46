"""How a turn's vectors are stored: 4-bit rows with a step each, read back close enough that ranking does not
change; the 8-bit and half-precision rows stored before are still read, a different model's vectors are not; a turn
read before its vectors were made gains them in place."""

import numpy as np
import pytest

from graph.recall.embeddings import DIMENSIONS, EIGHT_BIT, PACKED_ROW_BYTES, from_bytes, to_bytes
from graph.recall.vectors import GrowingRows, SessionVectors, best_first

pytestmark = pytest.mark.unit


def unit_rows(count: int, seed: int = 7) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((count, DIMENSIONS)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_four_bit_rows_keep_the_cosine_and_take_a_quarter_of_the_bytes_of_half_precision():
    rows = unit_rows(5)
    blob = to_bytes(rows)
    assert len(blob) == 1 + 5 * PACKED_ROW_BYTES <= rows.astype(np.float16).nbytes // 4 + 11
    back = from_bytes(blob)
    assert back.shape == (5, DIMENSIONS)
    cosine = (back * rows).sum(axis=1) / np.linalg.norm(back, axis=1)
    assert cosine.min() > 0.985


def test_similarity_to_a_query_moves_by_about_half_a_percent_and_the_best_stay_best():
    rows, query = unit_rows(200), unit_rows(1, seed=3)[0]
    exact, stored = rows @ query, from_bytes(to_bytes(rows)) @ query
    assert np.abs(stored - exact).std() < 0.008 and np.abs(stored - exact).max() < 0.03
    best = set(np.argsort(-exact)[:10])  # random rows lie closer together than a conversation's turns do
    assert len(best & set(np.argsort(-stored)[:10])) >= 8


def test_eight_bit_rows_stored_before_are_read():
    rows = unit_rows(4)
    scales = np.abs(rows).max(axis=1) / 127
    blob = EIGHT_BIT + b"".join(np.float16(scale).tobytes() + np.round(row / scale).astype(np.int8).tobytes()
                                for scale, row in zip(scales, rows, strict=True))
    assert np.abs(from_bytes(blob) - rows).max() < 0.002


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


def stored_turn(turn: int, blob: bytes | None) -> tuple:
    """A row as storage gives it: a turn of two lines said, with or without its vectors."""
    record = {"turn": turn, "date": "2026-12-01", "user": f"Line one of turn {turn}.",
              "assistant": f"Line two of turn {turn}."}
    return turn, blob, 20, "2026-12-01", record


def test_a_turn_read_without_vectors_keeps_a_row_per_line_and_gains_them_in_place():
    """The vectors a turn gains after it was read go into the rows kept for it: the session's cached turns are not
    read again after every turn."""
    first, third = unit_rows(3, seed=1), unit_rows(3, seed=2)
    known = SessionVectors().extended([stored_turn(1, to_bytes(first)), stored_turn(2, None),
                                       stored_turn(3, to_bytes(third))], {})
    assert known.without_vectors == [2] and known.lines.shape == (6, DIMENSIONS)
    assert list(known.line_turns) == [1, 1, 2, 2, 3, 3]
    assert not known.matrix[1].any() and not known.lines[2:4].any()
    seen_before = known.lines  # an array a reader holds
    second = unit_rows(3, seed=5)
    assert not known.fill(2, second[:2])  # a line short: not its rows
    assert known.fill(2, second)
    assert known.without_vectors == [] and np.allclose(known.matrix[1], second[0])
    assert np.allclose(seen_before[2:4], second[1:]) and np.allclose(known.lines[4:], third[1:], atol=0.1)
    assert not known.fill(2, second)  # it has them already
