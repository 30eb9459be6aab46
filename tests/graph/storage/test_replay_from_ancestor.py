"""A session in use rebuilds each new checkpoint's transcript, summaries and request log from the checkpoint it
read before and the writes since, on either backend: the same values a fresh load reads from the database, across
turns, summaries, a regenerated answer and an edited question, and without walking back to the full copy."""

from pathlib import Path

import pytest

from graph.models import ModelProfile
from graph.session.runner import thread_config
from graph.storage.replay import delta_channels
from tests.conftest import make_engine

pytestmark = pytest.mark.storage

TURNS = 26  # past the first full copy of the transcript


def delta_values(saver, session_id: str) -> dict:
    """The delta channels' values at the session's latest checkpoint, as the saver rebuilds them."""
    latest = saver.get_tuple(thread_config(session_id))
    names = [name for name in delta_channels() if name not in latest.checkpoint["channel_values"]]
    histories = saver.get_delta_channel_history(config=latest.config, channels=names)
    values = {}
    for name, history in histories.items():
        channel = delta_channels()[name].from_checkpoint(history.get("seed"))
        channel.replay_writes(history["writes"])
        values[name] = channel.get()
    return values


def comparable(values: dict) -> dict:
    return {name: [(m.id, m.content) if hasattr(m, "id") else m for m in value] for name, value in values.items()}


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_new_checkpoint_is_rebuilt_from_the_one_read_before(backend: str, database: str, tmp_path: Path,
                                                             streaming: bool):
    engine = make_engine(database, profile=ModelProfile(label="fake", provider="remote", streaming=streaming,
                                                         tools=True, structured_output=True, context_window=128_000))
    fresh = make_engine(database)
    full_reads = []
    read_history = engine.saver.read_delta_history
    engine.saver.read_delta_history = lambda *args: full_reads.append(args) or read_history(*args)
    try:
        session = engine.session("long")
        for n in range(1, TURNS + 1):
            if n == 12:
                session.regenerate().wait()
            elif n == 18:
                session.edit_last(f"question {n - 1}, asked again", compression_rate=0.3).wait()
            else:
                session.send(f"question {n} about topic {n}", compression_rate=0.3).wait()
            engine.wait_idle()
            mine = delta_values(engine.saver, "long")
            fresh.saver._values.clear()
            assert comparable(mine) == comparable(delta_values(fresh.saver, "long")), f"turn {n}"
        assert len(session.messages()) == 2 * (TURNS - 2)
        assert len(full_reads) <= 4  # the first load, and each new version's fork point; the rest from the one before
    finally:
        engine.close()
        fresh.close()
