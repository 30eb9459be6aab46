"""Notice the bundled model's server ending unasked (any signal, any exit code), start it again once on its port,
and tell a failed turn whether that end is what cut it, so the person reads what happened instead of a bare
connection error."""

import logging
import subprocess
import threading
from typing import Literal, Protocol

import openai

from graph.models.server_exit import BundledServerStopped, ServerExit

logger = logging.getLogger(__name__)

NOTICE_SECONDS = 5.0  # how long a failed turn waits for the end of the server to be noticed (it takes milliseconds)
WARM_SECONDS = 60.0  # what a restart may take beyond the server's start: reading the usual opening again

State = Literal["running", "restarting", "gone", "stopped"]


class WatchedServer(Protocol):
    """What the watch needs of the server it follows."""

    startup_timeout: float

    def relaunch(self) -> subprocess.Popen | None:
        """The server started again on its port, ready and warmed; None when it did not come back."""

    def last_log_line(self) -> str:
        """The last line the server wrote."""


def cut_connection(error: BaseException) -> bool:
    """Whether the error, or one it was raised from, is a connection refused, reset or closed mid-reply (what a
    turn sees when the server ends under it), and not a deadline that passed."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, (openai.APITimeoutError, TimeoutError)):
            return False
        if isinstance(current, (openai.APIConnectionError, ConnectionError)):
            return True
        current = current.__cause__ or current.__context__
    return False


class ServerWatch:
    """Waits on the server's process in a thread; when it ends unasked, records how and starts it again while
    restarts are left (one by default), so the next turn finds it ready on the same port."""

    def __init__(self, server: WatchedServer, restarts: int = 1) -> None:
        self.server, self.restarts = server, restarts
        self.exits: list[ServerExit] = []  # every unasked end since the server was made, oldest first
        self.state: State = "stopped"
        self._left = restarts
        self._generation = 0  # changes at each start and stop, so a watch of an older process does nothing
        self._changed = threading.Condition()
        self.thread: threading.Thread | None = None  # the thread waiting on the newest process

    def follow(self, process: subprocess.Popen) -> None:
        """Watch a freshly started server, with its restarts renewed."""
        with self._changed:
            self._generation += 1
            self._left = self.restarts
            self._set("running")
            generation = self._generation
        self.thread = threading.Thread(target=self._watch, args=(process, generation), name="model-server-watch",
                                       daemon=True)
        self.thread.start()

    def stopped(self) -> None:
        """The server is being stopped on purpose: its end is no failure, and nothing starts it again."""
        with self._changed:
            self._generation += 1
            self._set("stopped")

    def mark(self) -> int:
        """How many times the server has ended so far: a turn keeps it to know whether an end came during it."""
        with self._changed:
            return len(self.exits)

    def begin_turn(self) -> int:
        """A turn's mark, taken once a restart under way has finished, so the turn finds the server ready."""
        self.wait_ready(self.server.startup_timeout + WARM_SECONDS)
        return self.mark()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait while the server is being started again; whether it then runs."""
        with self._changed:
            self._changed.wait_for(lambda: self.state != "restarting", timeout=timeout)
            return self.state == "running"

    def cause(self, error: BaseException, since: int) -> BundledServerStopped | None:
        """The server's end behind a turn's `error` (a turn that began at mark `since`), once any restart has
        settled; None when the server did not end (or was stopped on purpose) and the error is its own."""
        notice = NOTICE_SECONDS if cut_connection(error) else 0.0
        with self._changed:
            if not self._changed.wait_for(
                    lambda: len(self.exits) > since or self.state == "stopped" or (notice > 0 and self.state == "gone"),
                    timeout=notice):
                return None
            self._changed.wait_for(lambda: self.state != "restarting",
                                   timeout=self.server.startup_timeout + WARM_SECONDS)
            if self.state == "stopped":
                return None
            ended = self.exits[-1]
            restarted = self.state == "running"
        stopped = BundledServerStopped(ended, restarted, self.server.last_log_line())
        stopped.__cause__ = error
        return stopped

    def _set(self, state: State) -> None:
        """Change the state and wake whoever waits on it; the caller holds the condition."""
        self.state = state
        self._changed.notify_all()

    def _watch(self, process: subprocess.Popen, generation: int) -> None:
        """Wait for each process to end; record an unasked end and start the server again while restarts last."""
        while True:
            returncode = process.wait()
            ended = ServerExit(returncode, self.server.last_log_line())
            with self._changed:
                if generation != self._generation:  # stopped on purpose, or started afresh
                    return
                self.exits.append(ended)
                again = self._left > 0
                self._left -= int(again)
                self._set("restarting" if again else "gone")
            how = ended.signal_name or f"exit code {returncode}"
            if not again:
                logger.error("The bundled model's server ended (%s) after its restart; last line: %s", how,
                             ended.log_line)
                return
            logger.warning("The bundled model's server ended (%s); starting it again. Last line: %s", how,
                           ended.log_line)
            relaunched = self.server.relaunch()
            with self._changed:
                if generation != self._generation:
                    return
                if relaunched is None:
                    logger.error("The bundled model's server did not start again; last line: %s",
                                 self.server.last_log_line())
                    self._set("gone")
                    return
                self._set("running")
            process = relaunched
