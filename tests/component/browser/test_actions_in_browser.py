"""Actions on messages in a real browser on the bundled model: regenerate (Stop by the input meanwhile),
edit-and-resend, versions of a turn switched and kept over a reload, an earlier question edited into a new
version, a file attached in the chat input, copy, export as Markdown and JSON, 👍 kept over a reload."""

import json
import re
import time
import uuid
from pathlib import Path

import pytest

from graph.storage import open_storage
from tests.component.browser.conftest import started_on_file

pytestmark = pytest.mark.browser

ASSISTANT = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarAssistant"])'
USER = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarUser"])'
REPLY_SECONDS = 120


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """The app on a database this module can read back (documents of a session)."""
    yield from started_on_file(tmp_path_factory, "actions")


def open_new_chat(page, running) -> str:
    """A chat of its own for each test, named in the address (a session id not saved yet starts it)."""
    session_id = uuid.uuid4().hex[:16]
    page.goto(f"{running[0].url}/?session={session_id}")
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=REPLY_SECONDS * 1000)
    return session_id


def wait_for_answers(page, count: int, seen_running: bool = False) -> None:
    """A turn was started: until its Stop came (unless it was `seen_running` already) and went and `count`
    answers are drawn from the saved history, nothing left over from the page before (Streamlit marks such
    elements stale), the last with its 👍/👎."""
    if not seen_running:
        page.locator(".st-key-stop").wait_for(timeout=REPLY_SECONDS * 1000)
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline:
        answers = page.locator(ASSISTANT)
        if (page.locator(".st-key-stop").count() == 0 and page.locator('[data-stale="true"]').count() == 0
                and answers.count() == count
                and answers.nth(count - 1).locator('[data-testid="stFeedback"]').count() == 1):
            return
        time.sleep(0.1)
    raise TimeoutError(f"{count} answers were not drawn within {REPLY_SECONDS} s")


def send(page, text: str, answers: int) -> None:
    page.get_by_test_id("stChatInputTextArea").fill(text)
    page.keyboard.press("Enter")
    wait_for_answers(page, answers)


def download(page, label: str) -> Path:
    """Open the export menu and download one of its files."""
    page.get_by_role("button", name="⬇️ 내보내기").click()
    with page.expect_download(timeout=30_000) as event:
        page.get_by_role("button", name=label).click()
    path = Path(event.value.path())
    page.keyboard.press("Escape")
    return path


def exported_messages(page) -> list[dict]:
    return json.loads(download(page, "JSON으로 받기").read_text(encoding="utf-8"))["messages"]


def test_regenerate_answers_again_with_stop_by_the_input(running, page):
    open_new_chat(page, running)
    send(page, "Name one primary colour.", 1)
    question, answer = exported_messages(page)
    page.locator('[class*="st-key-regenerate_"] button:visible').click()
    stop = page.locator('[data-testid="stBottom"] .st-key-stop')
    stop.wait_for(timeout=REPLY_SECONDS * 1000)  # pinned by the input, not in the scrolling transcript
    input_box = page.get_by_test_id("stChatInput").bounding_box()
    stop_box = stop.bounding_box()
    wait_for_answers(page, 1, seen_running=True)
    assert input_box and stop_box and 0 <= input_box["y"] - stop_box["y"] < 120
    assert page.locator(USER).count() == 1 and page.locator(ASSISTANT).count() == 1
    again = exported_messages(page)
    assert [m["role"] for m in again] == ["user", "assistant"]
    assert again[0]["id"] == question["id"] and again[0]["text"] == "Name one primary colour."
    assert again[1]["id"] != answer["id"] and again[1]["text"].strip()


def test_edit_and_resend_replaces_the_last_turn(running, page):
    open_new_chat(page, running)
    send(page, "Hello! I am Mina.", 1)
    send(page, "What colour is the sky?", 2)
    page.locator('[class*="st-key-edit_"] button:visible').last.click()
    editor = page.locator('[data-testid="stForm"] textarea')
    editor.wait_for(timeout=30_000)
    assert editor.input_value() == "What colour is the sky?"
    editor.fill("What colour is grass?")
    page.get_by_role("button", name="보내기", exact=True).click()
    wait_for_answers(page, 2)
    questions = page.locator(USER).all_inner_texts()
    assert len(questions) == 2 and "Hello! I am Mina." in questions[0] and "What colour is grass?" in questions[1]
    assert page.get_by_text("What colour is the sky?").count() == 0
    assert [m["text"] for m in exported_messages(page) if m["role"] == "user"] == [
        "Hello! I am Mina.", "What colour is grass?"]


def shown_version(page, turn: int) -> str:
    """The "2/3" under turn `turn`'s answer."""
    actions = page.locator(f"{ASSISTANT} [class*='st-key-actions_']").nth(turn - 1)
    return actions.get_by_test_id("stCaptionContainer").inner_text().strip()


def switch_version(page, turn: int, direction: str, expected: str, answers: int) -> None:
    """Click ‹ or › under a turn's answer and wait for the page drawn from the version shown."""
    page.locator(f".st-key-version_{direction}_{turn} button:visible").first.click()
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline:
        if page.locator('[data-stale="true"]').count() == 0 and page.get_by_test_id("stStatusWidget").count() == 0:
            captions = page.locator(f"{ASSISTANT} [class*='st-key-actions_']").nth(turn - 1)
            if captions.count() and captions.get_by_test_id("stCaptionContainer").inner_text().strip() == expected:
                wait_for_answers(page, answers, seen_running=True)
                return
        time.sleep(0.1)
    raise TimeoutError(f"version {expected} of turn {turn} was not shown")


def test_regenerate_twice_keeps_three_versions_switched_and_kept_over_a_reload(running, page):
    open_new_chat(page, running)
    send(page, "Hello! I am Mina.", 1)
    send(page, "Name one primary colour.", 2)
    texts = [exported_messages(page)[-1]["text"]]
    for _ in range(2):
        page.locator('[class*="st-key-regenerate_"] button:visible').click()
        wait_for_answers(page, 2)
        texts.append(exported_messages(page)[-1]["text"])
    assert shown_version(page, 2) == "3/3" and page.locator(USER).count() == 2
    switch_version(page, 2, "back", "2/3", 2)
    switch_version(page, 2, "back", "1/3", 2)
    assert exported_messages(page)[-1]["text"] == texts[0]
    page.reload()
    page.locator(ASSISTANT).nth(1).locator('[data-testid="stFeedback"]').wait_for(timeout=REPLY_SECONDS * 1000)
    assert shown_version(page, 2) == "1/3" and page.locator(".st-key-version_back_2 button:visible").first.is_disabled()
    for expected in ("2/3", "3/3"):
        switch_version(page, 2, "next", expected, 2)
    assert exported_messages(page)[-1]["text"] == texts[2]


def test_an_earlier_question_edited_forks_the_chat_and_the_original_comes_back_whole(running, page):
    open_new_chat(page, running)
    lines = ["Hello! I am Mina.", "I live in Busan.", "I have a cat named Coco.", "I like green tea.",
             "My sister is Hana.", "What is my cat's name?"]
    for count, line in enumerate(lines, 1):
        send(page, line, count)
    original = page.locator(f"{USER}, {ASSISTANT}").all_inner_texts()
    page.locator('[class*="st-key-edit_"] button:visible').nth(1).click()
    editor = page.locator('[data-testid="stForm"] textarea')
    editor.wait_for(timeout=30_000)
    assert editor.input_value() == "I live in Busan."
    editor.fill("I live in Seoul.")
    page.get_by_role("button", name="보내기", exact=True).click()
    wait_for_answers(page, 2)
    questions = page.locator(USER).all_inner_texts()
    assert len(questions) == 2 and "I am Mina" in questions[0] and "I live in Seoul." in questions[1]
    assert shown_version(page, 2) == "2/2" and page.get_by_text("Coco").count() == 0
    switch_version(page, 2, "back", "1/2", 6)
    shown = page.locator(f"{USER}, {ASSISTANT}").all_inner_texts()
    assert [text.replace("‹\n\n1/2\n\n›\n\n", "") for text in shown] == original  # all of it, and ‹ 1/2 ›
    assert sum("1/2" in text for text in shown) == 1


def test_a_file_attached_in_the_input_becomes_a_document_and_the_text_is_sent(running, page, tmp_path):
    session_id = open_new_chat(page, running)
    notes = tmp_path / "notes.md"
    notes.write_text("# House notes\n\nThe spare key is under the blue flowerpot by the door.\n")
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                           timeout=REPLY_SECONDS * 1000)  # the page has run to its end: nothing resets the input
    page.locator('[data-testid="stChatInput"] input[type="file"]').set_input_files(str(notes))
    page.get_by_text("notes.md").first.wait_for(timeout=30_000)  # the file waits in the input
    page.get_by_test_id("stChatInputTextArea").fill("Where is the spare key?")
    submit = page.get_by_test_id("stChatInputSubmitButton")
    page.wait_for_function("(button) => !button.disabled", arg=submit.element_handle(), timeout=30_000)
    submit.click()  # once the upload has finished: the input takes no message before
    wait_for_answers(page, 1)
    page.locator(USER).first.get_by_text(re.compile(r"notes\.md · [\d,]+ 토큰")).wait_for(timeout=30_000)  # its chip
    assert "Where is the spare key?" in page.locator(USER).first.inner_text()
    storage = open_storage(str(running[1]))
    try:
        assert [document.title for document in storage.list_documents(session_id)] == ["notes.md"]
    finally:
        storage.close()


def test_copy_and_export_give_the_conversation(running, page):
    open_new_chat(page, running)
    send(page, "What is the capital of France?", 1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(f"{USER} button.message-copy").click()
    assert page.evaluate("navigator.clipboard.readText()") == "What is the capital of France?"
    page.locator(f"{USER} button.message-copy", has_text="✅").wait_for(timeout=5_000)
    markdown = download(page, "Markdown으로 받기").read_text(encoding="utf-8")
    assert markdown.startswith("# Capital of France\n")  # the chat's title: its first message's gist
    assert "## 1턴\n\n**👤 나**\n\n```text\nWhat is the capital of France?\n```\n\n**🤖 어시스턴트**\n\n```text\n" \
        in markdown
    messages = exported_messages(page)
    assert [m["role"] for m in messages] == ["user", "assistant"] and messages[1]["text"].strip()
    assert messages[1]["text"].strip()[:20] in markdown


def test_thumbs_up_is_kept_over_a_reload(running, page):
    open_new_chat(page, running)
    send(page, "Say hello.", 1)
    thumbs_up = page.locator(f'{ASSISTANT} [data-testid="stFeedback"] button[aria-label="Thumbs up"]')
    thumbs_up.click()
    page.wait_for_function("() => document.querySelector('[aria-label=\"Thumbs up\"]')"
                           ".getAttribute('aria-checked') === 'true'", timeout=30_000)
    time.sleep(1)  # the choice is saved by the rerun it starts
    page.reload()
    page.locator(f'{ASSISTANT} [data-testid="stFeedback"]').wait_for(timeout=REPLY_SECONDS * 1000)
    assert thumbs_up.get_attribute("aria-checked") == "true"
    assert page.locator(f'{ASSISTANT} button[aria-label="Thumbs down"]').get_attribute("aria-checked") == "false"
    assert exported_messages(page)[1]["feedback"] == "up"


def test_a_tool_call_is_a_status_block_inside_the_answers_bubble(running, page):
    open_new_chat(page, running)
    page.get_by_test_id("stChatInputTextArea").fill("What is 12 * 7?")
    page.keyboard.press("Enter")
    bubble = page.locator(ASSISTANT).first
    bubble.locator('[data-testid="stExpander"]', has_text="calculator").wait_for(timeout=REPLY_SECONDS * 1000)
    assert page.locator(ASSISTANT).count() == 1  # as soon as the status shows: one bubble for the answer
    wait_for_answers(page, 1, seen_running=True)
    assert page.locator(ASSISTANT).count() == 1 and page.locator(USER).count() == 1
    answer = page.locator(ASSISTANT).first
    assert answer.locator('[data-testid="stExpander"]', has_text="calculator").count() == 1
    assert "84" in answer.inner_text()
