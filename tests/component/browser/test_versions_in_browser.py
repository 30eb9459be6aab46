"""Versions in a real browser on the bundled model: the edit of an early question says what it leaves out, the
new version says above it where the rest stayed and brings it back in one click, and a reload while a reply
streams shows the question and what was streamed."""

import time
import uuid

import pytest

from state.texts import localized
from tests.component.browser.conftest import started_on_file
from tests.component.browser.test_actions_in_browser import wait_for_answers

pytestmark = pytest.mark.browser

ASSISTANT = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarAssistant"])'
USER = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarUser"])'
REPLY_SECONDS = 120


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """The app started as the README says, on the bundled model and a database of its own."""
    yield from started_on_file(tmp_path_factory, "versions")


def open_new_chat(page, running) -> str:
    session_id = uuid.uuid4().hex[:16]
    page.goto(f"{running[0].url}/?session={session_id}")
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=REPLY_SECONDS * 1000)
    return session_id


def send(page, text: str, answers: int) -> None:
    page.get_by_test_id("stChatInputTextArea").fill(text)
    page.keyboard.press("Enter")
    wait_for_answers(page, answers, seen_running=True)  # one answer more than before: the turn ran, however fast


def test_an_early_edit_says_what_it_leaves_out_and_the_way_back_is_in_plain_sight(running, page):
    open_new_chat(page, running)
    for count, line in enumerate(["Hello! I am Mina.", "I live in Busan.", "I have a cat named Coco."], 1):
        send(page, line, count)
    page.locator('[class*="st-key-edit_"] button:visible').first.click()
    page.locator('[data-testid="stForm"] textarea').wait_for(timeout=30_000)
    assert page.get_by_text(localized("ko", "edit_leaves_out", later=2)).is_visible()
    page.locator('[data-testid="stForm"] textarea').fill("Hello! I am Hana.")
    page.get_by_role("button", name="보내기", exact=True).click()
    page.locator(".st-key-stop").wait_for(timeout=REPLY_SECONDS * 1000)
    wait_for_answers(page, 1, seen_running=True)
    notice = page.locator(".st-key-version_notice_1")
    assert notice.get_by_text(localized("ko", "version_notice", shown=2, count=2)).is_visible()
    assert notice.get_by_text(localized("ko", "version_later", later=2, version=1)).is_visible()
    show = notice.get_by_role("button", name=localized("ko", "version_show", version=1))
    assert show.evaluate("element => getComputedStyle(element.closest('[class*=\"st-key-version_notice\"]'))"
                         ".opacity") == "1"
    show.click()
    wait_for_answers(page, 3, seen_running=True)
    assert "Coco" in page.locator(USER).nth(2).inner_text()


def test_a_reload_while_a_reply_streams_shows_the_question_and_the_streamed_part(running, page):
    open_new_chat(page, running)
    send(page, "Hello! I am Mina.", 1)
    question = "Tell me a long story about a cat who sails around the world."
    page.get_by_test_id("stChatInputTextArea").fill(question)
    page.keyboard.press("Enter")
    page.locator(".st-key-stop").wait_for(timeout=REPLY_SECONDS * 1000)
    deadline = time.monotonic() + REPLY_SECONDS
    while len(page.locator(ASSISTANT).nth(1).inner_text().split()) < 3:  # a few words streamed
        assert time.monotonic() < deadline, "the reply never began"
        time.sleep(0.1)
    page.reload()
    page.locator(USER).nth(1).get_by_text(question).wait_for(timeout=REPLY_SECONDS * 1000)
    page.locator(ASSISTANT).nth(1).wait_for(timeout=REPLY_SECONDS * 1000)
    assert page.locator(ASSISTANT).count() == 2
    assert len(page.locator(ASSISTANT).nth(1).inner_text().split()) >= 3  # what was streamed, kept
