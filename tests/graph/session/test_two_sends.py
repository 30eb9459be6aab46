"""Two messages to one session at once (two tabs): both are answered in order; Stop ends the one streaming."""

import pytest
from langchain_core.messages import AIMessage

from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph


def test_stop_ends_the_streaming_reply_and_the_second_message_is_still_answered(database):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("word " * 60 + "end"), delay=0.02)
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("tabs")
    first = session.send("first tab asks")
    next(iter(first))  # the first reply is streaming
    second = session.send("second tab asks")
    session.stop()
    first_events, second_events = first.wait(), second.wait()
    assert first_events[-1].data.get("stopped") and first_events[-1].text.endswith("⏹")
    assert second_events[-1].kind == "reply" and not second_events[-1].data.get("stopped")
    texts = [m.content for m in session.messages()]
    assert texts[0] == "first tab asks" and texts[2] == "second tab asks" and len(texts) == 4
    assert texts[3].endswith("end")
    engine.close()
