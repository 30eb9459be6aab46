"""Documents through the real uploader: a text file and a PDF, a question they answer, the sources listed."""

import pytest

from tests.browser.test_chat_in_browser import ASSISTANT, send_and_watch
from tests.graph.test_documents import minimal_pdf

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
