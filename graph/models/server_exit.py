"""How the bundled model's server ended, kept so a turn it cut can say so: the signal or exit code (or that it hung
and was ended by the app), whether it was started again, the port another program took, and the last line it
wrote."""

import signal
from dataclasses import dataclass


@dataclass(frozen=True)
class ServerExit:
    """One end of the server's process that nobody asked for, as `Popen.returncode` gives it."""

    returncode: int
    log_line: str  # the last line the server wrote before it ended
    hung_seconds: float = 0.0  # above 0: the app ended it after it made no progress for that long

    @property
    def hung(self) -> bool:
        """Whether the app ended the server because it had stopped making progress."""
        return self.hung_seconds > 0

    @property
    def signal_name(self) -> str | None:
        """The signal that ended the process (SIGILL, SIGKILL, ...), None when it exited by itself."""
        if self.returncode >= 0:
            return None
        try:
            return signal.Signals(-self.returncode).name
        except ValueError:
            return f"signal {-self.returncode}"

    def how(self) -> str:
        """The end in a few words, for the log and error messages."""
        if self.hung:
            return f"no progress for {self.hung_seconds:.0f} s"
        return self.signal_name or f"exit code {self.returncode}"


class BundledServerStopped(RuntimeError):
    """A turn failed because the bundled model's server ended: `restarted` says whether it runs again (so Retry
    works) or is gone for good (the person needs another way), `log_line` what it wrote last, and `taken_port`
    the port another program holds when that is what keeps it from starting again."""

    def __init__(self, ended: ServerExit, restarted: bool, log_line: str, taken_port: int | None = None) -> None:
        state = "was started again" if restarted else "is not running"
        taken = f"; another program holds its port {taken_port}" if taken_port else ""
        super().__init__(f"The bundled model's server ended ({ended.how()}) and {state}{taken}; its log's last "
                         f"line: {log_line}")
        self.ended, self.restarted, self.log_line, self.taken_port = ended, restarted, log_line, taken_port
