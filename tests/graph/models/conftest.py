"""The stand-in bundled server and its engine, for the tests of the server's watch."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.engine import Engine
from tests.graph.models.stand_in_server import ROOT, StandInServer, make_stand_in, stand_in_engine


@pytest.fixture
def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandInServer]:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the stand-in is a module of the tests
    server = make_stand_in(tmp_path)
    yield server
    server.stop()


@pytest.fixture
def watched_engine(stand_in: StandInServer, tmp_path: Path) -> Iterator[Engine]:
    engine = stand_in_engine(stand_in, tmp_path)
    yield engine
    engine.close()
