"""A bundled model server that ends mid-reply (SIGKILL, SIGILL from an instruction the CPU lacks) is noticed: the
turn it cut says what happened, the server is started again once on its port and answers the next turn, and a
second end tells the person what to do instead of a bare connection error on every turn."""

import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graph.engine import Engine, assemble
from graph.models import create_bundled_models
from graph.models.factory import start_bundled
from graph.models.local_server import LocalModelServer
from graph.models.server_exit import BundledServerStopped
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from state.session import TurnEvent
from tests.graph.models.llama_stand_in import GIVING_UP, HELD

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[3]
DEADLINE = 60.0  # generous on a busy machine; each wait ends as soon as what it waits for is there
HANGUL = re.compile(r"[\uac00-\ud7a3]")
QUESTION = "Describe the harbour at dusk."


class StandInServer(LocalModelServer):
    """The bundled server's whole life (guard, log, watch, restart) around the stand-in instead of llama.cpp;
    its replies stop after their first words while the `hold` file exists."""

    def __init__(self, model_path: Path, hold: Path, **options) -> None:
        super().__init__(model_path, **options)
        self.hold = hold

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tests.graph.models.llama_stand_in",
                "--port", str(self.port), "--model_alias", self.model_alias, "--hold", str(self.hold)]


def poll(condition: Callable[[], bool], what: str) -> None:
    """Wait until `condition` holds, failing after DEADLINE seconds."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"waited {DEADLINE:.0f} s for {what}"
        time.sleep(0.05)


def log_text(server: LocalModelServer) -> str:
    """Everything the server has written, across its restarts."""
    assert server.log_path is not None
    return server.log_path.read_text(errors="replace")


def last_line(server: LocalModelServer) -> str:
    """The last line the server wrote."""
    return [line.strip() for line in log_text(server).splitlines() if line.strip()][-1]


@pytest.fixture
def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandInServer]:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the stand-in is a module of the tests
    weights = tmp_path / "stand-in.gguf"
    weights.write_bytes(b"GGUF")
    server = StandInServer(weights, tmp_path / "hold", startup_timeout=DEADLINE)
    server.start()
    server.warm("You are a helpful assistant.")
    yield server
    server.stop()


@pytest.fixture
def engine(stand_in: StandInServer, tmp_path: Path) -> Iterator[Engine]:
    path = tmp_path / "chat.sqlite"
    settings = Settings(db_path=str(path))
    engine = assemble(settings, create_checkpointer(path), create_bundled_models(settings, stand_in.base_url),
                      server=stand_in)
    yield engine
    engine.close()


def end_mid_reply(engine: Engine, session_id: str, server: StandInServer, signal_number: int,
                  language: str = "en") -> list[TurnEvent]:
    """Send a message, end the server's process once its reply has begun, and return the turn's events."""
    logged = len(log_text(server))
    server.hold.touch()
    run = engine.session(session_id).send(QUESTION, language=language)
    poll(lambda: HELD in log_text(server)[logged:], "the reply to begin")
    assert server.pid is not None
    os.kill(server.pid, signal_number)
    events = run.wait()
    server.hold.unlink()
    engine.wait_idle()
    return events


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGILL])
def test_a_server_ended_mid_reply_is_told_and_the_restarted_one_answers_the_retry(engine, stand_in, signal_number):
    first = stand_in.pid
    events = end_mid_reply(engine, "harbour", stand_in, signal_number)
    error = events[-1]
    assert error.kind == "error", [(e.kind, e.text) for e in events]
    assert signal.Signals(signal_number).name in error.text and "started again" in error.text
    assert "not responding" not in error.text and "cannot be reached" not in error.text
    stopped = error.error.get("error")
    assert isinstance(stopped, BundledServerStopped) and stopped.restarted
    assert stand_in.running and stand_in.pid != first
    session = engine.session("harbour")
    retried = session.retry()
    engine.wait_idle()
    assert retried[-1].kind == "reply", [(e.kind, e.text) for e in retried]
    assert f"served by {stand_in.pid}" in retried[-1].text  # by the process started again
    assert not session.unfinished() and session.turns_completed() == 1


def test_the_next_message_after_a_restart_is_answered_by_the_new_process(engine, stand_in):
    end_mid_reply(engine, "next", stand_in, signal.SIGKILL)
    logged = len(log_text(stand_in))
    answered = engine.session("next").send("Name a colour of the sea.").wait()
    assert answered[-1].kind == "reply", [(e.kind, e.text) for e in answered]
    assert "chat request" in log_text(stand_in)[logged:]  # the restarted process took the request
    assert stand_in.base_url.endswith(f":{stand_in.port}/v1")  # the clients' address did not change


def test_a_second_end_says_what_to_do_with_the_logs_last_line(engine, stand_in):
    end_mid_reply(engine, "twice", stand_in, signal.SIGKILL)
    events = end_mid_reply(engine, "twice", stand_in, signal.SIGILL, language="ko")
    told, line = events[-1].text, last_line(stand_in)
    assert events[-1].kind == "error" and HANGUL.search(told)
    assert "SIGILL" in told and line in told and "OPENAI_BASE_URL" in told and "CHAT_MODEL" in told
    assert not stand_in.running and stand_in.watch.state == "gone"
    for _ in range(2):  # every later turn says the same, never a bare connection error
        again = engine.session("twice").retry()
        assert again[-1].kind == "error"
        assert "OPENAI_BASE_URL" in again[-1].text and line in again[-1].text and "SIGILL" in again[-1].text
        assert "cannot be reached" not in again[-1].text


def test_an_exit_code_is_told_when_no_signal_ended_the_server(engine, stand_in):
    first = stand_in.pid
    events = engine.session("exit").send("Describe the harbour, then give up.").wait()
    assert events[-1].kind == "error", [(e.kind, e.text) for e in events]
    assert "exit code 3" in events[-1].text and "started again" in events[-1].text
    assert GIVING_UP in log_text(stand_in) and stand_in.running and stand_in.pid != first


def test_a_deliberate_stop_starts_nothing_again(stand_in):
    thread = stand_in.watch.thread
    stand_in.stop()
    assert thread is not None
    thread.join(DEADLINE)
    assert not thread.is_alive()
    assert stand_in.watch.exits == [] and stand_in.watch.state == "stopped" and not stand_in.running
    assert log_text(stand_in).count("serving") == 1


@pytest.mark.local_model
def test_the_real_bundled_server_ended_by_sigill_mid_reply_answers_the_next_turn(tmp_path):
    path = tmp_path / "chat.sqlite"
    settings = Settings(db_path=str(path))
    models, server = start_bundled(settings, lambda message: None)
    engine = assemble(settings, create_checkpointer(path), models, server=server)
    try:
        first = server.pid
        run = engine.session("real").send("Write a long story about the sea, its ships and their sailors.")
        for event in run:
            if event.kind == "token":  # the reply has begun
                assert server.pid is not None
                os.kill(server.pid, signal.SIGILL)
                break
        events = run.wait()
        engine.wait_idle()
        assert events[-1].kind == "error", [(e.kind, e.text) for e in events]
        assert "SIGILL" in events[-1].text and "started again" in events[-1].text
        assert server.running and server.pid != first
        answered = engine.session("real").send("Name one primary colour.").wait()
        assert answered[-1].kind == "reply" and answered[-1].text.strip(), [(e.kind, e.text) for e in answered]
    finally:
        engine.close()
