"""Tools for every model: when the model cannot call tools, the intent step calls them for it and the
reply states the result; models that can call tools keep doing it themselves."""

from datetime import datetime

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from graph.engine import Settings, assemble
from graph.models import ModelProfile, Models
from graph.storage.sqlite import create_checkpointer
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph


def make_engine(tmp_path, chat, tools: bool):
    profile = ModelProfile("fake", "bundled" if not tools else "remote", streaming=True, tools=tools,
                           structured_output=False, context_window=8192)
    models = Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=profile)
    return assemble(Settings(db_path=str(tmp_path / "c.sqlite")), create_checkpointer(tmp_path / "c.sqlite"), models)


@pytest.fixture
def small_model():
    return ScriptedChatModel(reply=lambda messages: AIMessage("17 * 23 = 405."))


def test_arithmetic_runs_the_calculator_for_a_model_without_tool_calling(tmp_path, small_model):
    engine = make_engine(tmp_path, small_model, tools=False)
    session = engine.session("s")
    events = session.send("What is 17 * 23?").wait()
    tools = [e for e in events if e.kind == "tool"]
    assert [(e.data["phase"], e.text) for e in tools] == [("call", "calculator"), ("result", "391")]
    assert tools[0].data["args"] == {"expression": "17 * 23"}
    messages = session.messages()
    assert isinstance(messages[1], AIMessage) and messages[1].tool_calls[0]["name"] == "calculator"
    assert isinstance(messages[2], ToolMessage) and messages[2].content == "391"
    assert messages[-1].content == "17 * 23 = 391."  # the result first; the model's wrong 405 left out
    streamed = "".join(e.text for e in events if e.kind == "token")
    assert streamed == "17 * 23 = 391.\n\n"  # on screen too: the right number, and never the model's 405
    sent = small_model.calls[-1]
    assert not any(isinstance(m, ToolMessage) or getattr(m, "tool_calls", None) for m in sent)
    assert any(m.content == "[calculator result] 391" for m in sent)
    assert small_model.bound_tools == []
    engine.close()


def test_the_date_question_runs_the_clock(tmp_path):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("I'm sorry for your loss."))
    engine = make_engine(tmp_path, chat, tools=False)
    events = engine.session("d").send("오늘 날짜 알려줘").wait()
    assert [e.text for e in events if e.kind == "tool"][0] == "get_current_datetime"
    assert datetime.now().strftime("%Y-%m-%d") in events[-1].text
    engine.close()


def test_look_alikes_run_no_tool(tmp_path, small_model):
    engine = make_engine(tmp_path, small_model, tools=False)
    session = engine.session("l")
    for text in ("I have 2 cats and 3 dogs", "my flight is at 7:30", "Python version 3.13 is out"):
        events = session.send(text).wait()
        assert not [e for e in events if e.kind == "tool"], text
    engine.close()


def test_models_that_call_tools_keep_calling_them_themselves(tmp_path):
    chat = ScriptedChatModel(script=[
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "own"}]),
        "It is 391.",
    ])
    engine = make_engine(tmp_path, chat, tools=True)
    session = engine.session("t")
    session.send("What is 17 * 23?").wait()
    calls = [m for m in session.messages() if isinstance(m, AIMessage) and m.tool_calls]
    assert [call["id"] for m in calls for call in m.tool_calls] == ["own"]
    assert [t.name for t in chat.bound_tools] == ["calculator", "get_current_datetime"]
    engine.close()


def test_entities_and_template_markup_are_cleaned_in_replies_and_summaries(tmp_path):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("I&#39;m fine &amp; well<|im_end|>"))
    summary = ScriptedChatModel(reply=lambda messages: AIMessage("The user said I&#39;m here."))
    profile = ModelProfile("fake", "bundled", streaming=True, tools=False, structured_output=False,
                           context_window=8192, summarizes=True)  # a local model that does write summaries
    engine = assemble(Settings(db_path=str(tmp_path / "e.sqlite")), create_checkpointer(tmp_path / "e.sqlite"),
                      Models(chat=chat, summary=summary, profile=profile))
    session = engine.session("e")
    events = []
    for n in range(1, 5):
        events = session.send(f"Tell me about &amp; and <b>bold</b> {n}").wait()
    assert "".join(e.text for e in events if e.kind == "token") == "I'm fine & well"
    assert session.messages()[-1].content == "I'm fine & well"
    assert session.messages()[0].content == "Tell me about &amp; and <b>bold</b> 1"  # typed text untouched
    assert session.state()["summary_history"][0]["summary"] == "The user said I'm here."
    engine.close()


def test_a_calculation_past_the_calculators_limits_is_refused_and_the_turn_ends(tmp_path, small_model):
    engine = make_engine(tmp_path, small_model, tools=False)
    events = engine.session("r").send("what is round(5, -20000000)").wait()
    results = [e for e in events if e.kind == "tool" and e.data["phase"] == "result"]
    assert [e.data["status"] for e in results] == ["error"]
    assert results[0].text.startswith("Error: round is limited to")
    assert events[-1].kind == "reply"
    engine.close()
