"""The reply step: build the bounded context and call the chat model, with tools when routed."""

from collections.abc import Callable, Sequence
from datetime import datetime

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import BaseTool

from graph.context import build_context, extract_current_turn, message_text, split_turns
from graph.context_budget import fit_context
from graph.context_report import report_context, tool_definition_tokens
from graph.memory import active_summaries
from graph.modifiers import (
    CITATION_REMINDER,
    append_reminders,
    clip_earlier,
    hide_old_tool_results,
    insert_agent_prompt,
)
from graph.policies import get_policy
from graph.nodes.tools import MALFORMED_ARGUMENTS
from graph.retrieval import Retriever
from prompt.documents import number_documents, render_documents
from prompt.system import BASE_SYSTEM_PROMPT
from state import ChatState

MAX_TOOL_ROUNDS = 4
TOOL_LIMIT_REPLY = "I stopped after too many tool calls; please rephrase or narrow the question."


def tool_rounds(state: ChatState) -> int:
    """How many times the model has already called tools in the turn in progress."""
    return sum(
        1
        for message in extract_current_turn(state.get("messages", []))
        if isinstance(message, AIMessage) and message.tool_calls
    )


class EmptyReplyError(RuntimeError):
    """The model answered with nothing; the turn stays open for Retry."""


def repair_tool_calls(response: AIMessage) -> AIMessage:
    """Turn malformed tool calls into calls the tool node answers with an error, so the model retries."""
    if not response.invalid_tool_calls:
        return response
    repaired = [
        {"name": call.get("name") or "unknown_tool", "args": {MALFORMED_ARGUMENTS: call.get("args") or ""},
         "id": call.get("id") or f"malformed-{index}", "type": "tool_call"}
        for index, call in enumerate(response.invalid_tool_calls)
    ]
    return response.model_copy(update={"tool_calls": [*response.tool_calls, *repaired], "invalid_tool_calls": []})


def bind_tools_if_supported(chat_model: BaseChatModel, tools: Sequence[BaseTool]):
    """The model with tools bound, or None when there are no tools or the model cannot take them."""
    if not tools:
        return None
    try:
        return chat_model.bind_tools(list(tools))
    except NotImplementedError:
        return None


def apply_modifiers(
    context: list, current: int, policy, state: ChatState, retrieved: bool
) -> tuple[list, int]:
    """Seed 004's modifiers and the policy's message cut; returns the context and its tail length."""
    if policy.message_chars:
        context = clip_earlier(context, current, policy.message_chars)
    if state.get("hide_old_tool_results"):
        context = hide_old_tool_results(context, current)
    context = insert_agent_prompt(context, current, state.get("agent_prompt") or "")
    reminders = [CITATION_REMINDER if retrieved else "", state.get("reminder") or ""]
    with_reminders = append_reminders(context, reminders)
    return with_reminders, current + len(with_reminders) - len(context)


def insert_documents(context: list, current: int, documents: list[dict]) -> list:
    """Documents as one user message right above the current turn (seed 004: near the end)."""
    if not documents:
        return context
    at = len(context) - current
    return [*context[:at], HumanMessage(render_documents(documents)), *context[at:]]


def make_llm_node(
    chat_model: BaseChatModel,
    tools: Sequence[BaseTool],
    base_prompt: str = BASE_SYSTEM_PROMPT,
    clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
    context_budget_tokens: int | None = None,
    retriever: Retriever | None = None,
):
    """A node that answers from summaries + raw turns; tools are bound only on the agent path.

    With a budget, the context is shortened (never the transcript) to stay within it.
    """
    with_tools = bind_tools_if_supported(chat_model, tools)
    tool_tokens = tool_definition_tokens(tools)

    def whole_documents(session_id: str) -> list[dict]:
        return retriever.whole_documents(session_id) if retriever is not None else []

    def llm(state: ChatState) -> dict:
        transcript = state.get("messages", [])
        history = state.get("summary_history") or []
        policy = get_policy(state.get("context_policy"))
        consolidated = state.get("consolidated") or []
        summaries = active_summaries(history, consolidated) if policy.consolidates else policy.carried(history)
        prompt = state.get("system_prompt") or base_prompt
        context = build_context(transcript, history, prompt, clock(), summaries)
        current = len(extract_current_turn(transcript))
        passages = state.get("retrieved") or [] if state.get("route") == "rag" else []
        documents = [*whole_documents(state.get("session_id", "")), *passages]
        context = insert_documents(context, current, documents)
        context, tail = apply_modifiers(context, current, policy, state, bool(passages))
        use_tools = with_tools is not None and state.get("route") == "agent" and tool_rounds(state) < MAX_TOOL_ROUNDS
        model = with_tools if use_tools else chat_model
        tokens_for_tools = tool_tokens if use_tools else 0
        if context_budget_tokens:
            context = fit_context(context, tail, context_budget_tokens - tokens_for_tools)
        turn = state.get("turn_count") or len(split_turns(transcript)[0]) + 1
        report = report_context(turn, context, transcript, summaries, tokens_for_tools)
        response = repair_tool_calls(model.invoke(context))
        if passages:
            cited = number_documents(documents)[len(documents) - len(passages):]
            sources = [{"document": d["document"], "title": d["title"]} for d in cited]
            response = response.model_copy(update={"response_metadata": {**response.response_metadata,
                                                                          "sources": sources}})
        if response.tool_calls and tool_rounds(state) >= MAX_TOOL_ROUNDS:
            response = AIMessage(response.content or TOOL_LIMIT_REPLY, id=response.id)
        if not response.tool_calls and not message_text(response).strip():
            raise EmptyReplyError("the model returned an empty reply")
        point = {"turn": turn, "context_tokens": report["context_tokens"], "history_tokens": report["history_tokens"]}
        return {
            "messages": [response],
            "context_report": report,
            "context_messages": context,
            "context_log": [point],
        }

    return llm
