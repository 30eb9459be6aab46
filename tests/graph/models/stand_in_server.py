"""The bundled server's whole life (guard, log, key, watch, restart) around the llama.cpp stand-in, and the engine
that talks to it, for the tests that end, stop or crowd out the server's process."""

import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from graph.engine import Engine, assemble
from graph.models import create_bundled_models
from graph.models.local_server import LocalModelServer
from graph.models.server_watch import Backoff
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from state.session import TurnEvent
from tests.graph.models.llama_stand_in import HELD

ROOT = Path(__file__).resolve().parents[3]
DEADLINE = 60.0  # generous on a busy machine; each wait ends as soon as what it waits for is there
QUICK_BACKOFF = Backoff(first=0.1, most=0.8, stable=3600.0, attempts=3)  # every end in a test counts as soon
QUESTION = "Describe the harbour at dusk."
REAL_QUESTION = "Can you tell me a long story about the sea, its ships and their sailors?"  # the real model answers


class StandInServer(LocalModelServer):
    """The bundled server around the stand-in instead of llama.cpp: its replies stop after their first words while
    the `hold` file exists, it refuses to start while the `refuse` file exists, and a restart waits for `gate`."""

    def __init__(self, model_path: Path, hold: Path, **options) -> None:
        super().__init__(model_path, **options)
        self.hold, self.refuse = hold, hold.with_name("refuse")
        self.gate = threading.Event()
        self.gate.set()

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tests.graph.models.llama_stand_in", "--port", str(self.port),
                "--model_alias", self.model_alias, "--hold", str(self.hold), "--refuse", str(self.refuse)]

    def relaunch(self):
        assert self.gate.wait(DEADLINE), "the test never let the restart go on"
        return super().relaunch()


def make_stand_in(tmp_path: Path, **options) -> StandInServer:
    """A started stand-in server (the stand-in is a module of the tests: PYTHONPATH must name the project)."""
    assert str(ROOT) in os.environ.get("PYTHONPATH", "").split(os.pathsep)
    weights = tmp_path / "stand-in.gguf"
    weights.write_bytes(b"GGUF")
    server = StandInServer(weights, tmp_path / "hold", startup_timeout=DEADLINE, backoff=QUICK_BACKOFF, **options)
    server.start()
    server.warm("You are a helpful assistant.")
    return server


def stand_in_engine(server: StandInServer, tmp_path: Path, **settings) -> Engine:
    """An engine on the bundled profile whose models talk to the stand-in with its key."""
    path = tmp_path / "chat.sqlite"
    chosen = Settings(db_path=str(path), **settings)
    return assemble(chosen, create_checkpointer(path), create_bundled_models(chosen, server.base_url, server),
                    server=server)


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


def served_by(server: LocalModelServer, logged: int) -> set[int]:
    """The processes that took chat requests since the log was `logged` characters long."""
    return {int(pid) for pid in re.findall(r"chat request \d+ to (\d+):", log_text(server)[logged:])}


def last_line(server: LocalModelServer) -> str:
    """The last line the server wrote."""
    return [line.strip() for line in log_text(server).splitlines() if line.strip()][-1]


def end_mid_reply(engine: Engine, session_id: str, server: StandInServer, signal_number: int,
                  language: str = "en") -> list[TurnEvent]:
    """Send a message, send the server's process `signal_number` once its reply has begun, and return the turn's
    events once the server runs again (or is given up)."""
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


def resume(pid: int) -> None:
    """Let a stopped process go on, when it still exists."""
    try:
        os.kill(pid, signal.SIGCONT)
    except ProcessLookupError:
        pass
