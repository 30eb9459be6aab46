"""A bundled model server that ends mid-reply (SIGKILL, SIGILL from an instruction the CPU lacks, an exit code) is
noticed: the turn it cut says what happened, the server is started again on its port every time it ends, waiting
longer while it keeps ending, and answers the next turn; one that cannot start again tells the person what to do
instead of a bare connection error on every turn."""

import logging
import os
import re
import signal

import pytest

from graph.engine import assemble
from graph.models.factory import start_bundled
from graph.models.server_exit import BundledServerStopped
from graph.models.server_watch import Backoff
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from tests.graph.models.llama_stand_in import GIVING_UP, REFUSING
from tests.graph.models.stand_in_server import (
    DEADLINE,
    REAL_QUESTION,
    end_mid_reply,
    last_line,
    log_text,
    poll,
    served_by,
)

pytestmark = pytest.mark.faults

HANGUL = re.compile(r"[\uac00-\ud7a3]")
DELAY = re.compile(r"starting it again in ([0-9.]+) s")


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGILL])
def test_a_server_ended_mid_reply_is_told_and_the_restarted_one_answers_the_retry(watched_engine, stand_in,
                                                                                  signal_number):
    first = stand_in.pid
    events = end_mid_reply(watched_engine, "harbour", stand_in, signal_number)
    error = events[-1]
    assert error.kind == "error", [(e.kind, e.text) for e in events]
    assert signal.Signals(signal_number).name in error.text and "started again" in error.text
    assert "not responding" not in error.text and "cannot be reached" not in error.text
    stopped = error.error.get("error")
    assert isinstance(stopped, BundledServerStopped) and stopped.restarted
    assert stand_in.running and stand_in.pid != first
    session = watched_engine.session("harbour")
    logged = len(log_text(stand_in))
    retried = session.retry()
    watched_engine.wait_idle()
    assert retried[-1].kind == "reply", [(e.kind, e.text) for e in retried]
    assert served_by(stand_in, logged) == {stand_in.pid}  # by the process started again
    assert not session.unfinished() and session.turns_completed() == 1


def test_the_next_message_after_a_restart_is_answered_by_the_new_process(watched_engine, stand_in):
    end_mid_reply(watched_engine, "next", stand_in, signal.SIGKILL)
    logged = len(log_text(stand_in))
    answered = watched_engine.session("next").send("Name a colour of the sea.").wait()
    assert answered[-1].kind == "reply", [(e.kind, e.text) for e in answered]
    assert served_by(stand_in, logged) == {stand_in.pid}  # the restarted process took the request
    assert stand_in.base_url.endswith(f":{stand_in.port}/v1")  # the clients' address did not change


def test_every_end_is_started_again_each_time_after_a_longer_wait(watched_engine, stand_in, caplog):
    caplog.set_level(logging.WARNING, logger="graph.models.server_watch")
    pids = [stand_in.pid]
    for number, signal_number in enumerate([signal.SIGKILL, signal.SIGILL, signal.SIGKILL], start=1):
        events = end_mid_reply(watched_engine, "thrice", stand_in, signal_number, language="ko")
        assert events[-1].kind == "error" and HANGUL.search(events[-1].text)
        assert signal.Signals(signal_number).name in events[-1].text and "다시 시작되었습니다" in events[-1].text
        assert stand_in.running and stand_in.pid not in pids and len(stand_in.watch.exits) == number
        pids.append(stand_in.pid)
        logged = len(log_text(stand_in))
        retried = watched_engine.session("thrice").retry()
        assert retried[-1].kind == "reply" and served_by(stand_in, logged) == {stand_in.pid}, retried[-1].text
    delays = [float(found) for found in DELAY.findall(caplog.text)]
    assert delays == [0.1, 0.2, 0.4]  # the quick backoff doubles while the server keeps ending soon after a start


def test_a_server_that_cannot_start_again_says_what_to_do_with_the_logs_last_line(watched_engine, stand_in):
    stand_in.refuse.touch()  # every start from now on ends at once, as a damaged model file does
    events = end_mid_reply(watched_engine, "gone", stand_in, signal.SIGILL, language="ko")
    told, line = events[-1].text, last_line(stand_in)
    assert line == REFUSING and log_text(stand_in).count(REFUSING) == 3  # three starts tried, then given up
    assert events[-1].kind == "error" and HANGUL.search(told)
    assert "SIGILL" in told and line in told and "OPENAI_BASE_URL" in told and "CHAT_MODEL" in told
    assert not stand_in.running and stand_in.watch.state == "gone"
    for _ in range(2):  # every later turn says the same, never a bare connection error
        again = watched_engine.session("gone").retry()
        assert again[-1].kind == "error"
        assert "OPENAI_BASE_URL" in again[-1].text and line in again[-1].text and "SIGILL" in again[-1].text
        assert "cannot be reached" not in again[-1].text


def test_an_exit_code_is_told_when_no_signal_ended_the_server(watched_engine, stand_in):
    first = stand_in.pid
    events = watched_engine.session("exit").send("Describe the harbour, then give up.").wait()
    assert events[-1].kind == "error", [(e.kind, e.text) for e in events]
    assert "exit code 3" in events[-1].text and "started again" in events[-1].text
    poll(lambda: stand_in.watch.state == "running", "the server to run again")
    assert GIVING_UP in log_text(stand_in) and stand_in.running and stand_in.pid != first


def test_a_deliberate_stop_starts_nothing_again(stand_in):
    thread = stand_in.watch.thread
    stand_in.stop()
    assert thread is not None
    thread.join(DEADLINE)
    assert not thread.is_alive()
    assert stand_in.watch.exits == [] and stand_in.watch.state == "stopped" and not stand_in.running
    assert log_text(stand_in).count("serving") == 1


def test_a_stop_while_waiting_to_start_again_starts_nothing(stand_in):
    stand_in.gate.clear()  # the restart waits for the test
    assert stand_in.pid is not None
    os.kill(stand_in.pid, signal.SIGKILL)
    poll(lambda: stand_in.watch.state == "restarting", "the end to be noticed")
    stand_in.stop()
    stand_in.gate.set()
    assert stand_in.watch.thread is not None
    stand_in.watch.thread.join(DEADLINE)
    assert stand_in.watch.state == "stopped" and not stand_in.running
    assert log_text(stand_in).count("serving") == 1


def test_the_backoff_doubles_up_to_its_most():
    backoff = Backoff(first=1.0, most=10.0)
    assert [backoff.delay(ends) for ends in range(1, 7)] == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0]


@pytest.mark.local_model
def test_the_real_bundled_server_ended_by_sigill_mid_reply_answers_the_next_turn(tmp_path):
    path = tmp_path / "chat.sqlite"
    settings = Settings(db_path=str(path))
    models, server = start_bundled(settings, lambda message: None)
    engine = assemble(settings, create_checkpointer(path), models, server=server)
    try:
        first = server.pid
        run = engine.session("real").send(REAL_QUESTION)
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
