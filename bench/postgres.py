"""A throwaway PostgreSQL server the tests and the scale-out benchmark start and stop.

Debian's server binaries run on a temporary folder and a free port on 127.0.0.1, as an unprivileged user
when run as root (initdb refuses root).
"""

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import psycopg

TEMPLATE = "context_chat_template"
SUPERUSER = "postgres"
START_TIMEOUT = 60
SERVER_OPTIONS = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
                  "-c shared_buffers=32MB")


def find_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian keeps them in /usr/lib/postgresql/N/bin)."""
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0)
    if candidates:
        return candidates[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _unprivileged_user() -> str | None:
    """The account the server runs as when we are root: `postgres` where it exists, else `nobody`."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("Running as root and neither a 'postgres' nor a 'nobody' account exists to run PostgreSQL")


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder, reachable only on 127.0.0.1."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.user = _unprivileged_user()
        self.root = Path(tempfile.mkdtemp(prefix="context-chat-pg-", dir="/tmp" if self.user else None))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.log = self.root / "server.log"
        self.port = 0
        self._names = itertools.count(1)
        self._names_lock = threading.Lock()

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        """Run a server program as the unprivileged user (when root), failing with its output."""
        command = [str(self.binaries / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=START_TIMEOUT, cwd=self.root)
        if result.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}\n{log}")
        return result

    def start(self) -> "PostgresServer":
        """Create the cluster and start the server; the template database gets pg_trgm."""
        self.sockets.mkdir()
        if self.user:
            os.chmod(self.root, 0o700)
            shutil.chown(self.root, self.user, self.user)
            shutil.chown(self.sockets, self.user, self.user)
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8",
                  "--locale=C.UTF-8", "--no-sync")
        for attempt in range(3):
            self.port = free_port()
            options = f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 {SERVER_OPTIONS}"
            try:
                self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                          "-t", str(START_TIMEOUT), "start")
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{TEMPLATE}"')
        with psycopg.connect(self.url(TEMPLATE), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        return self

    def url(self, database: str = "postgres") -> str:
        """The connection URL of one database (TCP on 127.0.0.1, the superuser, no password)."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def admin(self) -> psycopg.Connection:
        """An autocommit connection to the maintenance database."""
        return psycopg.connect(self.url(), autocommit=True)

    def create_database(self) -> str:
        """A new, empty database (with pg_trgm) copied from the template; returns its URL."""
        with self._names_lock:
            name = f"test_{os.getpid()}_{next(self._names)}"
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove a test's database, closing whatever connections it left open."""
        name = url.rsplit("/", 1)[1]
        with self.admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
