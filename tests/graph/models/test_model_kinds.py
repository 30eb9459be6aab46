"""Every kind of LangChain chat model answers: streaming, generate-only and `disable_streaming=True`,
through the session API and through `build_graph` exactly as the contract shows it."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.models import bundled_profile
from tests.conftest import make_engine, send
from tests.fakes import summary_reply
from tests.fakes.faults import model_of_kind
from tests.graph.memory.test_summary_facts import fact_reply

pytestmark = pytest.mark.faults

STREAM_KINDS = ["streaming", "generate_only", "disable_streaming"]


def compute_reply(messages):
    last = messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage(f"The result is {last.content}.")
    if str(last.content).startswith("compute"):
        return AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "c1"}])
    return AIMessage(f"Reply to: {last.content}")


@pytest.mark.parametrize("kind", STREAM_KINDS)
def test_the_contract_graph_answers_with_every_kind_of_model(kind):
    chat = model_of_kind(kind, compute_reply)
    graph = build_graph(chat, model_of_kind(kind, summary_reply), InMemorySaver())
    config = {"configurable": {"thread_id": "s"}}
    for n in range(1, 5):
        state = graph.invoke({"messages": [HumanMessage(f"question {n}")], "turn_count": n, "session_id": "s",
                              "compression_rate": 0.3}, config)
        assert state["messages"][-1].content == f"Reply to: question {n}"
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    context = chat.calls[-1]
    assert isinstance(context[0], SystemMessage) and "[1-3턴]" in context[0].content
    assert context[1:] == [HumanMessage("question 4", id=context[1].id)]


@pytest.mark.parametrize("kind", STREAM_KINDS)
def test_the_session_api_streams_and_saves_every_kind_of_model(kind, database):
    engine = make_engine(database, model_of_kind(kind, compute_reply), model_of_kind(kind, summary_reply))
    session = engine.session("kinds")
    for n in range(1, 5):
        events = send(session, f"question {n}")
        assert events[-1].kind == "reply" and events[-1].text == f"Reply to: question {n}"
        assert "".join(e.text for e in events if e.kind == "token") == f"Reply to: question {n}"
    events = send(session, "compute 17 times 23")
    assert [e.kind for e in events if e.kind == "tool"] == ["tool", "tool"]
    assert events[-1].text == "The result is 391."
    assert not session.unfinished() and session.state()["turn_count"] == 5
    assert [r["turns"] for r in session.state()["summary_history"]] == [[1, 2, 3]]
    engine.close()


@pytest.mark.parametrize("kind", STREAM_KINDS)
def test_retry_after_a_failed_call_works_with_every_kind_of_model(kind, database):
    chat = model_of_kind(kind, compute_reply, {0: lambda: RuntimeError("boom")})
    engine = make_engine(database, chat, model_of_kind(kind, summary_reply))
    session = engine.session("retry")
    assert send(session, "hello")[-1].kind == "error" and session.unfinished()
    assert session.retry()[-1].text == "Reply to: hello"
    assert [m.content for m in session.messages()] == ["hello", "Reply to: hello"]
    engine.close()


@pytest.mark.parametrize("kind", STREAM_KINDS)
def test_a_tool_result_leads_and_facts_are_listed_with_every_kind_of_model(kind, database, tmp_path):
    guessing = model_of_kind(kind, lambda messages: AIMessage("Sure! 17 * 23 = 409."))
    bundled = make_engine(database, guessing, profile=bundled_profile())
    try:
        events = send(bundled.session("calc"), "Hello! What is 17 * 23?")
        assert "".join(e.text for e in events if e.kind == "token") == "17 * 23 = 391.\n\n"
        assert events[-1].text == "17 * 23 = 391."
    finally:
        bundled.close()
    remote = make_engine(tmp_path / "facts.sqlite", model_of_kind(kind, compute_reply),
                         model_of_kind(kind, fact_reply))
    try:
        session = remote.session("facts")
        for n in range(1, 8):
            send(session, f"question {n}")
        remote.wait_idle()
        facts = dict(remote.storage.facts_after("facts", 0))
        assert facts and facts[1] == ["The user asked: question 1"]
    finally:
        remote.close()
