"""The page is the person's: what a developer checks (what the model saw, the token chart, the context policy and
budget) waits behind one switch, off by default, kept in the address, and speaks the page's language when on; the
uploader's own words too."""

import pytest
from streamlit.testing.v1 import AppTest

from tests.component.apptest import send

pytestmark = pytest.mark.app

DEVELOPER_KEYS = ("context_policy_choice", "context_budget_choice")


def expander_labels(app: AppTest) -> list[str]:
    return [expander.label for expander in app.expander]


def widget_keys(app: AppTest) -> set[str]:
    return {widget.key for kind in ("selectbox", "number_input") for widget in app.get(kind) if widget.key}


def page_styles(app: AppTest) -> str:
    return "\n".join(element.proto.body for element in app.get("html"))


def test_a_new_page_shows_no_developer_view_and_keeps_the_rate(app):
    for n in range(1, 5):
        send(app, f"question {n}")
    assert not app.exception
    assert "🔍 모델이 본 컨텍스트" not in expander_labels(app)
    assert not app.get("vega_lite_chart") and not app.table
    assert not widget_keys(app) & set(DEVELOPER_KEYS)
    assert app.slider(key="compression_rate").value == 0.3  # the person's own control stays
    assert app.toggle(key="details_shown").value is False
    assert "details" not in app.query_params


def test_the_switch_shows_every_developer_view_and_the_address_keeps_it(app):
    send(app, "question 1")
    app.toggle(key="details_shown").set_value(True).run()
    assert app.query_params["details"] == "on"
    assert "🔍 모델이 본 컨텍스트" in expander_labels(app)
    assert set(DEVELOPER_KEYS) <= widget_keys(app)
    assert app.get("vega_lite_chart")
    app.toggle(key="details_shown").set_value(False).run()
    assert "details" not in app.query_params
    assert "🔍 모델이 본 컨텍스트" not in expander_labels(app)


@pytest.mark.parametrize("language, speaker, turn_column", [("ko", "사용자", "턴"), ("zh", "用户", "轮次"),
                                                             ("en", "Person", "Turn")])
def test_what_the_model_saw_speaks_the_pages_language(fake_engine, language, speaker, turn_column):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["lang"], app.query_params["details"] = language, "on"
    app.run()
    for n in range(1, 3):
        send(app, f"question {n}")
    headers = [element.value for element in app.markdown if element.value.startswith("**")]
    assert any(speaker in header for header in headers)
    assert not [header for header in headers if " human " in header or " ai " in header]
    columns = [list(table.value.columns) for table in app.table]
    assert all("turn" not in names and "rank" not in names for names in columns)


@pytest.mark.parametrize("language, button, limit", [("ko", "파일 고르기", "파일당 최대 200MB"),
                                                     ("zh", "选择文件", "每个文件最大 200MB"),
                                                     ("en", "Choose files", "up to 200MB per file")])
def test_the_uploader_speaks_the_pages_language(fake_engine, language, button, limit):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["lang"] = language
    styles = page_styles(app.run())
    assert f'content: "{button}"' in styles
    assert limit in styles and "TXT, MD, PDF" in styles
