"""A turn never waits for the sentence-embedding model to load: while it loads in the background recall goes on by
words alone, and once it is loaded every call gets vectors again."""

import functools
import threading

import numpy as np
import pytest

from graph.recall import embeddings

pytestmark = pytest.mark.unit


class SlowModel:
    """A model whose loading takes until the test lets it finish."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.loads = 0

    def load(self) -> object:
        self.loads += 1
        assert self.release.wait(30), "the test never let the model load"
        return self

    def encode(self, texts, **options) -> np.ndarray:
        rows = np.ones((len(texts), embeddings.DIMENSIONS), dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.fixture
def slow_model(monkeypatch):
    model = SlowModel()
    monkeypatch.setattr(embeddings, "_model", functools.cache(model.load))  # loaded once, as the real one
    monkeypatch.setattr(embeddings, "_warming", threading.Event())
    monkeypatch.setattr(embeddings, "_loaded", threading.Event())
    monkeypatch.setattr(embeddings, "_cache", embeddings.OrderedDict())
    yield model
    model.release.set()


def test_while_the_model_loads_in_the_background_nothing_waits_for_it(slow_model):
    embeddings.warm_up()
    assert embeddings.loading()
    assert embeddings.embed(["Where does my sister live?"]) is None  # at once, not after the load
    slow_model.release.set()
    assert embeddings.embed(["Where does my sister live?"], waiting=True).shape == (1, embeddings.DIMENSIONS)
    assert not embeddings.loading()
    assert embeddings.embed(["My sister lives in Busan."]).shape == (1, embeddings.DIMENSIONS)
    assert slow_model.loads == 1


def test_without_a_warm_up_the_first_call_loads_the_model_itself(slow_model):
    slow_model.release.set()
    assert not embeddings.loading()
    assert embeddings.embed(["Hello"]).shape == (1, embeddings.DIMENSIONS)
