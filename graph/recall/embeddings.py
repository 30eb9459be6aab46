"""Static word embeddings (WordLlama, 256 dimensions, weights shipped in its wheel): they find an earlier
turn that says the same thing in other words, where keyword search cannot. Loaded offline, once."""

import logging
import os
import threading
from collections.abc import Sequence
from functools import cache

import numpy as np

logger = logging.getLogger(__name__)
_lock = threading.Lock()


@cache
def _model() -> object | None:
    """The WordLlama model from the files its package ships, never the network; None when unavailable.

    Importing wordllama configures the root logger (INFO to stderr); that is undone, so no library's
    request log lands in the terminal chat or the app's output."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        import wordllama
        from wordllama import WordLlama

        root.handlers[:] = handlers
        root.setLevel(level)

        folder = os.path.dirname(wordllama.__file__)
        return WordLlama.load(cache_dir=folder, disable_download=True)
    except Exception:  # recall then ranks by keywords alone
        logger.warning("WordLlama embeddings unavailable; recall uses keyword search only", exc_info=True)
        return None


def embed(texts: Sequence[str]) -> np.ndarray | None:
    """Unit-length float32 vectors, one row per text; None when the model cannot be loaded."""
    with _lock:
        model = _model()
        if model is None:
            return None
        vectors = np.asarray(model.embed(list(texts)), dtype=np.float32)  # type: ignore[attr-defined]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1, norms)


def to_bytes(vector: np.ndarray) -> bytes:
    """A vector as stored beside its turn: half precision, plenty for ranking, half the bytes."""
    return np.asarray(vector, dtype=np.float16).tobytes()


def from_bytes(blobs: Sequence[bytes]) -> np.ndarray:
    """Stored vectors as one matrix, a row per turn."""
    if not blobs:
        return np.zeros((0, 0), dtype=np.float32)
    return np.vstack([np.frombuffer(blob, dtype=np.float16) for blob in blobs]).astype(np.float32)
