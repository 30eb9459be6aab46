"""`compose` on its own, with fake chat models: what is streamed is what is kept, the product's lead comes first and
a contradicting model's text stays out, the bundled model is not asked where the product answers alone, sources
are cited by the numbers the request gave them, tool rounds are capped and an empty reply is refused."""

from datetime import datetime

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.graph import END, START, StateGraph

from graph.nodes.request_parts import request_parts
from graph.reply.compose import MAX_TOOL_ROUNDS, EmptyReplyError, ReplyRequest, ReplyRules, compose
from graph.reply.own_answer import MODEL_NOTE, own_text
from graph.request.blocks import DOCUMENTS, document_key
from graph.request.layout import NUMBER_MARK, new_frame
from prompt.request_notes import TOOL_LIMIT_REPLY
from state import ChatState
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph

NOW = datetime(2025, 3, 4, 12, 0).astimezone()


def composed(model: ScriptedChatModel, messages: list, rules: ReplyRules = ReplyRules(),
             **fields) -> tuple[AIMessage, str]:
    """The reply `compose` makes for a turn whose transcript is `messages`, and the text the page was streamed."""
    frame = fields.pop("frame", new_frame())

    def node(state: ChatState) -> dict:
        parts = request_parts(state, "Be helpful.", NOW, bool(fields.get("passages")))
        request = ReplyRequest(state, parts.messages(), parts, frame, "Be helpful.", "en", **fields)
        return {"messages": [compose(model, request, rules)]}

    builder = StateGraph(ChatState)
    builder.add_node("llm", node)
    builder.add_edge(START, "llm")
    builder.add_edge("llm", END)
    shown, state = [], {}
    for mode, chunk in builder.compile().stream({"messages": messages}, stream_mode=["custom", "values"]):
        if mode == "custom" and "token" in chunk:
            shown.append(chunk["token"])
        elif mode == "values":
            state = chunk
    return state["messages"][-1], "".join(shown)


def calculation(result: str) -> list:
    """A turn in which the intent step ran the calculator for a model that cannot call tools."""
    call = {"name": "calculator", "args": {"expression": "17 * 23"}, "id": "c1"}
    return [HumanMessage("What is 17 * 23?"), AIMessage("", tool_calls=[call]),
            ToolMessage(result, tool_call_id="c1", name="calculator")]


def test_the_reply_shown_is_the_reply_kept():
    model = ScriptedChatModel(script=["Paris is the capital of France."])
    reply, shown = composed(model, [HumanMessage("What is the capital of France?")])
    assert reply.content == shown == "Paris is the capital of France."
    assert len(model.calls) == 1 and model.calls[0][-1].content == "What is the capital of France?"


def test_an_empty_reply_is_refused_so_the_turn_stays_open():
    with pytest.raises(EmptyReplyError):
        composed(ScriptedChatModel(script=[""]), [HumanMessage("Hello?")])


def test_a_tool_call_past_the_last_round_becomes_an_answer():
    rounds = [message for n in range(MAX_TOOL_ROUNDS) for message in (
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "1+1"}, "id": f"c{n}"}]),
        ToolMessage("2", tool_call_id=f"c{n}", name="calculator"))]
    again = AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "1+1"}, "id": "c9"}])
    reply, _ = composed(ScriptedChatModel(script=[again]), [HumanMessage("1+1?"), *rounds])
    assert not reply.tool_calls and reply.content == TOOL_LIMIT_REPLY


def test_the_tools_result_leads_and_a_contradicting_text_stays_out():
    rules = ReplyRules(textual_tools=True)
    reply, shown = composed(ScriptedChatModel(script=["It is 400."]), calculation("391"), rules)
    assert reply.content == shown.strip() == "17 * 23 = 391."


def test_the_models_text_follows_the_tools_result_when_it_agrees():
    rules = ReplyRules(textual_tools=True)
    reply, shown = composed(ScriptedChatModel(script=["That is 391, as computed."]), calculation("391"), rules)
    assert reply.content == shown == "17 * 23 = 391.\n\nThat is 391, as computed."


def test_a_korean_turn_on_the_bundled_model_gets_the_products_own_answer_unasked():
    model = ScriptedChatModel(script=["garbled"])
    reply, shown = composed(model, [HumanMessage("안녕하세요!")], ReplyRules(quotes_memory=True))
    assert model.calls == []
    assert reply.content == shown == f"{own_text('ko', 'reply_greeting')}\n\n{own_text('ko', 'small_model_note')}"
    assert reply.response_metadata[MODEL_NOTE]


@pytest.mark.parametrize("streaming", [True, False])
def test_a_korean_turn_on_a_small_model_that_writes_korean_is_answered_by_it_not_by_the_product(streaming):
    model = ScriptedChatModel(script=["안녕하세요! 반가워요."], disable_streaming=not streaming)
    rules = ReplyRules(quotes_memory=True, writes=("en", "ko", "zh"))
    reply, shown = composed(model, [HumanMessage("안녕하세요!")], rules)
    assert len(model.calls) == 1 and reply.content == shown == "안녕하세요! 반가워요."
    assert not reply.response_metadata.get(MODEL_NOTE)
    assert ReplyRules(quotes_memory=True, writes=None).cannot_write("你好", "zh") is None  # nothing known: it may
    assert ReplyRules(quotes_memory=True, writes=("en", "ko")).cannot_write("你好", "zh") == "zh"


def test_an_invented_sum_is_screened_from_the_bundled_models_reply():
    model = ScriptedChatModel(script=["Nice to meet you. By the way, 2 + 2 = 5."])
    reply, shown = composed(model, [HumanMessage("Hi, I am Sam.")], ReplyRules(quotes_memory=True))
    assert reply.content == shown.strip() == "Nice to meet you."


def test_passages_are_cited_by_the_numbers_the_request_gave_them():
    passage = {"title": "handbook.md", "contents": "Leave is 20 days a year."}
    frame = new_frame()
    frame["blocks"] = [{"turn": 1, "kind": DOCUMENTS, "keys": [f"{document_key(passage)}{NUMBER_MARK}2"],
                        "text": "", "tokens": 0}]
    reply, _ = composed(ScriptedChatModel(script=["Twenty days [2]."]), [HumanMessage("Leave?")],
                        frame=frame, passages=[passage], recalled=[{"turn": 3}, {"turn": 1}])
    assert reply.response_metadata["sources"] == [{"document": 2, "title": "handbook.md"}]
    assert reply.response_metadata["recalled"] == [1, 3]


def test_a_question_about_something_said_is_answered_with_the_persons_words_and_the_bundled_model_unasked():
    model = ScriptedChatModel(script=["She lives in Tokyo."])
    earlier = [HumanMessage("My sister Mina lives in Busan."), AIMessage("How nice!")]
    reply, shown = composed(model, [*earlier, HumanMessage("Where does my sister live?")],
                            ReplyRules(quotes_memory=True), reach=1.0)
    assert model.calls == [] and "Busan" in reply.content and "Tokyo" not in reply.content
    assert shown == reply.content + "\n\n"
