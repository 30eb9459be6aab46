"""The reply step: build the turn's request within its budget, then have `graph.reply.compose` answer it."""

from collections.abc import Sequence
from typing import TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.tools import BaseTool
from langgraph.runtime import Runtime

from graph.graph_config import GraphConfig, session_settings
from graph.nodes.request_parts import request_parts
from graph.reply.compose import MAX_TOOL_ROUNDS, ReplyRequest, ReplyRules, compose, tool_rounds
from graph.request.blocks import (
    RECALL,
    document_candidates,
    recall_candidates,
    recall_reach,
    recalled_items,
    render_block,
)
from graph.request.layout import lay_out, without_kind
from graph.request.report import report_parts, tool_definition_tokens
from graph.request.reuse import fingerprint, read_before
from state import ChatState, RequestPoint, RequestReport
from state.chat_state import RequestFrame
from state.request_items import RecalledTurn
from state.session import SessionSettings
from state.time_zones import now_in
from state.turns import latest_user_text, split_turns


class ReplyUpdate(TypedDict, total=False):
    """What the reply step writes to the turn's state: the answer, exactly the request it was sent, and its figures."""

    messages: list[BaseMessage]
    request: list[BaseMessage]  # the session API hands it out as `last_context()`; no checkpoint keeps it
    request_report: RequestReport
    request_log: list[RequestPoint]
    frame: RequestFrame
    recalled: list[RecalledTurn]


def bind_tools_if_supported(chat_model: BaseChatModel, tools: Sequence[BaseTool]):
    """The model with tools bound, or None when there are no tools or the model cannot take them."""
    if not tools:
        return None
    try:
        return chat_model.bind_tools(list(tools))
    except NotImplementedError:
        return None


def make_llm_node(chat_model: BaseChatModel, config: GraphConfig = GraphConfig()):
    """A node that answers from summaries + raw turns, what recall and the documents bring, within the budget
    (the request is shortened, never the transcript); tools are bound only on the agent path, for a few rounds.
    How the model is trusted (`config.quotes_memory`, `config.textual_tools`) decides how its reply is composed."""
    with_tools = bind_tools_if_supported(chat_model, config.bound_tools)
    tool_tokens = tool_definition_tokens(config.bound_tools)
    rules = ReplyRules(config.deadlines, config.quotes_memory, config.textual_tools, config.other_models,
                       config.offers_downloads, config.writes)
    retriever = config.retriever

    def llm(state: ChatState, runtime: Runtime[SessionSettings]) -> ReplyUpdate:
        transcript = state.get("messages", [])
        rag = state.get("route") == "rag"
        passages = state.get("retrieved") or [] if rag else []
        whole = retriever.whole_documents(state.get("session_id", "")) if rag and retriever is not None else []
        cited_whole = frozenset(state.get("cited_whole") or []) if rag else frozenset()
        use_tools = with_tools is not None and state.get("route") == "agent" and tool_rounds(state) < MAX_TOOL_ROUNDS
        tokens_for_tools = tool_tokens if use_tools else 0
        settings = session_settings(runtime)
        budget = min(config.context_budget_tokens, settings.context_budget) - tokens_for_tools \
            if config.context_budget_tokens else None
        today = now_in(settings.time_zone)  # the person's day, not the server's
        parts = request_parts(state, config.base_prompt, today, bool(passages or cited_whole), config.keep_last_turn,
                              config.textual_tools, settings, budget)
        turn = state.get("turn_count") or len(split_turns(transcript)[0]) + 1
        reach = recall_reach(latest_user_text(state), bool(state.get("names_earlier")))
        frame = state.get("frame")
        if frame and not settings.recall:  # recall switched off: what it brought leaves the request too
            frame = without_kind(frame, RECALL)
        layout = lay_out(parts, frame, turn, [*document_candidates([*whole, *passages]),
                                              *recall_candidates(state.get("recalled") or [])],
                         budget, reach, render_block, config.recall_new_tokens)
        recalled = recalled_items(layout.added)
        messages = layout.parts.messages()
        read = fingerprint(messages)
        report = report_parts(turn, layout.parts, transcript, tokens_for_tools, recalled,
                              read_before(frame.get("read") if frame else None, read))
        response = compose(with_tools if use_tools else chat_model, ReplyRequest(
            state, messages, layout.parts, layout.frame, settings.system_prompt or config.base_prompt,
            settings.language, reach, whole, passages, cited_whole, recalled), rules)
        point = RequestPoint(turn=turn, request_tokens=report["request_tokens"],
                             history_tokens=report["history_tokens"], recall_tokens=report.get("recall_tokens", 0))
        update: ReplyUpdate = {"messages": [response], "request": messages, "request_report": report,
                               "request_log": [point], "frame": {**layout.frame, "read": read}}
        if not response.tool_calls:
            update["recalled"] = []  # the turn is answered: later checkpoints need not carry the excerpts
        return update

    return llm
