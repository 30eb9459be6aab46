"""A Chinese person's browser: the page opens in Chinese, answers in Chinese, and shows times on the person's
clock (the browser's zone, not the server's UTC)."""

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

pytestmark = pytest.mark.browser

ZONE = "Asia/Shanghai"


@pytest.fixture
def chinese_page(browser):
    """A browser in simplified Chinese, in China's time zone."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="zh-CN", timezone_id=ZONE)
    yield context.new_page()
    context.close()


def test_a_chinese_browser_gets_the_page_in_chinese_on_its_own_clock(app_url, chinese_page):
    page = chinese_page
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("总结压缩率").first.wait_for(timeout=30_000)
    page.wait_for_function("() => location.search.includes('lang=zh')", timeout=30_000)
    assert page.get_by_text("有什么可以帮您的？").count() == 1
    assert page.get_by_test_id("stChatInputTextArea").get_attribute("placeholder") == "输入消息"

    page.get_by_test_id("stChatInputTextArea").fill("我的狗叫豆豆。")
    page.get_by_test_id("stChatInputTextArea").press("Enter")
    page.get_by_text("好的，我记住了。").first.wait_for(timeout=180_000)

    shown_hour = datetime.now(ZoneInfo(ZONE)).strftime("%m-%d %H:")
    sidebar.locator("[class*='st-key-open_'] button").first.hover()  # the chat's turns and time: its tooltip
    meta = page.get_by_text(re.compile(r"^1 轮 · \d\d-\d\d \d\d:\d\d$")).first
    meta.wait_for(timeout=60_000)
    assert meta.inner_text().startswith(f"1 轮 · {shown_hour}"), meta.inner_text()
