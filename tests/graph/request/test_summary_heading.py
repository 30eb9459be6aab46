"""The summaries reach the model headed in the chat's language (the page's), streaming or not."""

import pytest

from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
@pytest.mark.parametrize(("language", "heading", "line", "other"), [
    ("en", "[Summary of the conversation so far]", "[Turns 1-3] ", "이전 대화 요약"),
    ("ko", "[이전 대화 요약]", "[1-3턴] ", "Summary of the conversation"),
])
def test_summaries_are_headed_in_the_pages_language(database, streaming, language, heading, line, other):
    chat = ScriptedChatModel(disable_streaming=not streaming)
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    for n in range(1, 6):
        session.send(f"question {n}", compression_rate=0.3, language=language).wait()
        engine.wait_idle()
    system = str(chat.calls[-1][0].content)
    assert heading in system and line in system and other not in system
    engine.close()
