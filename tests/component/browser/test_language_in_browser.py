"""The interface speaks the browser's language the first time, and the person's choice survives a reload."""

import pytest

pytestmark = pytest.mark.browser


def test_an_english_browser_opens_in_english_and_a_switch_survives_a_reload(app_url, english_page):
    page = english_page
    page.goto(app_url)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("Compression rate").first.wait_for(timeout=30_000)
    sidebar.get_by_text("한국어", exact=True).click()
    sidebar.get_by_text("요약 압축률").first.wait_for(timeout=30_000)
    page.wait_for_function("() => location.search.includes('lang=ko')", timeout=30_000)
    page.reload()
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    sidebar.get_by_text("요약 압축률").first.wait_for(timeout=30_000)
    assert sidebar.get_by_text("Compression rate").count() == 0
