"""A bundled server that makes no progress (frozen with SIGSTOP) is named hung, ended and started again, and the
turn says so in the page's language instead of asking for a shorter message; a server busy reading keeps running
and the turn that ran out of time is told that, as before."""

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.engine import Engine, assemble
from graph.models.factory import start_bundled
from graph.models.server_exit import BundledServerStopped
from graph.models.server_health import cpu_seconds, makes_progress
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from tests.graph.models.llama_stand_in import THINKING
from tests.graph.models.stand_in_server import (
    DEADLINE,
    QUESTION,
    REAL_QUESTION,
    ROOT,
    StandInServer,
    log_text,
    make_stand_in,
    poll,
    resume,
    served_by,
    stand_in_engine,
)

pytestmark = pytest.mark.faults

HANG_SECONDS = 3.0  # what the watch gives a server that neither answers nor computes; a stopped one never does
HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def slow_to_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StandInServer]:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    server = make_stand_in(tmp_path, hang_seconds=HANG_SECONDS)
    yield server
    server.stop()


@pytest.fixture
def impatient_engine(slow_to_hang: StandInServer, tmp_path: Path) -> Iterator[Engine]:
    engine = stand_in_engine(slow_to_hang, tmp_path, first_token_timeout=5.0, reply_timeout=10.0)
    yield engine
    engine.close()


def freeze(pid: int) -> int:
    """Stop the process with SIGSTOP (it neither answers nor computes, and does not end), once it is stopped."""
    os.kill(pid, signal.SIGSTOP)
    poll(lambda: Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T", "the process to stop")
    return pid


def stop_server(server: StandInServer) -> int:
    """Freeze the server's process."""
    assert server.pid is not None
    return freeze(server.pid)


@pytest.mark.parametrize(("language", "restarted", "script"), [
    ("en", "started again", re.compile("[a-z]")), ("ko", "다시 시작했습니다", HANGUL), ("zh", "重新启动", HAN)])
def test_a_frozen_server_is_named_hung_and_started_again(impatient_engine, slow_to_hang, language, restarted, script):
    frozen = stop_server(slow_to_hang)
    try:
        events = impatient_engine.session("frozen").send(QUESTION, language=language).wait()
    finally:
        resume(frozen)
    told = events[-1]
    assert told.kind == "error", [(e.kind, e.text) for e in events]
    assert restarted in told.text and script.search(told.text) and f"{HANG_SECONDS:.0f}" in told.text
    assert "shorter" not in told.text and "짧게" not in told.text and "更短" not in told.text
    stopped = told.error.get("error")
    assert isinstance(stopped, BundledServerStopped) and stopped.ended.hung and stopped.restarted
    assert slow_to_hang.running and slow_to_hang.pid != frozen and slow_to_hang.watch.exits[-1].hung
    logged = len(log_text(slow_to_hang))
    retried = impatient_engine.session("frozen").retry()
    assert retried[-1].kind == "reply", [(e.kind, e.text) for e in retried]
    assert served_by(slow_to_hang, logged) == {slow_to_hang.pid}


def test_a_server_frozen_mid_reply_is_started_again_and_the_retry_answered(impatient_engine, slow_to_hang):
    logged = len(log_text(slow_to_hang))
    slow_to_hang.hold.touch()  # the reply stops after its first words: then the process is frozen
    run = impatient_engine.session("mid").send(QUESTION)
    poll(lambda: "reply held" in log_text(slow_to_hang)[logged:], "the reply to begin")
    frozen = stop_server(slow_to_hang)
    slow_to_hang.hold.unlink()
    try:
        events = run.wait()
    finally:
        resume(frozen)
    assert events[-1].kind == "error" and "stopped responding" in events[-1].text, events[-1].text
    assert slow_to_hang.pid != frozen
    logged = len(log_text(slow_to_hang))
    retried = impatient_engine.session("mid").retry()
    assert retried[-1].kind == "reply" and served_by(slow_to_hang, logged) == {slow_to_hang.pid}


def test_a_busy_server_is_not_taken_for_a_hung_one(impatient_engine, slow_to_hang):
    busy = slow_to_hang.pid
    slow_to_hang.hold.touch()  # the stand-in computes, holding its model, until the file goes
    logged = len(log_text(slow_to_hang))
    events = impatient_engine.session("busy").send("Think hard about the harbour.").wait()
    assert THINKING in log_text(slow_to_hang)[logged:]
    slow_to_hang.hold.unlink()
    assert events[-1].kind == "error" and "too long" in events[-1].text, events[-1].text
    assert "stopped responding" not in events[-1].text
    assert slow_to_hang.pid == busy and slow_to_hang.watch.exits == [] and slow_to_hang.watch.state == "running"
    logged = len(log_text(slow_to_hang))
    answered = impatient_engine.session("busy").send("Name a colour of the sea.").wait()
    assert answered[-1].kind == "reply" and served_by(slow_to_hang, logged) == {busy}


def test_progress_is_an_answer_or_processor_time_and_a_frozen_process_has_neither():
    sleeper = subprocess.Popen(["sleep", "600"])
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert cpu_seconds(sleeper.pid) is not None
        assert makes_progress(sleeper.pid, lambda timeout: True, DEADLINE)
        assert not makes_progress(sleeper.pid, lambda timeout: False, 1.0)
        assert makes_progress(spinner.pid, lambda timeout: False, DEADLINE)
        freeze(spinner.pid)
        assert not makes_progress(spinner.pid, lambda timeout: False, 1.0)
    finally:
        for process in (sleeper, spinner):
            process.kill()
            process.wait()


@pytest.mark.local_model
def test_the_real_bundled_server_frozen_is_named_hung_started_again_and_answers(tmp_path):
    path = tmp_path / "chat.sqlite"
    settings = Settings(db_path=str(path), first_token_timeout=20.0, reply_timeout=60.0)
    models, server = start_bundled(settings, lambda message: None)
    engine = assemble(settings, create_checkpointer(path), models, server=server)
    assert server.pid is not None
    frozen = freeze(server.pid)
    try:
        events = engine.session("real").send(REAL_QUESTION).wait()
        assert events[-1].kind == "error", [(e.kind, e.text) for e in events]
        assert "stopped responding" in events[-1].text and "shorter" not in events[-1].text
        assert server.running and server.pid != frozen and server.watch.exits[-1].hung
        answered = engine.session("real").send("Can you name one primary colour?").wait()
        assert answered[-1].kind == "reply" and answered[-1].text.strip(), [(e.kind, e.text) for e in answered]
    finally:
        resume(frozen)
        engine.close()
