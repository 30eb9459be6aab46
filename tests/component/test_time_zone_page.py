"""The page keeps the browser's time zone with the chat, and dates turns on the person's day: a zone this server does
not know is not kept (its offset's or UTC is), and the person is told so once, in the page's language; a chat stored
with a zone that is none opens and answers; a search hit names the day the person said it."""

import json
from datetime import UTC, datetime

import pytest

import component.time_zone
from tests.component.apptest import send
from tests.graph.recall.test_turn_days import stop_clock
from tests.graph.storage.conformance.test_settings import store_raw_settings

pytestmark = pytest.mark.app

LONG = "Asia/" + "x" * 10_000


def browser_in(monkeypatch, name: str, offset: int | None) -> None:
    """The browser showing the page reports this zone name and offset."""
    monkeypatch.setattr(component.time_zone, "browser_says", lambda: (name, offset))


def kept_zone(fake_engine, app) -> str:
    return fake_engine.engine.session(app.session_state["session_id"]).settings().time_zone


def replies(app) -> list[str]:
    return [m.value for bubble in app.chat_message if bubble.name == "assistant" for m in bubble.markdown]


@pytest.mark.parametrize(("name", "offset", "kept", "used"), [(LONG, -540, "Etc/GMT-9", "UTC+9"),
                                                              ("Mars/Olympus", -330, "UTC", "UTC")])
def test_a_zone_the_server_does_not_know_falls_back_with_a_notice_once(app, fake_engine, monkeypatch, name, offset,
                                                                        kept, used):
    browser_in(monkeypatch, name, offset)
    send(app, "question 1")
    assert not app.exception and "Reply to: question 1" in replies(app)
    assert kept_zone(fake_engine, app) == kept
    notices = [w.value for w in app.warning if "시간대" in w.value]
    assert len(notices) == 1 and used in notices[0] and len(notices[0]) < 200  # Korean, the page's language
    send(app, "question 2")
    assert "Reply to: question 2" in replies(app) and not [w for w in app.warning if "시간대" in w.value]


def test_a_zone_the_server_knows_is_kept_without_a_notice(app, fake_engine, monkeypatch):
    browser_in(monkeypatch, "Asia/Seoul", -540)
    send(app, "question 1")
    assert kept_zone(fake_engine, app) == "Asia/Seoul" and not app.warning


def test_a_chat_stored_with_a_zone_that_is_none_opens_answers_and_keeps_the_browsers(app, fake_engine, monkeypatch):
    browser_in(monkeypatch, "Asia/Seoul", -540)
    send(app, "question 1")
    session_id = app.session_state["session_id"]
    store_raw_settings(fake_engine.engine.storage, session_id, json.dumps({"time_zone": LONG}))
    app.run()
    assert not app.exception
    send(app, "question 2")
    assert not app.exception and "Reply to: question 2" in replies(app)
    assert kept_zone(fake_engine, app) == "Asia/Seoul"


def test_a_search_hit_names_the_day_in_the_persons_zone(app, monkeypatch):
    stop_clock(monkeypatch, datetime(2026, 11, 19, 23, 30, tzinfo=UTC))  # 08:30 on the 20th in Seoul
    browser_in(monkeypatch, "Asia/Seoul", -540)
    send(app, "My sister lives in Busan.")
    app.text_input(key="search_query").set_value("Busan").run()
    labels = [button.label for button in app.sidebar.button if button.key and button.key.startswith("hit_")]
    assert len(labels) == 1 and "2026-11-20" in labels[0] and "2026-11-19" not in labels[0]
