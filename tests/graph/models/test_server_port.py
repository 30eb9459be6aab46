"""Another OpenAI-compatible program on the bundled server's port is never taken for it: at start the server moves
to another free port, and after a crash the person is told which port another program holds, while nothing is
sent to that program (not even the key the server was started with)."""

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.models import local_server
from graph.models.server_exit import BundledServerStopped
from graph.models.server_identity import PortTakenError, identify
from tests.graph.models.stand_in_server import (
    ROOT,
    log_text,
    make_stand_in,
    poll,
    served_by,
    stand_in_engine,
)
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.faults


@pytest.fixture
def foreign() -> Iterator[OpenAIServer]:
    with openai_server(["smollm2-135m-instruct"]) as server:  # answers any key, with the bundled model's name
        yield server


def port_of(server: OpenAIServer) -> int:
    return int(server.base_url.rsplit(":", 1)[1].split("/")[0])


def test_a_port_another_program_took_first_is_left_for_another(tmp_path: Path, monkeypatch, foreign):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    ports = iter([port_of(foreign)])
    free = local_server.free_port
    monkeypatch.setattr(local_server, "free_port", lambda: next(ports, None) or free())
    server = make_stand_in(tmp_path)
    engine = stand_in_engine(server, tmp_path)
    try:
        assert server.port != port_of(foreign) and server.running
        logged = len(log_text(server))
        events = engine.session("moved").send("Name a colour of the sea.").wait()
        assert events[-1].kind == "reply" and served_by(server, logged) == {server.pid}, events[-1].text
        assert foreign.chats == [] and not any(server.api_key in key for key in foreign.keys)
    finally:
        engine.close()
        server.stop()


def test_a_port_taken_while_the_server_was_down_is_reported_and_sent_nothing(tmp_path, monkeypatch, stand_in,
                                                                            watched_engine):
    stand_in.gate.clear()  # the restart waits until the other program holds the port
    assert stand_in.port is not None and stand_in.pid is not None
    port, asked = stand_in.port, len(log_text(stand_in))
    os.kill(stand_in.pid, signal.SIGKILL)
    poll(lambda: stand_in.watch.state == "restarting", "the end to be noticed")
    with openai_server(["smollm2-135m-instruct"], port=port) as squatter:
        stand_in.gate.set()
        poll(lambda: stand_in.watch.state == "gone", "the server to be given up")
        for language, word in (("en", "Another program"), ("ko", "다른 프로그램"), ("zh", "另一个程序")):
            events = watched_engine.session("taken").send("Name a colour of the sea.", language=language).wait()
            told = events[-1]
            assert told.kind == "error" and word in told.text and str(port) in told.text, told.text
            stopped = told.error.get("error")
            assert isinstance(stopped, BundledServerStopped) and stopped.taken_port == port
        assert squatter.chats == [] and not any(stand_in.api_key in key for key in squatter.keys)
    assert "chat request" not in log_text(stand_in)[asked:]


def test_only_the_server_started_with_the_key_is_ours(stand_in, foreign):
    assert identify(stand_in.base_url, stand_in.api_key, 10.0) == "ours"
    assert identify(stand_in.base_url, "another key", 10.0) == "foreign"  # a server with a key of its own
    assert identify(foreign.base_url, stand_in.api_key, 10.0) == "foreign"  # a server that takes any key
    assert not any(stand_in.api_key in key for key in foreign.keys)


def test_a_start_gives_up_when_every_port_is_taken(tmp_path: Path, monkeypatch, foreign):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setattr(local_server, "free_port", lambda: port_of(foreign))
    with pytest.raises(PortTakenError, match=f"127.0.0.1:{port_of(foreign)}"):
        make_stand_in(tmp_path)
    assert foreign.chats == []
