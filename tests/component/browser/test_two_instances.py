"""Two app instances (`make run` on two ports) on one PostgreSQL database, in a real browser: a session moves
from one to the other, both answer the same session at once one turn after the other, and a turn cut by a
killed instance finishes on the other with Retry."""

import time
import uuid
from collections.abc import Iterator

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from graph.engine import Engine
from state.turns import has_unfinished_turn
from tests.component.browser.conftest import RunningApp, alive, all_answering
from tests.component.browser.test_chat_in_browser import LONG_REQUEST, REPLY_SECONDS, send_and_watch

pytestmark = pytest.mark.browser

CHAT_INPUT = "stChatInputTextArea"
STOP = ".st-key-stop"
RETRY = ".st-key-retry button"
PAGE_SECONDS = 120
LONG_REPLY_SECONDS = 240
CHAT_ROLES = """() => Array.from(document.querySelectorAll('[data-testid="stChatMessage"]')).map(bubble => [
    bubble.querySelector('[data-testid="stChatMessageAvatarUser"]') ? "user" : "assistant",
    Array.from(bubble.querySelectorAll('[data-testid="stText"], [data-testid="stMarkdownContainer"]'))
        .filter(text => !text.closest("button, details")).map(text => text.innerText).join("\\n")])"""


@pytest.fixture(scope="module")
def database_url(postgres_server) -> Iterator[str]:
    """One PostgreSQL database both instances share."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(scope="module")
def instances(database_url, tmp_path_factory) -> Iterator[tuple[RunningApp, RunningApp]]:
    """Instances A and B, each with its own bundled model server, both answering before the tests start."""
    folder = tmp_path_factory.mktemp("instances")
    with all_answering(lambda: [RunningApp(folder / f"{name}.log", DATABASE_URL=database_url,
                                           CHAT_DB_PATH=str(folder / f"{name}.sqlite")) for name in ("a", "b")]) \
            as started:
        yield started[0], started[1]


@pytest.fixture(scope="module")
def pages(browser) -> Iterator[tuple]:
    """A page on each instance, in browser contexts of their own (two people, or two machines)."""
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}, locale="ko-KR") for _ in range(2)]
    yield tuple(context.new_page() for context in contexts)
    for context in contexts:
        context.close()


def open_session(page, instance: RunningApp, session_id: str) -> None:
    """Open a session by its link and wait until the page is ready for a message."""
    page.goto(f"{instance.url}/?session={session_id}")
    page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)


def shown(page) -> list[tuple[str, str]]:
    """(role, text) of every chat bubble the page shows, top to bottom; a person's message as typed."""
    return [(role, text.strip()) for role, text in page.evaluate(CHAT_ROLES)]


def shown_once_drawn(page, count: int, last_text: str) -> list[tuple[str, str]]:
    """The bubbles of a reloaded page once `last_text` and all `count` bubbles are drawn, each with its text (a page
    draws its history one bubble after another, so the last message shows before its reply)."""
    page.get_by_text(last_text).first.wait_for(timeout=PAGE_SECONDS * 1000)
    deadline = time.monotonic() + PAGE_SECONDS
    on_page = shown(page)
    while time.monotonic() < deadline and (len(on_page) < count or not all(text for _, text in on_page)):
        time.sleep(0.1)
        on_page = shown(page)
    return on_page


def wait_until_idle(page, seconds: float = REPLY_SECONDS) -> None:
    """Wait until the page has no turn running (its Stop button gone)."""
    page.locator(STOP).wait_for(state="detached", timeout=seconds * 1000)


def answered_turns(messages: list[BaseMessage]) -> list[tuple[str, str]]:
    """(message, reply) of each turn, checking that every turn is one message directly followed by its one
    non-empty reply, and that no message is stored twice."""
    texts = [(type(m).__name__, m.content) for m in messages]
    assert len(messages) % 2 == 0 and not has_unfinished_turn(messages), texts
    pairs = list(zip(messages[::2], messages[1::2], strict=True))
    assert all(isinstance(human, HumanMessage) and isinstance(ai, AIMessage) and not ai.tool_calls
               and str(ai.content).strip() for human, ai in pairs), texts
    ids = [m.id for m in messages]
    assert None not in ids and len(set(ids)) == len(ids), ids
    return [(str(human.content), str(ai.content)) for human, ai in pairs]


def wait_for_stored_turns(reader: Engine, session_id: str, count: int, seconds: float) -> None:
    """Wait until the shared database holds `count` answered turns of the session (a plain read, no lock)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        messages = reader.read_state(session_id).get("messages", [])
        if sum(isinstance(m, AIMessage) and not m.tool_calls for m in messages) >= count:
            return
        time.sleep(0.5)
    raise AssertionError(f"the database did not hold {count} answered turns within {seconds} s: "
                         f"{[m.content for m in reader.read_state(session_id).get('messages', [])]}")


def test_a_session_started_on_one_instance_continues_on_the_other(instances, pages, reader):
    a, b = instances
    page_a, page_b = pages
    session_id = uuid.uuid4().hex[:16]
    first, second = "My name is Ada and I live in Lisbon.", "Name one primary colour."
    open_session(page_a, a, session_id)
    send_and_watch(page_a, first)

    open_session(page_b, b, session_id)
    on_b = shown_once_drawn(page_b, 2, first)
    assert [role for role, _ in on_b] == ["user", "assistant"] and on_b[0][1] == first, on_b
    assert on_b[1][1], "the reply given on A is empty on B"
    send_and_watch(page_b, second)
    wait_until_idle(page_b)

    page_a.reload()
    on_a = shown_once_drawn(page_a, 4, second)
    assert [role for role, _ in on_a] == ["user", "assistant", "user", "assistant"], on_a
    assert [on_a[0][1], on_a[2][1]] == [first, second]
    assert on_a[1] == on_b[1], "A shows another first reply than B did"
    assert on_a[3][1] and page_a.locator(RETRY).count() == 0

    turns = answered_turns(reader.session(session_id).messages())
    assert [message for message, _ in turns] == [first, second]


def test_the_same_session_sent_to_both_at_once_is_answered_once_each_in_order(instances, pages, reader):
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

    wait_for_stored_turns(reader, session_id, 2, 2 * REPLY_SECONDS)
    for page in sent:
        wait_until_idle(page)
    turns = answered_turns(reader.session(session_id).messages())
    order = [message for message, _ in turns]
    assert sorted(order) == sorted(sent.values()), order  # each message once: nothing lost, nothing doubled

    for page in sent:
        page.reload()
        on_page = shown_once_drawn(page, 4, order[-1])
        assert [role for role, _ in on_page] == ["user", "assistant", "user", "assistant"], on_page
        assert [on_page[0][1], on_page[2][1]] == order  # the stored order, one turn after the other
        assert on_page[1][1] and on_page[3][1] and page.locator(RETRY).count() == 0


def test_a_turn_cut_by_a_killed_instance_finishes_on_the_other_with_retry(instances, pages, reader):
    a, b = instances
    page_a, page_b = pages
    session_id = uuid.uuid4().hex[:16]
    open_session(page_a, a, session_id)
    page_a.get_by_test_id(CHAT_INPUT).fill(LONG_REQUEST)
    page_a.get_by_test_id(CHAT_INPUT).press("Enter")
    deadline = time.monotonic() + REPLY_SECONDS
    streamed = ""
    while time.monotonic() < deadline and len(streamed) < 20:
        streamed = "".join(text for role, text in shown(page_a) if role == "assistant")
        time.sleep(0.02)
    assert len(streamed) >= 20, "the reply never started streaming on instance A"
    assert page_a.locator(STOP).count() == 1, "the reply on A ended before A could be killed"
    killed = a.kill()
    assert not any(alive(pid) for pid in killed), "a process of instance A survived kill -9"

    open_session(page_b, b, session_id)
    page_b.get_by_text(LONG_REQUEST).first.wait_for(timeout=PAGE_SECONDS * 1000)
    retry = page_b.locator(RETRY)
    retry.wait_for(timeout=PAGE_SECONDS * 1000)
    assert shown(page_b) == [("user", LONG_REQUEST)]  # the message kept once, its answer still to come
    retry.click()
    page_b.locator(STOP).wait_for(timeout=PAGE_SECONDS * 1000)
    wait_until_idle(page_b, LONG_REPLY_SECONDS)

    turns = answered_turns(reader.session(session_id).messages())
    assert [message for message, _ in turns] == [LONG_REQUEST]
    assert "⏹" not in turns[0][1]  # a whole reply, not one cut short
    page_b.reload()
    on_b = shown_once_drawn(page_b, 2, LONG_REQUEST)
    assert [role for role, _ in on_b] == ["user", "assistant"] and on_b[0][1] == LONG_REQUEST, on_b
    assert on_b[1][1] and "⏹" not in on_b[1][1]
    assert page_b.locator(RETRY).count() == 0
