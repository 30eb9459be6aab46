"""Forty turns of ordinary chat on the bundled model in a real browser, 25 in Korean and 15 in English: no reply
shows a sum nobody asked for, a quote in the app's own form of words never said, or the app's own markers; every
turn ends (Stop gone) and the next message can be sent. How long Stop stayed after the last character is printed
for each turn (the figure bench.first_tokens measures without a browser)."""

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.component.browser.test_chat_in_browser import ASSISTANT, REPLY_SECONDS

pytestmark = pytest.mark.browser

KOREAN = [
    "안녕하세요! 오늘 날씨가 정말 좋네요.", "저는 대전에 사는 건축가 지우예요.", "우리 강아지 이름은 콩이에요.",
    "아침에 콩이랑 공원에서 산책했어요.", "이번 달 식비 예산은 45만 원으로 정했어요.", "저는 땅콩 알레르기가 있어요.",
    "주말에 부산에 사는 동생을 보러 가요.", "요즘 스페인어를 배우고 있어요.", "점심으로 김치찌개를 먹었어요.",
    "회사 프로젝트 마감이 다음 주 금요일이에요.", "오늘 좀 피곤하네요.", "저녁에는 책을 읽을 거예요.",
    "우리 강아지 이름이 뭐였지?", "내 동생은 어디에 살아?", "커피보다 차를 더 좋아해요.", "고마워요!",
    "다음 달에 제주도 여행을 계획하고 있어요.", "비행기는 3월 14일 오전 9시 출발이에요.", "제 식비 예산이 얼마였죠?",
    "요즘 요가를 시작했어요.", "친구 민수가 이사를 도와줬어요.", "저는 무슨 알레르기가 있었지?", "좋은 하루 보내세요.",
    "내일은 비가 온대요.", "잘 자요!",
]
ENGLISH = [
    "Hi there! How are you today?", "My name is Dana and I work as a nurse.", "My brother Theo lives in Lisbon.",
    "I had pasta with mushrooms for dinner.", "The weather was rainy all afternoon.",
    "I'm thinking about learning to play the guitar.", "Where does my brother live?", "Thanks, that helps.",
    "My dentist appointment is on Tuesday at 4pm.", "I watched a documentary about octopuses.",
    "When is my dentist appointment?", "I might go hiking this weekend.", "What do I do for a living?",
    "Good night!", "See you tomorrow.",
]
ARITHMETIC = re.compile(r"\d+(?:[.,]\d+)?\s*[-+*/×x]\s*\d+(?:[.,]\d+)?\s*=\s*-?\d")
QUOTED = re.compile(r"(?:You said on turns?|턴\([^)]*\)에 이렇게 말씀하셨어요|턴에 이렇게 말씀하셨어요)"
                    r"[^\"“]*[\"“]([^\"”]+)[\"”]")
MARKERS = re.compile(r"\((?:\d{4}-\d{2}-\d{2}, )?turn \d+\)|\[Reminder\]|\[Turns? \d|\[\d+(?:-\d+)?턴\]")
LOOK_SECONDS = 0.05
SETTLED_SECONDS = 2.0


def send_and_time(page, text: str) -> tuple[str, float]:
    """Send a message; the reply as drawn once the turn ended, and the seconds Stop stayed after the reply's text
    last changed."""
    before = page.locator(ASSISTANT).count()
    page.get_by_test_id("stChatInputTextArea").fill(text)
    page.keyboard.press("Enter")
    seen, changed, deadline = None, time.monotonic(), time.monotonic() + REPLY_SECONDS
    sample = """([assistant, before]) => {
        const bubbles = document.querySelectorAll(assistant);
        return [document.querySelector('.st-key-stop') !== null,
                bubbles.length > before ? bubbles[before].innerText : null];
    }"""
    started = False
    while time.monotonic() < deadline:
        running, shown = page.evaluate(sample, [ASSISTANT, before])
        started = started or running or shown is not None
        if shown != seen:
            seen, changed = shown, time.monotonic()
        if started and not running and shown is not None:
            break
        time.sleep(LOOK_SECONDS)
    lag = time.monotonic() - changed
    page.locator(".st-key-stop").wait_for(state="detached", timeout=REPLY_SECONDS * 1000)
    try:  # a redraw may replace the bubble for a moment: waited for, not counted at once
        page.locator(ASSISTANT).nth(before).wait_for(timeout=REPLY_SECONDS * 1000)
    except PlaywrightTimeout:
        raise AssertionError(f"no reply to {text!r} ({'the turn ran' if started else 'the turn never started'}); "
                             f"the page shows: {page.locator('body').inner_text()}") from None
    return settled_text(page.locator(ASSISTANT).nth(before)), lag


def settled_text(bubble) -> str:
    """The bubble's text once the page's last redraw after the turn drew it: unchanged for `SETTLED_SECONDS` (the
    answer after a tool's status comes with the rerun that ends the turn)."""
    text, since, deadline = bubble.inner_text(), time.monotonic(), time.monotonic() + REPLY_SECONDS
    while time.monotonic() - since < SETTLED_SECONDS and time.monotonic() < deadline:
        time.sleep(LOOK_SECONDS)
        if (now := bubble.inner_text()) != text:
            text, since = now, time.monotonic()
    return text


def check_reply(reply: str, message: str, said: list[str]) -> None:
    """Nothing shown that the product knows is wrong."""
    if not re.search(r"\d\s*[-+*/×x곱더빼나]", message):
        assert not ARITHMETIC.search(reply), (message, reply)
    for quoted in QUOTED.findall(reply):
        words = quoted.strip(" .…")
        assert any(words in line for line in said), (message, reply)
    assert not MARKERS.search(reply), (message, reply)


def chat(page, url: str, lines: list[str]) -> list[float]:
    page.goto(url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=300_000)
    page.locator(".st-key-new_chat button").click()
    page.locator(ASSISTANT).first.wait_for(state="detached", timeout=30_000)
    said, lags = [], []
    for line in lines:
        said.append(line)
        reply, lag = send_and_time(page, line)
        assert reply.strip(), line
        check_reply(reply, line, said)
        lags.append(lag)
    return lags


def test_korean_and_english_ordinary_chat_shows_nothing_the_product_knows_is_wrong(app_url, page, english_page):
    korean = chat(page, app_url, KOREAN)
    english = chat(english_page, app_url, ENGLISH)
    lags = sorted(korean + english)
    print(f"\nStop after the last character: p50 {lags[len(lags) // 2]:.2f} s, max {lags[-1]:.2f} s over "
          f"{len(lags)} turns")
    assert len(lags) == len(KOREAN) + len(ENGLISH)
