"""A small document rides in the request only when the question is about it: named, spoken of as "the
document" or "문서", or sharing its words; a greeting or an unrelated question goes without it."""

import pytest

from state.turns import message_text
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph

MEMO = "Mina's birthday is on May 3. She lives in Busan and works at the harbour clinic."
MEMO_KO = "미나 생일: 5월 3일. 미나는 부산 항구 병원에서 일한다."

ABOUT = ["When is Mina's birthday?", "Summarize the document", "What does memo.txt say?",
         "미나 생일 언제야?", "이 문서 요약해 줘", "这个文件讲了什么？"]
UNRELATED = ["What is the capital of France?", "hi", "Tell me a joke about penguins",
             "프랑스의 수도는 어디야?", "안녕하세요", "法国的首都是哪里？"]


def answer(messages) -> str:
    question = next(m for m in reversed(messages) if not message_text(m).startswith("[") and m.type == "human")
    return f"You asked: {message_text(question)}"


def carries(context, text: str) -> bool:
    return any(text in message_text(message) for message in context)


@pytest.mark.parametrize("streaming", [True, False])
def test_documents_ride_only_with_questions_about_them(database, streaming):
    chat = ScriptedChatModel(reply=answer, disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("docs")
        session.add_document("memo.txt", MEMO.encode())
        session.add_document("메모.md", MEMO_KO.encode())
        for question in [*ABOUT, *UNRELATED]:
            events = session.send(question).wait()
            assert events[-1].kind == "reply", events
            context = session.last_context()
            about = question in ABOUT
            assert carries(context, "harbour clinic") == about, question
            assert carries(context, "부산 항구 병원") == about, question
            assert carries(context, '"documents"') == about, question
        assert len(chat.calls) == len(ABOUT) + len(UNRELATED)  # no model was asked to route
    finally:
        engine.close()
