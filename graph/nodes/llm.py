"""The reply step: build the bounded context and call the chat model, with tools when routed."""

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage
from langchain_core.tools import BaseTool
from langgraph.config import get_stream_writer
from langgraph.runtime import Runtime

from graph.context import first_raw_turn
from graph.documents.retrieval import Retriever
from graph.memory.merge import active_summaries
from graph.models.deadline import Deadlines, ModelDeadlineError
from graph.nodes.runtime import DEFAULTS, session_settings
from graph.nodes.textual_tools import stated_results, tools_as_text
from graph.policies import get_policy
from graph.recall.quote import led_by_quote, memory_lead
from graph.recall.records import turn_record
from graph.reply.check import turn_check
from graph.reply.checked import checked_reply, clean_reply
from graph.reply.guard import StreamGuard
from graph.reply.own_answer import acknowledged_if_empty, language_beyond_model, own_answer
from graph.reply.screen import ReplyScreen, screened
from graph.reply.stream import stream_reply
from graph.reply.sums import calculation_asked
from graph.reply.tool_calls import well_formed_tool_calls
from graph.reply.tool_results import led_by_results, result_lead
from graph.request.blocks import (
    ASKS_BACK_REACH,
    RECALL,
    document_candidates,
    document_key,
    document_numbers,
    recall_candidates,
    recall_reach,
    render_block,
)
from graph.request.budget import RequestParts, setting_limit, within_tokens
from graph.request.layout import lay_out, without_kind
from graph.request.modifiers import agent_prompt_message, modify_earlier, reminder_message
from graph.request.report import report_parts, tool_definition_tokens
from graph.request.reuse import fingerprint, read_before
from prompt.request_notes import CITATION_REMINDER, EARLIER_SHORTENED, TOOL_LIMIT_REPLY
from prompt.system import BASE_SYSTEM_PROMPT, render_system_prompt
from state import ChatState
from state.messages import message_text
from state.session import SessionSettings
from state.turns import extract_current_turn, latest_user_text, split_turns

MAX_TOOL_ROUNDS = 4


def tool_rounds(state: ChatState) -> int:
    """How many times the model has already called tools in the turn in progress."""
    return sum(
        1
        for message in extract_current_turn(state.get("messages", []))
        if isinstance(message, AIMessage) and message.tool_calls
    )


class EmptyReplyError(RuntimeError):
    """The model answered with nothing; the turn stays open for Retry."""


def bind_tools_if_supported(chat_model: BaseChatModel, tools: Sequence[BaseTool]):
    """The model with tools bound, or None when there are no tools or the model cannot take them."""
    if not tools:
        return None
    try:
        return chat_model.bind_tools(list(tools))
    except NotImplementedError:
        return None


def held_to_share(settings: SessionSettings, budget: int | None) -> SessionSettings:
    """The settings with a system prompt, agent prompt or reminder over its share of `budget` shortened (one saved
    before the budget was lowered, or stored by another version)."""
    if not budget:
        return settings
    limit = setting_limit(budget)
    held = replace(settings, system_prompt=within_tokens(settings.system_prompt, limit, EARLIER_SHORTENED),
                   agent_prompt=within_tokens(settings.agent_prompt, limit, EARLIER_SHORTENED),
                   reminder=within_tokens(settings.reminder, limit, EARLIER_SHORTENED))
    return settings if held == settings else held


def request_parts(state: ChatState, base_prompt: str, now: datetime, cite: bool, keep_last_turn: bool = False,
                  textual_tools: bool = False, settings: SessionSettings = DEFAULTS,
                  budget: int | None = None) -> RequestParts:
    """The request by part: system with summaries, the agent prompt, pinned messages, raw turns, the current turn,
    reminders at the end (seeds 000-004); what a turn shows besides is laid out by `graph.request.layout`. Within
    a budget, the person's prompts and reminder are each held to their share of it."""
    settings = held_to_share(settings, budget)
    transcript = state.get("messages", [])
    history = state.get("summary_history") or []
    policy = get_policy(settings.context_policy)
    consolidated = state.get("consolidated") or []
    summaries = active_summaries(history, consolidated) if policy.consolidates else policy.carried(history)
    prompt = settings.system_prompt or base_prompt
    language = settings.language  # the page's: summaries are headed in it
    turns, current = split_turns(transcript)
    covered = first_raw_turn(history, len(turns), keep_last_turn) - 1
    pinned_ids = frozenset(state.get("pinned") or [])
    raw_turns = [modify_earlier(turn, policy.message_chars, settings.hide_old_tool_results, pinned_ids)
                 for turn in turns[covered:]]
    if textual_tools:
        raw_turns, current = [tools_as_text(turn) for turn in raw_turns], tools_as_text(current)
    reminders = reminder_message([CITATION_REMINDER if cite else "", settings.reminder])
    return RequestParts(
        render_system=lambda carried: SystemMessage(render_system_prompt(prompt, carried, now, language)),
        summaries=list(summaries),
        raw_turns=raw_turns,
        current=list(current),
        pinned=[m for turn in turns[:covered] for m in turn if m.id in pinned_ids] if pinned_ids else [],
        preface=agent_prompt_message(settings.agent_prompt),
        after=reminders,
        pinned_ids=pinned_ids,
        raw_numbers=list(range(covered + 1, len(turns) + 1)),
    )


def led_reply(ask: Callable[[list[BaseMessage], StreamGuard | None], AIMessage],
              context: list[BaseMessage], asked: bool = True) -> AIMessage:
    """The model's text after a lead the product wrote: none when the model is too late or not `asked` (a model
    that cannot read its memory adds nothing to the words quoted from it), the lead answers alone."""
    if not asked:
        return AIMessage("")
    try:
        return ask(context, None)
    except ModelDeadlineError:
        return AIMessage("")


def make_llm_node(
    chat_model: BaseChatModel,
    tools: Sequence[BaseTool],
    base_prompt: str = BASE_SYSTEM_PROMPT,
    clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
    context_budget_tokens: int | None = None,
    retriever: Retriever | None = None,
    keep_last_turn: bool = False,
    textual_tools: bool = False,
    deadlines: Deadlines = Deadlines(),
    quotes_memory: bool = False,
    recall_new_tokens: int | None = None,
):
    """A node that answers from summaries + raw turns; tools are bound only on the agent path.

    textual_tools: the model cannot call tools; results the intent step obtained reach it as text and
    its reply is made to state them.
    quotes_memory: the model cannot be trusted to read its context; a question about something said before is
    answered with the person's own words, quoted (`graph.recall.quote`), and the model is not asked to add to them.
    recall_new_tokens: the most recalled tokens one request brings (a model that reads its prompt slowly).

    With a budget, the context is shortened (never the transcript) to stay within it.
    """
    with_tools = bind_tools_if_supported(chat_model, tools)
    tool_tokens = tool_definition_tokens(tools)

    def whole_documents(session_id: str) -> list[dict]:
        return retriever.whole_documents(session_id) if retriever is not None else []

    def llm(state: ChatState, runtime: Runtime[SessionSettings]) -> dict:
        transcript = state.get("messages", [])
        rag = state.get("route") == "rag"
        passages = state.get("retrieved") or [] if rag else []
        documents = [*whole_documents(state.get("session_id", "")), *passages] if rag else []  # asked about
        cited_titles = set(state.get("cited_whole") or []) if rag else set()
        use_tools = with_tools is not None and state.get("route") == "agent" and tool_rounds(state) < MAX_TOOL_ROUNDS
        model = with_tools if use_tools else chat_model
        tokens_for_tools = tool_tokens if use_tools else 0
        cite = bool(passages or cited_titles)
        settings = session_settings(runtime)
        budget = min(context_budget_tokens, settings.context_budget) - tokens_for_tools \
            if context_budget_tokens else None
        parts = request_parts(state, base_prompt, clock(), cite, keep_last_turn, textual_tools, settings, budget)
        turn = state.get("turn_count") or len(split_turns(transcript)[0]) + 1
        recalled_items = state.get("recalled") or []
        question = latest_user_text(state)
        reach = recall_reach(question, bool(state.get("names_earlier")))
        frame = state.get("frame")
        if frame and not settings.recall:  # recall switched off: what it brought leaves the request too
            frame = without_kind(frame, RECALL)
        layout = lay_out(parts, frame, turn, [*document_candidates(documents),
                                                           *recall_candidates(recalled_items)],
                         budget, reach, render_block, recall_new_tokens)
        parts = layout.parts
        recalled = [c.item for c in layout.added if c.kind == RECALL]
        context = parts.messages()
        get_stream_writer()({"context": context})  # the session API keeps it for last_context()
        read = fingerprint(context)
        report = report_parts(turn, parts, transcript, tokens_for_tools, recalled,
                              read_before(frame.get("read") if frame else None, read))
        current = extract_current_turn(transcript) if textual_tools else []
        tool_lead = result_lead(current)
        quoting = quotes_memory and (reach >= ASKS_BACK_REACH or bool(documents and reach))
        said = [{"turn": n, "record": turn_record(n, "", turn)}  # recent turns are not recalled: quotable too
                for n, turn in reversed(list(zip(parts.raw_numbers, parts.raw_turns, strict=False)))] if quoting else []
        lead = tool_lead or (memory_lead(question, [*recalled_items, *said], documents) if quoting else "")
        if lead:  # the tools' results or the person's own words first, on screen as in the saved reply
            get_stream_writer()({"token": lead + "\n\n"})
        check = turn_check(state, settings.system_prompt or base_prompt, parts, context)

        def ask(request: list[BaseMessage], guard: StreamGuard | None) -> AIMessage:
            return clean_reply(well_formed_tool_calls(stream_reply(model, request, deadlines, guard)))

        screen = ReplyScreen(calculation_asked(question, extract_current_turn(transcript))) if quotes_memory else None
        beyond = language_beyond_model(question, settings.language) if quotes_memory else None
        if beyond:  # the model cannot write the person's language: the product answers alone, the model unasked
            response = own_answer(lead, question, beyond, transcript)
        elif lead:  # the model's text is shown only when it answers and does not contradict the lead
            response = led_reply(ask, context, asked=not (quotes_memory and not tool_lead))
            text = "" if check.verdict(message_text(response)) else message_text(response)
            follows = (led_by_results(lead, text) if tool_lead else led_by_quote(lead, question, text)) != lead
            content = f"{lead}\n\n{screened(screen, text)}".rstrip() if follows else lead
            response = response.model_copy(update={"content": content})
        else:
            response = checked_reply(ask, context, check, question, settings.language, screen)
            response = acknowledged_if_empty(response, question, settings.language) if screen else response
        if (beyond or lead) and message_text(response) != lead:
            get_stream_writer()({"token": message_text(response).removeprefix(lead + "\n\n")})
        if textual_tools and not lead and not beyond:
            response = stated_results(response, current)
        metadata = dict(response.response_metadata)
        if cite:
            numbers = document_numbers(layout.frame)
            whole_count = len(documents) - len(passages)
            cited = [d for d in documents[:whole_count] if d.get("title") in cited_titles] + documents[whole_count:]
            metadata["sources"] = [{"document": numbers[document_key(d)], "title": d.get("title", "")}
                                   for d in cited if document_key(d) in numbers]
        if recalled:
            metadata["recalled"] = sorted(item["turn"] for item in recalled)
        response = response.model_copy(update={"response_metadata": metadata})
        if response.tool_calls and tool_rounds(state) >= MAX_TOOL_ROUNDS:
            response = AIMessage(response.content or TOOL_LIMIT_REPLY, id=response.id)
        if not response.tool_calls and not message_text(response).strip():
            raise EmptyReplyError("the model returned an empty reply")
        point = {"turn": turn, "context_tokens": report["context_tokens"], "history_tokens": report["history_tokens"],
                 "recall_tokens": report.get("recall_tokens", 0)}
        update = {"messages": [response], "context_report": report, "context_log": [point],
                  "frame": {**layout.frame, "read": read}}
        if not response.tool_calls:
            update["recalled"] = []  # the turn is answered: later checkpoints need not carry the excerpts
        return update

    return llm
