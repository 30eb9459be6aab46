"""In the real browser with the bundled model: a small uploaded document stays out of unrelated answers, on
screen while they stream and after; a question about it still gets it, with its source, and never its JSON."""


import pytest

from tests.component.browser.test_chat_in_browser import ASSISTANT, send_and_read

pytestmark = pytest.mark.browser

MEMO = "Project Heron: the kickoff code is HX-4471, the budget is 42,000 EUR, and the lead is Mina Park."
SHAPE = ('"documents"', '"contents"', "참고 문서", "Reference documents")  # the request's JSON and its header
LEAKS = (*SHAPE, "HX-4471", "42,000")


def test_an_uploaded_memo_stays_out_of_unrelated_answers(app_url, page, tmp_path):
    (tmp_path / "heron.txt").write_text(MEMO)
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.locator(".st-key-welcome").wait_for(timeout=120_000)  # a new chat, saved with its first message
    page.get_by_text("📎 문서").click()
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files([str(tmp_path / "heron.txt")])
    page.get_by_test_id("stSidebar").get_by_text("heron.txt ·").wait_for(timeout=120_000)

    for question in ("What is the capital of France?", "hi", "프랑스의 수도는 어디야?"):
        for text in send_and_read(page, question):
            assert not [leak for leak in LEAKS if leak in text], (question, text)

    for text in send_and_read(page, "What is the kickoff code in the Project Heron memo?"):
        assert not [leak for leak in SHAPE if leak in text], text  # its facts may come back, not its JSON
    answer = page.locator(ASSISTANT).last
    answer.get_by_text("출처").wait_for(timeout=30_000)
    assert "[1] heron.txt" in answer.inner_text()
