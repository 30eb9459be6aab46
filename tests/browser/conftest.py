"""Start the app the way the README says (`make run`) and drive it in Debian's chromium."""

import os
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from graph.models.local_server import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STARTUP_SECONDS = 300


def wait_until_healthy(url: str, process: subprocess.Popen) -> None:
    """Poll Streamlit's health endpoint until it answers, failing early if the app exits."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"`make run` exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError(f"the app did not answer at {url} within {STARTUP_SECONDS} s")


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The running app on a free port with a fresh database, stopped after the module so that
    its model server never competes for the CPU with another test's server."""
    port = free_port()
    env = {**os.environ, "STREAMLIT_SERVER_PORT": str(port),
           "CHAT_DB_PATH": str(tmp_path_factory.mktemp("browser") / "chat.sqlite")}
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CHAT_MODEL"):
        env.pop(name, None)
    log = open(tmp_path_factory.mktemp("logs") / "app.log", "wb")
    process = subprocess.Popen(["make", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(url, process)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium under Playwright; never a downloaded browser."""
    assert shutil.which(CHROMIUM), "Debian's chromium is required: apt-get install chromium"
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield context.new_page()
    context.close()
