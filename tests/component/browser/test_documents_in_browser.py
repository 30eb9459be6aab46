"""Documents through the real uploader: a text file and a PDF, a question they answer, the sources listed."""

import re

import pytest
from playwright.sync_api import expect

from tests.component.browser.test_chat_in_browser import ASSISTANT, send_and_watch
from tests.graph.documents.test_documents import minimal_pdf

pytestmark = pytest.mark.browser

LEAVE = "Our company gives every employee 15 days of paid annual leave per year. Leave requests go to Hana Park."
PARKING = "Visitor parking is on level B3 of the Seaside building."


def test_uploaded_text_and_pdf_answer_a_question_with_their_sources(app_url, page, tmp_path):
    (tmp_path / "leave-policy.txt").write_text(LEAVE)
    (tmp_path / "parking.pdf").write_bytes(minimal_pdf(PARKING))
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.locator(".st-key-welcome").wait_for(timeout=30_000)  # a new chat is open; the uploads go to it
    page.get_by_text("📎 문서").click()
    uploader = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
    uploader.set_input_files([str(tmp_path / "leave-policy.txt"), str(tmp_path / "parking.pdf")])
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("leave-policy.txt ·").wait_for(timeout=120_000)
    sidebar.get_by_text("parking.pdf ·").wait_for(timeout=120_000)

    send_and_watch(page, "How many days of paid annual leave does every employee get?")
    answer = page.locator(ASSISTANT).last
    answer.get_by_text("출처").wait_for(timeout=30_000)
    assert "[1] leave-policy.txt" in answer.inner_text()

    send_and_watch(page, "Which level is visitor parking on in the Seaside building?")
    answer = page.locator(ASSISTANT).last
    answer.get_by_text("출처").wait_for(timeout=30_000)
    assert "[2] parking.pdf" in answer.inner_text()


USER = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarUser"])'


def test_a_file_sent_with_a_message_shows_on_it_before_the_reply_and_after_a_reload(app_url, page, tmp_path):
    (tmp_path / "notes.txt").write_text("The spare key is under the blue flowerpot by the back door.")
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.locator(".st-key-welcome").wait_for(timeout=30_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                           timeout=120_000)  # the page has run to its end: nothing resets the input
    page.locator('[data-testid="stChatInput"] input[type="file"]').set_input_files(str(tmp_path / "notes.txt"))
    page.get_by_text("notes.txt").first.wait_for(timeout=30_000)  # the file waits in the input
    page.get_by_test_id("stChatInputTextArea").fill("Hi! Can you tell me where is the spare key?")
    submit = page.get_by_test_id("stChatInputSubmitButton")
    page.wait_for_function("(button) => !button.disabled", arg=submit.element_handle(), timeout=30_000)
    submit.click()  # once the upload has finished: the input takes no message before
    bubble = page.locator(USER).last
    bubble.get_by_text("notes.txt ·").first.wait_for(timeout=60_000)  # on the message, while the reply is made
    page.locator(ASSISTANT).last.wait_for(timeout=120_000)
    page.locator(".st-key-stop").wait_for(state="detached", timeout=120_000)
    bubble = page.locator(USER).last
    expect(bubble.get_by_text(re.compile(r"notes\.txt · [\d,]+ 토큰"))).to_be_visible(timeout=30_000)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_role("button", name="Where is the spare key")).to_be_visible(timeout=30_000)  # its gist
    page.reload()
    expect(page.locator(USER).last.get_by_text(re.compile(r"notes\.txt · [\d,]+ 토큰"))).to_be_visible(
        timeout=60_000)
