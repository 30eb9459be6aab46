"""What the product answers by itself on the bundled model, in a real browser, in Korean, Chinese and English: a
sum said in words, a question about an attached file asked in other words, a fact asked back in other words; no
invented reply and no quote that is not the answer."""

import re

import pytest

from tests.component.browser.test_ordinary_chat_in_browser import send_and_time

pytestmark = pytest.mark.browser

INVENTED = re.compile(r"(?i)sorry for your loss|as an ai\b|sorry for (?:any|the) confusion|\bLiam\b")

KOREAN = {
    "told": ["저는 대전에 사는 건축가 지우예요.", "우리 강아지 이름은 콩이에요.",
             "여행 예산은 둘이 합쳐서 80만원 정도로 잡았어요."],
    "file": ("모임_공지.txt", "모임 공지\n1. 참석자\n지우, 민수, 하영\n2. 다음 회의\n"
             "다음 회의는 목요일 오후 3시에 2층 회의실에서 해요.\n3. 회비\n1인당 회비는 3만 5천원이에요.\n"),
    "asked": [("12만원씩 3명이면 얼마야?", ("36만", "360,000")),
              ("한 사람당 회비 얼마 내면 돼?", ("3만 5천원",)),
              ("우리 강아지 이름이 뭐였더라?", ("콩이",))],
}
CHINESE = {
    "told": ["我在成都当建筑师。", "我家的狗叫豆豆。", "这趟旅行我们俩一共准备花八千块钱。"],
    "file": ("聚会通知.txt", "聚会通知\n1. 参加的人\n小林、老王、阿梅\n2. 下次见面\n"
             "下次见面定在周四下午三点，在二楼会议室。\n3. 费用\n每人交费三百五十元。\n"),
    "asked": [("300元一晚，住4晚一共多少钱？", ("1,200", "1200")),
              ("每个人要交多少钱？", ("三百五十元",)),
              ("我家狗叫什么来着？", ("豆豆",))],
}
ENGLISH = {
    "told": ["Hi there!", "My neighbor Priya is looking after my cat Mochi while I'm away.",
             "I'm allergic to peanuts."],
    "file": ("club-notes.txt", "Book club notes\n1. Members\nDana, Theo, Priya\n2. Next meeting\n"
             "The next meeting is on Thursday at 7 pm in the library's reading room.\n3. Dues\n"
             "Each member pays 12 dollars a month.\n"),
    "asked": [("45 euros split between 3 of us, how much each?", ("15",)),
              ("How much do members pay every month?", ("12 dollars",)),
              ("Remind me, who's taking care of my cat?", ("Priya",))],
}


@pytest.fixture
def chinese_page(browser):
    """A browser in simplified Chinese."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="zh-CN")
    yield context.new_page()
    context.close()


def attach(page, folder, name: str, text: str) -> None:
    """The file attached to the chat through the uploader, listed in the sidebar once read."""
    (folder / name).write_text(text, encoding="utf-8")
    page.get_by_text("📎").first.click()
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(folder / name))
    page.get_by_test_id("stSidebar").get_by_text(f"{name} ·").wait_for(timeout=120_000)


def converse(page, url: str, folder, script: dict) -> list[tuple[str, str]]:
    """A new chat: the facts told, the file attached, then the questions; every reply checked as it comes."""
    page.goto(url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=300_000)
    page.locator(".st-key-welcome").wait_for(timeout=60_000)
    answers = []
    for line in script["told"]:
        reply, _ = send_and_time(page, line)
        assert not INVENTED.search(reply), (line, reply)
    attach(page, folder, *script["file"])
    for question, expected in script["asked"]:
        reply, _ = send_and_time(page, question)
        assert not INVENTED.search(reply), (question, reply)
        answers.append((question, reply))
        assert any(answer in reply for answer in expected), (question, reply)
    return answers


def test_korean_chat_answers_sums_files_and_facts(app_url, page, tmp_path):
    converse(page, app_url, tmp_path, KOREAN)


def test_chinese_chat_answers_sums_files_and_facts(app_url, chinese_page, tmp_path):
    converse(chinese_page, app_url, tmp_path, CHINESE)


def test_english_chat_answers_sums_files_and_facts_and_invents_nothing(app_url, english_page, tmp_path):
    converse(english_page, app_url, tmp_path, ENGLISH)
