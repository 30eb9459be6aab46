"""Through the session API on the bundled profile (a model that cannot read its request): a question about an
attached file, in other words than the file's, is answered by the file's line with the file's name, in the page's
stream and the saved reply alike; a heading is never that line; a question the file does not answer is told so
instead of a quote. Streaming and non-streaming fakes."""

import pytest
from langchain_core.messages import AIMessage

from graph.models import ModelProfile
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

MINUTES = """독서 모임 11월 정기 회의록

일시: 2026년 11월 20일(금) 오후 7시
장소: 망원동 카페 '책방골목'

1. 회비
1인당 회비는 3만 5천원으로 정했다.
회비는 12월 10일까지 총무 이지영에게 보낸다.

2. 다음 회의
목요일 오후 3시, 2층 회의실
발제는 박서준이 맡는다.
"""
PLAN = """# Lisbon Long Weekend

| Day | Area | Plan | Dinner |
|---|---|---|---|
| May 7 | Alfama | Arrive at noon, walk up to the castle | Taberna da Sé |
| May 8 | Belém | Monastery, tower and the custard tart bakery | Cervejaria Ramiro |
"""


def bundled_engine(database, streaming: bool):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("The meeting is on 2. 다음 회의."),
                             disable_streaming=not streaming)
    profile = ModelProfile(label="fake", provider="bundled", streaming=streaming, tools=False,
                           structured_output=False, context_window=8_192)
    return make_engine(database, chat, ScriptedChatModel(reply=summary_reply), profile=profile)


def send(session, text: str, language: str = "en"):
    events = session.send(text, language=language).wait()
    session.services.wait_idle()
    return events


def shown(events) -> str:
    tokens = "".join(e.text for e in events if e.kind == "token")
    return (tokens or next(e.text for e in events if e.kind == "reply")).rstrip()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_questions_about_an_attached_file_are_answered_by_its_lines(database, streaming):
    engine = bundled_engine(database, streaming)
    try:
        session = engine.session("minutes")
        session.add_document("회의록.txt", MINUTES.encode())
        for question, line in [("1인당 회비가 얼마야?", "1인당 회비는 3만 5천원으로 정했다."),
                               ("다음 회의는 언제 어디서 해?", "목요일 오후 3시, 2층 회의실"),
                               ("모임 비용은 한 사람당 얼마씩 내?", "1인당 회비는 3만 5천원으로 정했다.")]:
            events = send(session, question, language="ko")
            reply = session.messages()[-1].content
            assert reply.startswith(f'회의록.txt에 이렇게 적혀 있어요: "{line}"'), (question, reply)
            assert shown(events) == reply
            assert "2. 다음 회의" not in reply
        events = send(session, "회의록에 송년회 드레스 코드는 뭐라고 나와 있어?", language="ko")  # named: its route
        assert shown(events) == session.messages()[-1].content == "회의록.txt에서 그 내용을 찾지 못했어요."
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_table_row_is_quoted_whole_and_a_missing_answer_is_told_honestly(database, streaming):
    engine = bundled_engine(database, streaming)
    try:
        session = engine.session("trip")
        session.add_document("trip_plan.md", PLAN.encode())
        events = send(session, "Where do we have dinner on the second night?")
        assert shown(events) == session.messages()[-1].content == \
            'From trip_plan.md: "May 8 | Belém | Monastery, tower and the custard tart bakery | Cervejaria Ramiro"'
        events = send(session, "Does the trip plan say if we bought travel insurance?")  # named: its route
        assert shown(events) == session.messages()[-1].content == "I could not find that in trip_plan.md."
    finally:
        engine.close()
