"""How the bundled model's server ended, kept so a turn it cut can say so: the signal or exit code, whether it was
started again, and the last line it wrote."""

import signal
from dataclasses import dataclass


@dataclass(frozen=True)
class ServerExit:
    """One end of the server's process that nobody asked for, as `Popen.returncode` gives it."""

    returncode: int
    log_line: str  # the last line the server wrote before it ended

    @property
    def signal_name(self) -> str | None:
        """The signal that ended the process (SIGILL, SIGKILL, ...), None when it exited by itself."""
        if self.returncode >= 0:
            return None
        try:
            return signal.Signals(-self.returncode).name
        except ValueError:
            return f"signal {-self.returncode}"


class BundledServerStopped(RuntimeError):
    """A turn failed because the bundled model's server ended: `restarted` says whether it runs again (so Retry
    works) or is gone for good (the person needs another way), `log_line` what it wrote last."""

    def __init__(self, ended: ServerExit, restarted: bool, log_line: str) -> None:
        how = ended.signal_name or f"exit code {ended.returncode}"
        state = "was started again" if restarted else "is not running"
        super().__init__(f"The bundled model's server ended ({how}) and {state}; its log's last line: {log_line}")
        self.ended, self.restarted, self.log_line = ended, restarted, log_line
