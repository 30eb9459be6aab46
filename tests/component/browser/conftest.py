"""Start the app the way the README says (`make run`) and drive it in Debian's chromium."""

import contextlib
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from graph.engine import Engine
from graph.models.local_server import free_port
from tests.conftest import make_engine

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STARTUP_SECONDS = 300
KILL_SECONDS = 30


def process_tree(root: int) -> list[int]:
    """`root` and every process below it, also those in a session of their own (the model server)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting += children.get(pid, [])
    return found


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class RunningApp:
    """The app started the way the README says (`make run`) on a free port, offline on the bundled model unless
    the given settings (added to the environment) name an endpoint or where to look for local model servers; its
    downloaded models are kept beside its log."""

    def __init__(self, log_path: Path, port: int | None = None, command: tuple[str, ...] = ("make", "run"),
                 **settings: str) -> None:
        port = port or free_port()  # given when the settings name it (sign-in's redirect address)
        env = {name: value for name, value in os.environ.items()
               if name not in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CHAT_MODEL", "OLLAMA_HOST")}
        env.update({"STREAMLIT_SERVER_PORT": str(port), "LOCAL_MODEL_SERVERS": "off",
                    "HF_HUB_CACHE": str(log_path.parent / "models"), **settings})
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(list(command), cwd=ROOT, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{port}"

    def wait_until_healthy(self) -> None:
        """Poll Streamlit's health endpoint until it answers, failing early if the app exits."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"`make run` exited with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.5)
        raise TimeoutError(f"the app did not answer at {self.url} within {STARTUP_SECONDS} s")

    def _wait_gone(self, pids: list[int]) -> None:
        deadline = time.monotonic() + KILL_SECONDS
        while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
            self.process.poll()

    def kill(self) -> list[int]:
        """kill -9 of the app's process group and of its model server, as when its machine dies;
        returns the processes killed."""
        pids = process_tree(self.process.pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for pid in pids:  # the model server runs in a process group of its own
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=KILL_SECONDS)
        self._wait_gone(pids)
        return pids

    def stop(self) -> None:
        """SIGTERM to the process group (the app stops its model server), kill -9 of whatever is left
        after 30 s."""
        if self.process.poll() is None:
            pids = process_tree(self.process.pid)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            self._wait_gone(pids)
            if any(alive(pid) for pid in pids):
                self.kill()
            self.process.wait(timeout=KILL_SECONDS)
        self.log.close()


@contextlib.contextmanager
def all_answering(starting: Callable[[], list[RunningApp]]) -> Iterator[list[RunningApp]]:
    """Instances started by `starting`, each answering before the tests go on, all stopped after."""
    started: list[RunningApp] = []
    try:
        started += starting()
        for instance in started:
            instance.wait_until_healthy()
        yield started
    finally:
        for instance in started:
            instance.stop()


@pytest.fixture(scope="module")
def reader(database_url) -> Iterator[Engine]:
    """The session API on the database the module's instances share (fake models: it only reads), to check what
    was stored and whose it is."""
    engine = make_engine(database_url)
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The running app on a free port with a fresh database, stopped after the module so that
    its model server never competes for the CPU with another test's server."""
    app = RunningApp(tmp_path_factory.mktemp("logs") / "app.log",
                     CHAT_DB_PATH=str(tmp_path_factory.mktemp("browser") / "chat.sqlite"))
    try:
        app.wait_until_healthy()
        yield app.url
    finally:
        app.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium under Playwright; never a downloaded browser."""
    assert shutil.which(CHROMIUM), "Debian's chromium is required: apt-get install chromium"
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


def started_on_file(tmp_path_factory, name: str) -> Iterator[tuple[RunningApp, Path]]:
    """The app on a database file of its own, which the tests read back; stopped when the module is done."""
    database = tmp_path_factory.mktemp(name) / "chat.sqlite"
    app = RunningApp(tmp_path_factory.mktemp("logs") / "app.log", CHAT_DB_PATH=str(database))
    try:
        app.wait_until_healthy()
        yield app, database
    finally:
        app.stop()


@pytest.fixture
def page(browser):
    """A Korean person's browser (the interface follows the browser's language)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="ko-KR")
    yield context.new_page()
    context.close()


@pytest.fixture
def english_page(browser):
    """An English-speaking person's browser."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    yield context.new_page()
    context.close()
