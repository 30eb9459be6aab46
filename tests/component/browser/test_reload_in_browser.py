"""A reload while a reply streams, in chromium: the reply goes on in the background and the reloaded page shows the
question and the whole reply, in a new chat (opened again, listed by its title) and in an existing one."""

import re
import sys
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from state.texts import localized
from tests.component.browser.conftest import RunningApp
from tests.component.browser.test_chat_in_browser import ASSISTANT, REPLY_SECONDS
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.browser

FIRST = "Tell me a story about a dragon who learns to cook."
SECOND = "Now tell me a story about a cat who learns to sail."
STORIES = {FIRST: " ".join(f"dragon{n}" for n in range(60)) + " THE END.",
           SECOND: " ".join(f"cat{n}" for n in range(60)) + " THE END."}
STREAMLIT = (sys.executable, "-m", "streamlit", "run", "app.py")  # what `make run` starts, in this interpreter
LIVE = localized("en", "live_turn")  # the caption of a reply still being written
WORD_SECONDS = 0.15  # the stories stream for about nine seconds: a reload lands mid-reply


@pytest.fixture(scope="module")
def endpoint() -> Iterator[OpenAIServer]:
    with openai_server(["model-a"]) as server:
        server.answers, server.word_seconds = dict(STORIES), WORD_SECONDS
        yield server


@pytest.fixture(scope="module")
def story_app(tmp_path_factory, endpoint) -> Iterator[str]:
    app = RunningApp(tmp_path_factory.mktemp("logs") / "app.log", command=STREAMLIT, OPENAI_BASE_URL=endpoint.base_url,
                     OPENAI_API_KEY="not-needed", CHAT_MODEL="model-a",
                     CHAT_DB_PATH=str(tmp_path_factory.mktemp("reload") / "chat.sqlite"))
    try:
        app.wait_until_healthy()
        yield app.url
    finally:
        app.stop()


def send_and_reload_mid_reply(page, question: str) -> None:
    """Send `question`, wait until a few words of its reply are drawn, and reload the page."""
    before = page.locator(ASSISTANT).count()
    page.get_by_test_id("stChatInputTextArea").fill(question)
    page.keyboard.press("Enter")
    bubble = page.locator(ASSISTANT).nth(before)
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline and len(re.findall(r"\w+\d", bubble.inner_text() if bubble.count() else "")) < 5:
        time.sleep(0.05)
    shown = bubble.inner_text()
    assert "THE END." not in shown, "the reply ended before the reload: nothing was tested"
    page.reload()


def shows_whole(page, question: str) -> None:
    """The page shows `question` and its whole reply."""
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    expect(page.get_by_text(question, exact=True).first).to_be_visible(timeout=30_000)
    reply = page.locator(ASSISTANT).filter(has_text=STORIES[question].split()[0])
    expect(reply.last).to_contain_text("THE END.", timeout=REPLY_SECONDS * 1000)
    expect(page.get_by_text(LIVE)).to_have_count(0, timeout=REPLY_SECONDS * 1000)  # saved, the page drawn again
    assert STORIES[question] in re.sub(r"\s+", " ", reply.last.inner_text())  # whole, with the bubble's buttons


def test_a_reload_mid_reply_shows_the_question_and_the_whole_reply_in_a_new_and_an_existing_chat(story_app,
                                                                                                english_page):
    page = english_page
    page.goto(story_app)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    send_and_reload_mid_reply(page, FIRST)  # a new chat, during its first reply
    shows_whole(page, FIRST)
    session_id = re.search(r"session=(\w+)", page.url).group(1)  # type: ignore[union-attr]
    title = page.locator(f".st-key-open_{session_id} button").first.inner_text()
    assert title.strip() and session_id not in title  # listed by its title, never its raw id

    send_and_reload_mid_reply(page, SECOND)  # the same chat, now an existing one
    shows_whole(page, SECOND)
    shows_whole(page, FIRST)
    assert "⏹" not in "".join(page.locator(ASSISTANT).all_inner_texts())
    assert page.locator(ASSISTANT).count() == 2
