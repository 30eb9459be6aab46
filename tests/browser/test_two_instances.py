"""Two app instances (`make run` on two ports) on one PostgreSQL, in a real browser: a session moves from one
to the other, both answer the same session at once in order, and a killed instance's turn finishes on the other."""

import os
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.models.local_server import free_port
from graph.session.transcript import has_unfinished_turn
from tests.browser.conftest import ROOT, wait_until_healthy
from tests.browser.test_chat_in_browser import ASSISTANT, LONG_REQUEST, REPLY_SECONDS, send_and_watch
from tests.conftest import make_engine

pytestmark = pytest.mark.browser

USER = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarUser"])'
CHAT_INPUT = "stChatInputTextArea"
PAGE_SECONDS = 120


class Instance:
    """One app process started as the README says, its database given by DATABASE_URL."""

    def __init__(self, name: str, database_url: str, folder: Path) -> None:
        port = free_port()
        env = {**os.environ, "STREAMLIT_SERVER_PORT": str(port), "DATABASE_URL": database_url,
               "CHAT_DB_PATH": str(folder / f"{name}.sqlite")}
        for variable in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CHAT_MODEL"):
            env.pop(variable, None)
        self.log = open(folder / f"{name}.log", "wb")
        self.process = subprocess.Popen(["make", "run"], cwd=ROOT, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{port}"

    def processes(self) -> list[int]:
        """Every process of the instance: its process group and whatever runs in a session of its own
        below it (the model server)."""
        children: dict[int, list[int]] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        found, waiting = [], [self.process.pid]
        while waiting:
            pid = waiting.pop()
            found.append(pid)
            waiting += children.get(pid, [])
        return found

    def kill(self) -> None:
        """kill -9 of the whole instance, as when its machine dies."""
        for pid in self.processes():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM to the instance (it stops its model server), SIGKILL to whatever is left after 30 s."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        self.log.close()


@pytest.fixture(scope="module")
def database_url(postgres_server) -> Iterator[str]:
    """One PostgreSQL database both instances share."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(scope="module")
def instances(database_url, tmp_path_factory) -> Iterator[tuple[Instance, Instance]]:
    """Instances A and B, each with its own bundled model server, both answering before the tests start."""
    folder = tmp_path_factory.mktemp("instances")
    started = [Instance("a", database_url, folder), Instance("b", database_url, folder)]
    try:
        for instance in started:
            wait_until_healthy(instance.url, instance.process)
        yield started[0], started[1]
    finally:
        for instance in started:
            instance.stop()


@pytest.fixture(scope="module")
def pages(browser) -> Iterator[tuple]:
    """A page for each instance, in browser contexts of their own (two people, or two machines)."""
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2)]
    yield tuple(context.new_page() for context in contexts)
    for context in contexts:
        context.close()


def open_session(page, instance: Instance, session_id: str) -> None:
    """Open a session by its link and wait until the page is ready for a message."""
    page.goto(f"{instance.url}/?session={session_id}")
    page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)


def transcript(database_url: str, session_id: str) -> list:
    """The session as stored in the shared database, read through the session API."""
    engine = make_engine(database_url)
    try:
        return engine.session(session_id).messages()
    finally:
        engine.close()


def answered_turns(messages: list) -> list[tuple[str, str]]:
    """(message, reply) of each turn, checking that every turn is one message and its one reply."""
    assert len(messages) % 2 == 0 and not has_unfinished_turn(messages), [m.content for m in messages]
    pairs = list(zip(messages[::2], messages[1::2], strict=True))
    assert all(isinstance(human, HumanMessage) and isinstance(ai, AIMessage) and str(ai.content).strip()
               for human, ai in pairs), [m.content for m in messages]
    return [(str(human.content), str(ai.content)) for human, ai in pairs]


def user_messages(page) -> list[str]:
    """The person's messages the page shows, in order."""
    return page.locator(USER).locator('[data-testid="stText"]').all_inner_texts()


def wait_until_idle(page) -> None:
    """Wait until the page has no turn running (its Stop button gone)."""
    stop = page.locator(".st-key-stop")
    deadline = time.monotonic() + REPLY_SECONDS
    while stop.count() and time.monotonic() < deadline:
        time.sleep(0.1)
    stop.wait_for(state="detached", timeout=REPLY_SECONDS * 1000)


def test_a_session_started_on_one_instance_continues_on_the_other(instances, pages, database_url):
    a, b = instances
    page_a, page_b = pages
    session_id = uuid.uuid4().hex[:16]
    open_session(page_a, a, session_id)
    send_and_watch(page_a, "My name is Ada and I live in Lisbon.")

    open_session(page_b, b, session_id)
    page_b.get_by_text("My name is Ada and I live in Lisbon.").first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert page_b.locator(ASSISTANT).count() == 1
    send_and_watch(page_b, "Name one primary colour.")

    page_a.reload()
    page_a.get_by_text("Name one primary colour.").first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert user_messages(page_a) == ["My name is Ada and I live in Lisbon.",
                                                       "Name one primary colour."]
    assert page_a.locator(ASSISTANT).count() == 2
    turns = answered_turns(transcript(database_url, session_id))
    assert [message for message, _ in turns] == ["My name is Ada and I live in Lisbon.", "Name one primary colour."]


def test_the_same_session_sent_to_both_at_once_is_answered_once_each_in_order(instances, pages, database_url):
    a, b = instances
    page_a, page_b = pages
    session_id = uuid.uuid4().hex[:16]
    open_session(page_a, a, session_id)
    open_session(page_b, b, session_id)
    sent = {page_a: "Name a fruit that is yellow.", page_b: "Name a vegetable that is green."}
    for page, text in sent.items():
        page.get_by_test_id(CHAT_INPUT).fill(text)
    for page in sent:
        page.get_by_test_id(CHAT_INPUT).press("Enter")
    for page in sent:
        page.locator(".st-key-stop").wait_for(timeout=PAGE_SECONDS * 1000)  # both turns were taken
    for page in sent:
        wait_until_idle(page)

    turns = answered_turns(transcript(database_url, session_id))
    assert sorted(message for message, _ in turns) == sorted(sent.values())  # nothing lost, nothing doubled
    for page in sent:
        page.reload()
        page.get_by_text(turns[-1][0]).first.wait_for(timeout=PAGE_SECONDS * 1000)
        assert user_messages(page) == [message for message, _ in turns]  # the same order
        assert page.locator(ASSISTANT).count() == 2


def test_a_turn_cut_by_a_killed_instance_finishes_on_the_other_with_retry(instances, pages, database_url):
    a, b = instances
    page_a, page_b = pages
    session_id = uuid.uuid4().hex[:16]
    open_session(page_a, a, session_id)
    page_a.get_by_test_id(CHAT_INPUT).fill(LONG_REQUEST)
    page_a.get_by_test_id(CHAT_INPUT).press("Enter")
    bubble = page_a.locator(ASSISTANT).first
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline and len(bubble.inner_text() if bubble.count() else "") < 20:
        time.sleep(0.02)
    assert len(bubble.inner_text()) >= 20, "the reply never started streaming on instance A"
    a.kill()

    open_session(page_b, b, session_id)
    page_b.get_by_text(LONG_REQUEST).first.wait_for(timeout=PAGE_SECONDS * 1000)
    retry = page_b.locator(".st-key-retry button")
    retry.wait_for(timeout=PAGE_SECONDS * 1000)
    assert page_b.locator(ASSISTANT).count() == 0
    retry.click()
    page_b.locator(".st-key-stop").wait_for(timeout=PAGE_SECONDS * 1000)
    wait_until_idle(page_b)

    turns = answered_turns(transcript(database_url, session_id))
    assert [message for message, _ in turns] == [LONG_REQUEST]  # the message kept, once
    assert "⏹" not in turns[0][1]
    page_b.reload()
    page_b.get_by_text(LONG_REQUEST).first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert user_messages(page_b) == [LONG_REQUEST]
    assert page_b.locator(ASSISTANT).count() == 1 and page_b.locator(".st-key-retry").count() == 0
