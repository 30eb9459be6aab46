"""The person's reply first: for a model on this machine, summaries, merges and fact lists prepared ahead wait while
any turn runs, so a reply never shares the model server or the cores with them, and they go ahead once the engine
is quiet (for an endpoint elsewhere they do not wait: tests/graph/session/test_team_on_one_server.py)."""

import threading
import time

import pytest

from graph.models import ModelProfile
from graph.session.activity import TurnActivity
from tests.conftest import make_engine
from tests.fakes.models import summary_calls
from tests.graph.recall.test_recall import play

pytestmark = pytest.mark.graph


@pytest.fixture
def engine(database):
    on_this_machine = ModelProfile("fake", "local", True, True, True, 128_000, summarizes=True)
    engine = make_engine(database, profile=on_this_machine)
    yield engine
    engine.close()


def test_a_summary_made_ahead_waits_while_a_turn_runs_and_follows_when_it_ends(engine):
    session = engine.session("ahead")
    play(session, ["one", "two"])
    engine.wait_idle()
    summary = engine.models.summary
    asked_before = len(summary_calls(summary))
    with engine.activity.running():  # another session's reply being made
        play(session, ["three"])  # the summary of turns 1-3 is due next: prepared ahead after this turn
        time.sleep(0.5)
        assert len(summary_calls(summary)) == asked_before
    engine.wait_idle()
    assert len(summary_calls(summary)) > asked_before
    play(session, ["four"])
    assert len(session.state()["summary_history"]) == 1


def test_quiet_comes_when_the_last_running_turn_ends():
    activity = TurnActivity()
    assert activity.wait_quiet(timeout=0)
    started = threading.Event()

    def turn() -> None:
        with activity.running():
            started.set()
            time.sleep(0.3)

    worker = threading.Thread(target=turn)
    worker.start()
    started.wait()
    assert activity.running_turns == 1
    assert not activity.wait_quiet(timeout=0.05)
    assert activity.wait_quiet(timeout=60)
    worker.join()
    assert activity.running_turns == 0
