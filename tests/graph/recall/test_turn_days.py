"""A turn is dated on the day it is where the person is (their session's time zone), not UTC's: stored, recalled,
quoted, found by search and told in the request on that day. A pasted date stamps only the pasted conversation it
opens (and the turns that go on relaying it); the person's own words keep the day they were said. Both backends,
streaming and non-streaming fakes."""

from datetime import UTC, datetime

import pytest
from langchain_core.messages import AIMessage

import state.time_zones
from graph.models import ModelProfile
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

MORNING_IN_SEOUL = datetime(2026, 11, 19, 23, 30, tzinfo=UTC)  # 08:30 on the 20th in Seoul, still the 19th in UTC
SISTER = "My sister's name is Hana and she lives in Busan."
PASTED = "[1:56 pm on 8 May, 2019] Bob: I moved to Lisbon last spring.\nBob: The rent there is cheap."
SMALL_TALK = ["I have a meeting with my landlord on March 14 at 3pm.", "The weather is nice today.",
              "I started reading a novel."]  # turns after the fact, so it is summarized and recalled, not raw


def stop_clock(monkeypatch, moment: datetime) -> None:
    """The time it is for the engine, from now on always `moment`."""

    class StoppedClock(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return moment.astimezone(tz)

    monkeypatch.setattr(state.time_zones, "datetime", StoppedClock)


@pytest.fixture
def seoul_morning(monkeypatch):
    stop_clock(monkeypatch, MORNING_IN_SEOUL)


@pytest.fixture(params=[True, False], ids=["streaming", "non-streaming"])
def bundled(request, database):
    """An engine on the bundled profile (the product quotes from memory), its fake streaming or not."""
    replies = iter(["Noted."] * 10 + ["I live in Tokyo, Japan."])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies)))
    profile = ModelProfile(label="fake", provider="bundled", streaming=request.param, tools=False,
                           structured_output=False, context_window=8_192)
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply), profile=profile)
    yield engine
    engine.close()


def shown(events) -> str:
    tokens = "".join(e.text for e in events if e.kind == "token")
    return (tokens or next(e.text for e in events if e.kind == "reply")).rstrip()


def days(session, turns) -> list[str]:
    return [record["date"] for record in session.turn_excerpts(turns)]


def test_a_turn_said_before_nine_in_seoul_is_stored_quoted_and_found_on_seouls_day(bundled, seoul_morning):
    session = bundled.session("seoul")
    session.save_settings(time_zone="Asia/Seoul")
    for fact in (SISTER, *SMALL_TALK):
        send(session, fact)
    assert days(session, [1, 2, 3, 4]) == ["2026-11-20"] * 4
    assert shown(send(session, "Where does my sister live?")) == f'You said on turn 1 (2026-11-20): "{SISTER}"'
    hits = {(hit["turn"], hit["day"]) for hit in bundled.search("Busan")}  # the fact, and the answer quoting it
    assert hits == {(1, "2026-11-20"), (5, "2026-11-20")}


def test_in_korean_the_quote_names_seouls_day(bundled, seoul_morning):
    session = bundled.session("seoul-ko")
    session.save_settings(time_zone="Asia/Seoul")
    for fact in ("내 여동생은 부산에 살아.", *SMALL_TALK):
        send(session, fact)
    quote = '1턴(2026-11-20)에 이렇게 말씀하셨어요: "내 여동생은 부산에 살아."'
    assert shown(send(session, "내 여동생은 어디에 살아?")) == quote


def test_new_york_in_the_evening_is_still_the_day_before(database, monkeypatch):
    stop_clock(monkeypatch, datetime(2026, 11, 20, 2, 0, tzinfo=UTC))  # 21:00 on the 19th in New York
    engine = make_engine(database)
    try:
        session = engine.session("new-york")
        session.save_settings(time_zone="America/New_York")
        send(session, SISTER)
        assert days(session, [1]) == ["2026-11-19"]
        assert "Today's date: 2026-11-19 (Thursday)" in str(session.last_context()[0].content)
    finally:
        engine.close()


def test_the_request_tells_the_persons_day(database, seoul_morning):
    engine = make_engine(database)
    try:
        session = engine.session("today")
        session.save_settings(time_zone="Asia/Seoul")
        send(session, "hello")
        assert "Today's date: 2026-11-20 (Friday)" in str(session.last_context()[0].content)
    finally:
        engine.close()


def test_a_pasted_date_dates_its_conversation_not_the_persons_later_turns(bundled, seoul_morning):
    session = bundled.session("pasted")
    session.save_settings(time_zone="Asia/Seoul")
    send(session, PASTED)
    send(session, "Bob: I also adopted a cat named Miso.")  # the pasted conversation goes on: of its day
    send(session, SISTER)  # the person's own words: said today
    send(session, "Bob: I started a pottery class.")  # after the person spoke, no longer the pasted day's
    assert days(session, [1, 2, 3, 4]) == ["2019-05-08", "2019-05-08", "2026-11-20", "2026-11-20"]
    assert shown(send(session, "Where does my sister live?")) == f'You said on turn 3 (2026-11-20): "{SISTER}"'


def test_the_persons_own_words_after_a_paste_in_one_message_keep_their_day(bundled, seoul_morning):
    session = bundled.session("pasted-and-said")
    session.save_settings(time_zone="Asia/Seoul")
    for fact in (f"{PASTED}\n{SISTER}", *SMALL_TALK):
        send(session, fact)
    assert days(session, [1]) == ["2019-05-08"]  # what the pasted lines tell is of their day
    assert shown(send(session, "Where does my sister live?")) == f'You said on turn 1 (2026-11-20): "{SISTER}"'
