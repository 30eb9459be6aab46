"""The page frame in chromium: an example prompt of a new chat sends itself, reloading makes no chat, a link to a
chat not saved says so, a search hit opens its chat scrolled to the turn and highlighted, and the summary pane
stays in view while the chat scrolls."""

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from tests.component.browser.conftest import started_on_file
from tests.component.browser.test_chat_in_browser import ASSISTANT, REPLY_SECONDS, send_and_watch

pytestmark = pytest.mark.browser

CHAT_INPUT = "stChatInputTextArea"
PAGE_SECONDS = 120
LISTED_CHAT = '[class*="st-key-open_"]'  # a chat's row in the sidebar
MAIN = ".stMain"  # the part of the page that scrolls with the chat
FIRST_QUESTION = "My cat is called Pistachio and she sleeps all day."
MORE_QUESTIONS = ["Write four sentences about the sea.", "Write four sentences about mountains.",
                  "Write four sentences about forests."]


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """The app on a fresh database whose file the tests read."""
    for app, database in started_on_file(tmp_path_factory, "layout"):
        yield app.url, database


@pytest.fixture
def short_page(browser):
    """A Korean person's browser on a short screen, so that a chat of a few turns is taller than the window."""
    context = browser.new_context(viewport={"width": 1400, "height": 640}, locale="ko-KR")
    yield context.new_page()
    context.close()


def open_page(page, url: str) -> None:
    page.goto(url)
    page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)


def chat_rows(database: Path) -> int:
    """Rows of the table that lists chats, read from the database file itself."""
    if not database.exists():
        return 0
    with closing(sqlite3.connect(database)) as conn:
        return conn.execute("SELECT count(*) FROM chat_sessions").fetchone()[0]


def listed_chats(page) -> int:
    return page.locator(LISTED_CHAT).count()


def test_reloading_the_page_makes_no_chat(running, page):
    url, database = running
    open_page(page, url)
    page.locator(".st-key-welcome").wait_for(timeout=PAGE_SECONDS * 1000)
    before = (chat_rows(database), listed_chats(page))
    for _ in range(2):
        page.reload()
        page.get_by_test_id(CHAT_INPUT).wait_for(timeout=PAGE_SECONDS * 1000)
        page.locator(".st-key-welcome").wait_for(timeout=PAGE_SECONDS * 1000)
    time.sleep(1)  # anything a run would write is written by now
    assert (chat_rows(database), listed_chats(page)) == before == (0, 0)
    assert "session=" not in page.url


def test_an_example_prompt_of_a_new_chat_sends_itself(running, page):
    url, database = running
    open_page(page, url)
    example = page.locator(".st-key-example_1 button")
    example.wait_for(timeout=PAGE_SECONDS * 1000)
    text = example.inner_text().strip()
    assert text == "17 * 23은 얼마야?"
    example.click()
    page.locator(ASSISTANT).first.wait_for(timeout=REPLY_SECONDS * 1000)
    page.locator(".st-key-stop").wait_for(state="detached", timeout=REPLY_SECONDS * 1000)
    page.wait_for_url("**session=*", timeout=PAGE_SECONDS * 1000)  # saved with its first message, and named
    user = page.locator('[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarUser"])')
    assert user.count() == 1 and user.first.get_by_text(text, exact=True).count() == 1
    assert page.locator(ASSISTANT).first.inner_text().strip()
    assert page.locator(".st-key-welcome").count() == 0
    page.locator(LISTED_CHAT).first.wait_for(timeout=PAGE_SECONDS * 1000)  # the run after the reply lists it
    assert listed_chats(page) == 1 and chat_rows(database) == 1


def test_a_link_to_a_chat_not_saved_says_so_and_offers_a_new_chat(running, page):
    url, _ = running
    open_page(page, f"{url}/?session=no-such-chat")
    notice = page.get_by_text("이 주소의 대화를 찾을 수 없습니다")
    notice.wait_for(timeout=PAGE_SECONDS * 1000)
    assert page.locator(".st-key-welcome").count() == 0
    page.locator(".st-key-start_new_chat button").click()
    page.locator(".st-key-welcome").wait_for(timeout=PAGE_SECONDS * 1000)
    assert notice.count() == 0
    page.wait_for_function("() => !location.search.includes('session=')", timeout=PAGE_SECONDS * 1000)


def test_a_search_hit_opens_the_chat_at_its_turn_highlighted_and_the_pane_stays_in_view(running, short_page):
    url, _ = running
    page = short_page
    open_page(page, url)
    for question in [FIRST_QUESTION, *MORE_QUESTIONS]:
        send_and_watch(page, question)
    main = page.locator(MAIN)
    assert main.evaluate("e => e.scrollHeight > 2 * e.clientHeight"), "the chat is too short to need scrolling"
    page.locator(".st-key-new_chat button").click()
    page.locator(".st-key-welcome").wait_for(timeout=PAGE_SECONDS * 1000)

    page.locator(".st-key-search_query input").fill("Pistachio")
    page.keyboard.press("Enter")
    page.locator(".st-key-hit_0 button").click()
    page.get_by_text("1번째 턴을 열었습니다").wait_for(timeout=PAGE_SECONDS * 1000)
    page.get_by_text(MORE_QUESTIONS[-1]).first.wait_for(timeout=PAGE_SECONDS * 1000)
    badge = page.locator("#turn-1").evaluate("anchor => getComputedStyle(anchor, '::before').content")
    assert badge == '"🔎 검색 결과"'
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                           timeout=PAGE_SECONDS * 1000)  # the page has run to its end
    first_turn = page.locator('[data-testid="stChatMessage"]').first
    height = page.viewport_size["height"]
    page.wait_for_function(  # the chat has let go of its bottom: the found turn is in view, near the top
        "height => { const top = document.querySelector('[data-testid=\"stChatMessage\"]').getBoundingClientRect().top;"
        " return 0 <= top && top < height / 2; }", arg=height, timeout=PAGE_SECONDS * 1000)
    time.sleep(1)  # and it stays there
    box = first_turn.bounding_box()
    assert box is not None and 0 <= box["y"] < height / 2, box
    assert main.evaluate("e => e.scrollTop > 0 && e.scrollTop + e.clientHeight < e.scrollHeight - 50")
    marks = page.locator('[data-testid="stChatMessage"]').evaluate_all(
        "bubbles => bubbles.map(b => getComputedStyle(b).outlineStyle)")
    assert marks[:2] == ["solid", "solid"] and set(marks[2:]) == {"none"}, marks  # its question and answer

    page.mouse.move(box["x"] + box["width"] / 2, height / 2)
    page.mouse.wheel(0, 20_000)  # the person scrolls down the chat: the found turn is no longer held
    page.wait_for_function("() => { const e = document.querySelector('.stMain');"
                           " return e.scrollTop + e.clientHeight >= e.scrollHeight - 5; }", timeout=PAGE_SECONDS * 1000)
    pane = page.locator(".st-key-side_pane").bounding_box()
    assert pane is not None and 0 <= pane["y"] < 120, pane  # the summary pane is still at the top of the window
    assert page.get_by_text("대화 요약 히스토리").first.is_visible()


def recall_switch(page):
    return page.locator(".st-key-recall_choice input[type=checkbox]")


def test_a_new_chat_starts_from_the_defaults_not_from_the_last_chats_switches(running, page):
    url, _ = running
    open_page(page, url)
    page.get_by_test_id(CHAT_INPUT).fill("Remember that my bike is blue.")
    page.keyboard.press("Enter")
    page.locator(".st-key-stop").wait_for(state="detached", timeout=REPLY_SECONDS * 1000)
    page.wait_for_url("**session=*", timeout=PAGE_SECONDS * 1000)
    first_chat = page.url
    assert recall_switch(page).is_checked()
    page.locator(".st-key-recall_choice label").click()  # recall off in this chat
    page.wait_for_function("() => !document.querySelector('.st-key-recall_choice input').checked",
                           timeout=PAGE_SECONDS * 1000)
    time.sleep(1)  # saved by the run the switch starts
    page.locator(".st-key-new_chat button").click()
    page.locator(".st-key-welcome").wait_for(timeout=PAGE_SECONDS * 1000)
    time.sleep(1)
    assert recall_switch(page).is_checked()  # the new chat has the default, not the last chat's switch
    open_page(page, first_chat)
    page.locator(ASSISTANT).first.wait_for(timeout=PAGE_SECONDS * 1000)
    assert not recall_switch(page).is_checked()  # and the first chat kept its own


def test_the_chat_menu_closes_after_a_rename_opens_again_and_never_covers_the_delete_question(running, page):
    url, _ = running
    open_page(page, url)
    page.get_by_test_id(CHAT_INPUT).fill("Plan a picnic for Saturday.")
    page.keyboard.press("Enter")
    page.locator(".st-key-stop").wait_for(state="detached", timeout=REPLY_SECONDS * 1000)
    page.wait_for_url("**session=*", timeout=PAGE_SECONDS * 1000)
    session_id = page.url.split("session=")[1].split("&")[0]
    menu = page.locator(f'[class*="st-key-menu_{session_id}_"] button').first
    body = page.get_by_test_id("stPopoverBody")
    menu.click()
    title = page.locator(f".st-key-title_{session_id} input")
    title.wait_for(timeout=PAGE_SECONDS * 1000)
    title.fill("Saturday picnic")
    page.locator(f".st-key-save_title_{session_id} button").click()
    page.locator(f".st-key-open_{session_id} button", has_text="Saturday picnic").first.wait_for(
        timeout=PAGE_SECONDS * 1000)
    page.mouse.move(700, 500)  # the pointer leaves the menu, as a person's does
    body.wait_for(state="hidden", timeout=PAGE_SECONDS * 1000)  # the menu closed with the rename
    menu.click()  # and the first click opens it again
    title.wait_for(state="visible", timeout=PAGE_SECONDS * 1000)
    page.locator(f".st-key-delete_{session_id} button").click()
    page.locator(".st-key-confirm_delete_no button").wait_for(timeout=PAGE_SECONDS * 1000)
    body.wait_for(state="hidden", timeout=PAGE_SECONDS * 1000)  # the question is not under the menu
    page.locator(".st-key-confirm_delete_no button").click()
    page.locator(".st-key-confirm_delete_no").wait_for(state="detached", timeout=PAGE_SECONDS * 1000)
    assert page.locator(f".st-key-open_{session_id}").count() == 1
