"""Settings enter once and are trusted after: a rate out of range is brought within bounds where it is given and
stored so on both backends; the page's language is a setting each turn runs with, so a person on the Korean page
gets Korean notices whatever language they type in, on every kind of turn."""

import re

import pytest

from graph.errors import describe_error
from prompt.system import BASE_SYSTEM_PROMPT
from state.refusals import WrongType
from state.texts import localized
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel
from tests.project.test_layering import OUTSIDE_TESTS, ROOT

pytestmark = pytest.mark.graph

CLAMPS = re.compile(r"\bclamp(_rate|_budget)?\(")
WHERE_SETTINGS_ENTER = {"state/session.py", "state/rates.py", "state/budgets.py", "state/bounds.py"}  # and defined


def test_numbers_are_clamped_only_where_settings_are_made():
    clamping = {str(path.relative_to(ROOT)) for path in OUTSIDE_TESTS if CLAMPS.search(path.read_text())}
    assert "state/session.py" in clamping and clamping <= WHERE_SETTINGS_ENTER


def test_a_rate_out_of_range_is_clamped_where_it_enters_and_stored_clamped(database):
    engine = make_engine(database)
    try:
        session = engine.session("s")
        assert session.save_settings(compression_rate=7.0).compression_rate == 0.5
        assert engine.storage.load_settings("s").compression_rate == 0.5
        send(session, "question 1", rate=0.01)
        assert engine.storage.load_settings("s").compression_rate == 0.1
        assert session.state()["compression_rate"] == 0.1
        send(session, "question 2", rate=None)  # the session's own rate
        assert session.state()["compression_rate"] == 0.1
    finally:
        engine.close()


@pytest.fixture(params=["streaming", "non_streaming"])
def framing_model(request) -> ScriptedChatModel:
    """A model that only copies its instructions back, so every reply is replaced by a notice."""
    return ScriptedChatModel(script=[BASE_SYSTEM_PROMPT] * 8, disable_streaming=request.param == "non_streaming")


def test_the_korean_page_gets_korean_notices_for_english_text_on_every_kind_of_turn(database, framing_model):
    acknowledged = localized("ko", "reply_acknowledged")
    engine = make_engine(database, framing_model)
    try:
        session = engine.session("page")
        assert session.send("My sister lives in Busan.", language="ko").wait()[-1].text == acknowledged
        engine.wait_idle()
        assert session.regenerate(language="ko").wait()[-1].text == acknowledged
        engine.wait_idle()
        assert session.edit(1, "My brother lives in Seoul.", language="ko").wait()[-1].text == acknowledged
        engine.wait_idle()
        framing_model.script = [ConnectionError("refused"), BASE_SYSTEM_PROMPT, BASE_SYSTEM_PROMPT]
        failed = session.send("My cat is called Nabi.").wait()[-1]  # sent from an English page
        assert failed.kind == "error" and failed.text == describe_error(ConnectionError("refused"), "en")
        engine.wait_idle()
        assert session.resume(language="ko").wait()[-1].text == acknowledged  # Retry on the Korean page
    finally:
        engine.close()


def test_the_chinese_page_gets_chinese_notices_and_refusals(database, framing_model):
    engine = make_engine(database, framing_model)
    try:
        session = engine.session("page")
        assert session.send("   ", language="zh").wait()[-1].text == "不能发送空消息。"
        assert session.send("My sister lives in Busan.", language="zh").wait()[-1].text == "好的，我记住了。"
        engine.wait_idle()
        assert session.regenerate(language="zh").wait()[-1].text == "好的，我记住了。"
        with pytest.raises(WrongType):
            session.summarize_now(language=["zh"])  # type: ignore[arg-type]
    finally:
        engine.close()
