"""Notice the bundled model's server ending unasked (any signal, any exit code) or hanging (no progress within a
deadline), start it again on its port every time, waiting longer while it keeps ending soon after its start, and
tell a failed turn what cut it, so the person reads what happened instead of a bare connection error or a
misnamed timeout."""

import logging
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, Protocol

import openai

from graph.models.server_exit import BundledServerStopped, ServerExit
from graph.models.server_health import HANG_SECONDS, makes_progress
from graph.models.server_identity import PortTakenError

logger = logging.getLogger(__name__)

NOTICE_SECONDS = 5.0  # how long a failed turn waits for the end of the server to be noticed (it takes milliseconds)
WARM_SECONDS = 60.0  # what a restart may take beyond the server's start: reading the usual opening again

State = Literal["running", "restarting", "gone", "stopped"]


@dataclass(frozen=True)
class Backoff:
    """When the server is started again: after `first` seconds, twice as long for each end that came within
    `stable` seconds of its start (at most `most`), and given up after `attempts` starts in a row that failed."""

    first: float = 1.0
    most: float = 30.0
    stable: float = 60.0
    attempts: int = 3

    def delay(self, quick_ends: int) -> float:
        """Seconds to wait before the next start, after `quick_ends` ends in a row soon after a start."""
        return min(self.most, self.first * 2 ** max(0, quick_ends - 1))


class WatchedServer(Protocol):
    """What the watch needs of the server it follows."""

    startup_timeout: float

    @property
    def pid(self) -> int | None:
        """The server process's id."""

    def relaunch(self) -> subprocess.Popen | None:
        """The server started again on its port, ready and warmed; None when it did not come back, PortTakenError
        when another program holds the port."""

    def answers(self, timeout: float) -> bool:
        """Whether the server answered a question within `timeout` seconds."""

    def kill(self, pid: int) -> None:
        """End the process group at once, when `pid` is still the server's process."""

    def last_log_line(self) -> str:
        """The last line the server wrote."""


def causes(error: BaseException) -> Iterator[BaseException]:
    """The error and those it was raised from."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def timed_out(error: BaseException) -> bool:
    """Whether the error, or one it was raised from, is a deadline that passed."""
    return any(isinstance(cause, (openai.APITimeoutError, TimeoutError)) for cause in causes(error))


def cut_connection(error: BaseException) -> bool:
    """Whether the error, or one it was raised from, is a connection refused, reset or closed mid-reply (what a
    turn sees when the server ends under it), and not a deadline that passed."""
    return not timed_out(error) and any(isinstance(cause, (openai.APIConnectionError, ConnectionError))
                                        for cause in causes(error))


class ServerWatch:
    """Waits on the server's process in a thread; when it ends unasked, records how and starts it again, so the
    next turn finds it ready on the same port; a turn that ran out of time has it checked for a hang."""

    def __init__(self, server: WatchedServer, backoff: Backoff | None = None,
                 hang_seconds: float = HANG_SECONDS) -> None:
        self.server, self.backoff, self.hang_seconds = server, backoff or Backoff(), hang_seconds
        self.exits: list[ServerExit] = []  # every unasked end since the server was made, oldest first
        self.state: State = "stopped"
        self.taken_port: int | None = None  # the port another program held when the last start failed
        self._generation = 0  # changes at each start and stop, so a watch of an older process does nothing
        self._started_at = 0.0
        self._quick_ends = 0  # ends in a row that came soon after their start
        self._hung: tuple[int, float] = (0, 0.0)  # the process ended for a hang, and how long it made no progress
        self._changed = threading.Condition()
        self._checking = threading.Lock()  # one hang check at a time; turns that timed out together share it
        self.thread: threading.Thread | None = None  # the thread waiting on the newest process

    def follow(self, process: subprocess.Popen) -> None:
        """Watch a freshly started server."""
        with self._changed:
            self._generation += 1
            self._quick_ends, self.taken_port, self._started_at = 0, None, time.monotonic()
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
        self.wait_ready(self._restart_seconds())
        return self.mark()

    def admit(self) -> None:
        """Let a request go to the server's port once a restart under way has finished; raise the server's end
        when it did not come back, so no request reaches another program that took the port meanwhile."""
        self.wait_ready(self._restart_seconds())
        with self._changed:
            if self.state in ("restarting", "gone") and self.exits:
                raise self._failure()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait while the server is being started again; whether it then runs."""
        with self._changed:
            self._changed.wait_for(lambda: self.state != "restarting", timeout=timeout)
            return self.state == "running"

    def cause(self, error: BaseException, since: int) -> BundledServerStopped | None:
        """The server's end behind a turn's `error` (a turn that began at mark `since`), once any restart has
        settled; a turn that ran out of time has the server checked, and ended when it hung. None when the server
        did not end (or was stopped on purpose) and the error is its own."""
        for reason in causes(error):
            if isinstance(reason, BundledServerStopped):  # the gate refused the request: the server is not back
                return reason
        notice = NOTICE_SECONDS if cut_connection(error) or (timed_out(error) and self._ended_hung(since)) else 0.0
        with self._changed:
            if not self._changed.wait_for(
                    lambda: len(self.exits) > since or self.state == "stopped" or (notice > 0 and self.state == "gone"),
                    timeout=notice):
                return None
            self._changed.wait_for(lambda: self.state != "restarting", timeout=self._restart_seconds())
            if self.state == "stopped":
                return None
            stopped = self._failure()
        stopped.__cause__ = error
        return stopped

    def _ended_hung(self, since: int) -> bool:
        """Whether the server, checked after a turn ran out of time, made no progress and was ended for it."""
        with self._checking:
            pid = self.server.pid
            with self._changed:
                if len(self.exits) > since or self._hung[0] == pid:  # it ended during the turn, or was found hung
                    return True
                if self.state != "running" or pid is None:
                    return False
            if makes_progress(pid, self.server.answers, self.hang_seconds):
                return False
            with self._changed:
                self._hung = (pid, self.hang_seconds)
            logger.error("The bundled model's server made no progress for %.0f s; ending it to start it again.",
                         self.hang_seconds)
            self.server.kill(pid)
            return True

    def _failure(self) -> BundledServerStopped:
        """The last end as a turn's error; the caller holds the condition."""
        return BundledServerStopped(self.exits[-1], self.state == "running", self.server.last_log_line(),
                                    self.taken_port)

    def _restart_seconds(self) -> float:
        """The longest a start again may take: its wait, the server's start and its warm-up."""
        return self.backoff.most + self.server.startup_timeout + WARM_SECONDS

    def _set(self, state: State) -> None:
        """Change the state and wake whoever waits on it; the caller holds the condition."""
        self.state = state
        self._changed.notify_all()

    def _watch(self, process: subprocess.Popen, generation: int) -> None:
        """Wait for each process to end; record an unasked end and start the server again, every time."""
        while True:
            returncode = process.wait()
            log_line = self.server.last_log_line()
            with self._changed:
                if generation != self._generation:  # stopped on purpose, or started afresh
                    return
                hung = self._hung[1] if self._hung[0] == process.pid else 0.0
                ended = ServerExit(returncode, log_line, hung)
                self.exits.append(ended)
                soon = time.monotonic() - self._started_at < self.backoff.stable
                self._quick_ends = self._quick_ends + 1 if soon else 1
                delay = self.backoff.delay(self._quick_ends)
                self._set("restarting")
            logger.warning("The bundled model's server ended (%s); starting it again in %.1f s. Last line: %s",
                           ended.how(), delay, ended.log_line)
            relaunched = self._start_again(generation, delay)
            if relaunched is None:
                return
            process = relaunched

    def _start_again(self, generation: int, delay: float) -> subprocess.Popen | None:
        """Start the server again after `delay`, trying again later while starts fail; None once it was stopped or
        given up (the state then says which)."""
        failures = 0
        while True:
            with self._changed:
                if self._changed.wait_for(lambda: generation != self._generation, timeout=delay):
                    return None
            taken = None
            try:
                relaunched = self.server.relaunch()
            except PortTakenError as error:
                relaunched, taken = None, error.port
                logger.error("%s", error)
            with self._changed:
                if generation != self._generation:
                    return None
                if relaunched is not None:
                    self._started_at, self.taken_port = time.monotonic(), None
                    self._set("running")
                    return relaunched
                failures += 1
                self.taken_port = taken
                if failures >= self.backoff.attempts:
                    logger.error("The bundled model's server did not start again after %d tries; last line: %s",
                                 failures, self.server.last_log_line())
                    self._set("gone")
                    return None
                delay = self.backoff.delay(self._quick_ends + failures)
