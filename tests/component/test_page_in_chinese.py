"""The page in Chinese: chosen by `?lang=zh`, by a Chinese browser, or in the sidebar, every text of it in
Chinese, and the summaries the model reads headed in Chinese."""

import pytest
from streamlit.testing.v1 import AppTest

from component.i18n import language_of_locale
from tests.component.apptest import send

pytestmark = pytest.mark.app


def chinese_page() -> AppTest:
    """The app opened at `?lang=zh`."""
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["lang"] = "zh"
    return app.run()


def test_lang_zh_in_the_address_opens_the_page_in_chinese(fake_engine):
    app = chinese_page()
    assert not app.exception
    assert app.slider(key="compression_rate").label == "总结压缩率"
    assert app.button(key="new_chat").label == "➕ 新对话"
    assert any("总结历史" in s.value for s in app.subheader)
    assert app.chat_input[0].placeholder == "输入消息"
    assert app.query_params["lang"] == "zh"


def test_chinese_is_a_choice_of_the_sidebar_and_kept_in_the_address(app):
    app.sidebar.get("button_group")[0].set_value("zh").run()
    assert app.slider(key="compression_rate").label == "总结压缩率"
    assert app.query_params["lang"] == "zh"


@pytest.mark.parametrize(("locale", "language"), [
    ("zh-CN", "zh"), ("zh_TW", "zh"), ("zh", "zh"), ("ko-KR", "ko"), ("en-US", "en"), ("fr-FR", "en"),
    (None, "ko"), ("", "ko")])
def test_the_first_visit_speaks_the_browsers_language(locale, language):
    assert language_of_locale(locale) == language


def test_a_chinese_pages_summaries_are_headed_in_chinese(fake_engine):
    app = chinese_page()
    for n in range(1, 5):
        send(app, f"我的第{n}个问题")
        fake_engine.engine.preparer.wait()
    system = str(fake_engine.chat.calls[-1][0].content)
    assert "[之前对话的总结]" in system and "[第1-3轮]" in system
    assert "[이전 대화 요약]" not in system
    panel = [*(e.label for e in app.expander), *(m.value for m in app.markdown)]
    assert any("[第 1-3 轮] 压缩率 0.3" in text for text in panel)


def test_the_system_prompt_is_shown_in_chinese_and_the_model_reads_the_apps_own(fake_engine):
    app = chinese_page()
    shown = app.text_area(key="system_prompt_text")
    assert shown.value.startswith("你是一个乐于助人的 AI 助手。")
    app.button(key="save_prompt").click().run()  # saving it unchanged keeps the app's own
    assert fake_engine.engine.session(app.session_state["session_id"]).settings().system_prompt == ""
    send(app, "你好")
    assert str(fake_engine.chat.calls[-1][0].content).startswith("You are a helpful AI assistant.")
    app.sidebar.get("button_group")[0].set_value("ko").run()
    assert app.text_area(key="system_prompt_text").value.startswith("당신은 도움이 되는 AI 어시스턴트입니다.")
