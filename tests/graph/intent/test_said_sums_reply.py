"""Sums said in words reach the calculator through the session on the bundled profile, and the reply opens with the
result and its unit in the page's language; numbers that make no sum run no tool and get no number."""

from datetime import datetime

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from graph.engine import Settings, assemble
from graph.models import ModelProfile, Models
from graph.storage.sqlite import create_checkpointer
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph


@pytest.fixture(params=["streaming", "non_streaming"])
def small_model(request) -> ScriptedChatModel:
    """A model that guesses arithmetic wrong, as a small one does."""
    return ScriptedChatModel(reply=lambda messages: AIMessage("That comes to 999."),
                             disable_streaming=request.param == "non_streaming")


def make_engine(tmp_path, chat):
    profile = ModelProfile("fake", "bundled", streaming=True, tools=False, structured_output=False,
                           context_window=8192)
    models = Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=profile)
    return assemble(Settings(db_path=str(tmp_path / "s.sqlite")), create_checkpointer(tmp_path / "s.sqlite"), models)


@pytest.mark.parametrize(("question", "language", "expression", "result", "lead"), [
    ("12만원씩 3명이면 얼마야?", "ko", "120000 * 3", "360000", "12만원 × 3 = 36만원 (360,000원)."),
    ("80만원에서 18만원 빼면?", "ko", "800000 - 180000", "620000", "80만원 − 18만원 = 62만원 (620,000원)."),
    ("300元一晚，住4晚一共多少钱？", "zh", "300 * 4", "1200", "300元 × 4 = 1,200元。"),
    ("45 euros split between 3 of us", "en", "45 / 3", "15", "45 euros ÷ 3 = 15 euros."),
])
def test_a_sum_said_in_words_is_answered_by_the_calculator_result_first(tmp_path, small_model, question, language,
                                                                        expression, result, lead):
    engine = make_engine(tmp_path, small_model)
    session = engine.session("s")
    events = session.send(question, language=language).wait()
    tools = [e for e in events if e.kind == "tool"]
    assert [(e.data["phase"], e.text) for e in tools] == [("call", "calculator"), ("result", result)]
    assert tools[0].data["args"] == {"expression": expression}
    reply = session.messages()[-1].content
    assert reply.startswith(lead) and "999" not in reply  # the result leads; the model's guess is left out
    streamed = "".join(e.text for e in events if e.kind == "token")
    assert streamed.startswith(lead) and "999" not in streamed  # on screen as saved
    engine.close()


@pytest.mark.parametrize(("question", "language"), [
    ("45 euros split between us", "en"),
    ("I have 2 dogs and 3 cats, what are their names?", "en"),
    ("예산은 둘이 합쳐서 80만원 정도로 잡았어요.", "ko"),
    ("내가 12만원씩 3명이라고 했지?", "ko"),
    ("我的电话是138-1234-5678，3月5日见", "zh"),
])
def test_numbers_that_make_no_sum_run_no_calculator(tmp_path, small_model, question, language):
    engine = make_engine(tmp_path, small_model)
    events = engine.session("n").send(question, language=language).wait()
    assert not [e for e in events if e.kind == "tool"]
    assert not any(isinstance(m, ToolMessage) for m in engine.session("n").messages())
    engine.close()


@pytest.mark.parametrize(("language", "weekday"), [("ko", "요일)"), ("zh", "星期"), ("en", "day)")])
def test_the_clock_answers_in_the_pages_language(tmp_path, small_model, language, weekday):
    engine = make_engine(tmp_path, small_model)
    question = {"ko": "오늘 무슨 요일이야?", "zh": "今天星期几？", "en": "What day is it today?"}[language]
    events = engine.session("c").send(question, language=language).wait()
    reply = engine.session("c").messages()[-1].content
    today = datetime.now().strftime("%Y-%m-%d")
    assert reply.startswith(today) and weekday in reply.split("\n")[0]
    assert [e.text for e in events if e.kind == "tool"][0] == "get_current_datetime"
    engine.close()


def test_a_model_that_calls_tools_still_calls_the_calculator_itself(tmp_path):
    chat = ScriptedChatModel(script=[
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "120000*3"}, "id": "own"}]),
        "It comes to 360,000 won.",
    ])
    profile = ModelProfile("fake", "remote", streaming=True, tools=True, structured_output=False,
                           context_window=8192)
    engine = assemble(Settings(db_path=str(tmp_path / "t.sqlite")), create_checkpointer(tmp_path / "t.sqlite"),
                      Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=profile))
    session = engine.session("t")
    session.send("12만원씩 3명이면 얼마야?", language="ko").wait()
    calls = [call["id"] for m in session.messages() if isinstance(m, AIMessage) for call in m.tool_calls]
    assert calls == ["own"] and session.messages()[-1].content == "It comes to 360,000 won."
    engine.close()
