"""A person's path in a real browser: four messages, streamed replies, a summary, a reload."""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ASSISTANT = '[data-testid="stChatMessage"]:has([data-testid="stChatMessageAvatarAssistant"])'
REPLY_SECONDS = 120
LONG_REQUEST = "Write a long story about a dragon who learns to cook. Make it at least ten paragraphs long."
SAMPLE = """([assistant, before]) => {
    const bubbles = document.querySelectorAll(assistant);
    const running = document.querySelector('.st-key-stop') !== null;
    return [running, bubbles.length > before ? bubbles[before].innerText : null];
}"""  # whether the turn runs, and the reply's bubble as drawn now
SCREENSHOTS = Path(__file__).resolve().parents[3] / "test-results"


def send_and_read(page, text: str) -> list[str]:
    """Send a message and read the reply's bubble while the turn runs and once it ends: every text seen, the
    finished reply last. A reply quicker than one look at the page is still read: the turn is over once the
    reply's bubble is drawn and Stop is gone."""
    before = page.locator(ASSISTANT).count()
    page.get_by_test_id("stChatInputTextArea").fill(text)
    page.keyboard.press("Enter")
    stop = page.locator(".st-key-stop")
    seen: list[str] = []
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline:
        running, text = page.evaluate(SAMPLE, [ASSISTANT, before])  # one round trip: a short reply is still seen
        if text is not None:
            seen.append(text)
            if not running:
                break
        time.sleep(0.02)
    stop.wait_for(state="detached", timeout=REPLY_SECONDS * 1000)
    page.locator(ASSISTANT).nth(before).wait_for(timeout=REPLY_SECONDS * 1000)
    return [*seen[:-1], page.locator(ASSISTANT).nth(before).inner_text()]


def send_and_watch(page, text: str) -> list[int]:
    """Send a message and sample the reply while the turn runs; return the lengths seen."""
    return [len(seen) for seen in send_and_read(page, text)[:-1]]


def test_four_messages_stream_summarize_and_survive_a_reload(app_url, page):
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    questions = ["My name is Ada and I live in Lisbon.", "What is the capital of France?",
                 "Name one primary colour.", "What is my name?"]
    growing = []
    for question in questions:
        lengths = send_and_watch(page, question)
        growing.append(len(set(length for length in lengths if length > 0)) > 1)
    assert any(growing), "no reply was seen growing token by token"
    replies = page.locator(ASSISTANT).all_inner_texts()
    assert len(replies) == 4 and all(reply.strip() and "⏹" not in reply for reply in replies)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.get_by_text("[1-3턴 요약]").first.wait_for(timeout=REPLY_SECONDS * 1000)
    assert page.get_by_text("총 요약: 1개 (3턴 압축)").count() == 1
    caption = page.get_by_text(re.compile(r"\(원문의 \d+%, 요청 30%\)")).first.inner_text()
    measured = int(re.search(r"원문의 (\d+)%", caption).group(1))  # type: ignore[union-attr]
    assert 15 <= measured <= 33, caption  # at most the slider's 0.3 (+10%): only the person's own sentences are kept
    page.screenshot(path=str(SCREENSHOTS / "main.png"), full_page=False)
    assert 'You said on turn 1' in page.locator(ASSISTANT).last.inner_text()  # "What is my name?": own words

    page.reload()
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.get_by_text(questions[-1]).first.wait_for(timeout=30_000)  # the history is drawn top to bottom
    for question in questions:
        assert page.get_by_text(question, exact=True).count() >= 1
    page.get_by_text("[1-3턴 요약]").first.wait_for(timeout=30_000)
    assert page.get_by_text("[1-3턴 요약]").count() == 1


def test_stop_keeps_what_was_streamed(app_url, page):
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.locator(".st-key-new_chat button").click()
    page.locator(ASSISTANT).first.wait_for(state="detached", timeout=30_000)
    before = 0
    page.get_by_test_id("stChatInputTextArea").fill(LONG_REQUEST)
    page.keyboard.press("Enter")
    bubble = page.locator(ASSISTANT).nth(before)
    deadline = time.monotonic() + REPLY_SECONDS
    while time.monotonic() < deadline and len(bubble.inner_text() if bubble.count() else "") < 10:
        time.sleep(0.02)
    page.locator(".st-key-stop button").click()
    page.locator(".st-key-stop").wait_for(state="detached", timeout=30_000)
    page.get_by_text("⏹").first.wait_for(timeout=30_000)
    kept = page.locator(ASSISTANT).nth(before).inner_text()
    assert "⏹" in kept and len(kept) > 10
    assert page.get_by_text(LONG_REQUEST).count() == 1


def test_a_greeting_and_a_sum_is_answered_with_the_right_number_first(app_url, page):
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    page.locator(".st-key-new_chat button").click()
    page.locator(ASSISTANT).first.wait_for(state="detached", timeout=30_000)
    send_and_watch(page, "Hello! What is 17 * 23?")
    expect(page.locator(ASSISTANT).last).to_contain_text("391", timeout=REPLY_SECONDS * 1000)  # drawn in full
    reply = page.locator(ASSISTANT).last.inner_text()
    numbers = re.findall(r"\d{3,}", reply)
    assert "17 * 23 = 391." in reply and numbers and numbers[0] == "391", reply  # no guess before the result
