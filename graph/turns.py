"""Running one turn: the input the graph expects, and its stream as events the UI can draw."""

import contextlib
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.context import extract_current_turn, message_text, split_turns
from graph.journal import journal_for, with_message_id
from graph.locks import session_lock
from graph.persistence import SessionSettings, record_session
from graph.policies import PolicyInput, get_policy, policy_or_default
from graph.stop_signal import GenerationStopped, StopSignal
from graph.user_input import clean_user_text
from state import SummaryRecord


EventKind = Literal["token", "tool_call", "tool_result", "summary", "reply"]


@dataclass(frozen=True)
class TurnEvent:
    """Something the UI shows while a turn runs."""

    kind: EventKind
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


def thread_config(session_id: str) -> dict:
    """The LangGraph config of a session: its id is the thread id."""
    return {"configurable": {"thread_id": session_id}}


def completed_turn_count(messages: Sequence[BaseMessage]) -> int:
    """How many turns of the transcript have a final answer."""
    return len(split_turns(messages)[0])


def has_unfinished_turn(messages: Sequence[BaseMessage]) -> bool:
    """True when a user message is still waiting for its answer (a failed or stopped turn)."""
    return any(isinstance(message, HumanMessage) for message in extract_current_turn(messages))


def turn_input(
    text: str,
    session_id: str,
    compression_rate: float,
    messages: Sequence[BaseMessage],
    settings: SessionSettings | None = None,
) -> dict:
    """The graph input of a new turn; turn_count is the completed turns plus one."""
    settings = settings or SessionSettings()
    return {
        "messages": [HumanMessage(clean_user_text(text))],
        "turn_count": completed_turn_count(messages) + 1,
        "session_id": session_id,
        "compression_rate": compression_rate,
        "system_prompt": settings.system_prompt,
        "context_policy": policy_or_default(settings.context_policy),
        "agent_prompt": settings.agent_prompt,
        "reminder": settings.reminder,
        "hide_old_tool_results": settings.hide_old_tool_results,
    }


def summary_due(
    messages: Sequence[BaseMessage], history: Sequence[SummaryRecord], policy: str | None = None,
    context_window: int = 128_000,
) -> list[list[int]]:
    """The turn numbers the next turn will summarize before it answers, under the session's policy."""
    view = PolicyInput(messages, history, context_window, 0)
    return [turns for turns, _ in get_policy(policy).due(view)]


def _update_events(update: dict) -> Iterator[TurnEvent]:
    """Tool calls, tool results and new summaries from one node's state update."""
    for node, values in update.items():
        if not isinstance(values, dict):
            continue
        if node == "summary" and values.get("summary_history"):
            yield TurnEvent("summary", data={"summary_history": values["summary_history"]})
        for message in values.get("messages", []):
            if isinstance(message, AIMessage) and message.tool_calls:
                for call in message.tool_calls:
                    yield TurnEvent("tool_call", call["name"], {"id": call["id"], "args": call["args"]})
            elif isinstance(message, ToolMessage):
                yield TurnEvent("tool_result", str(message.content), {"id": message.tool_call_id, "name": message.name})
            elif isinstance(message, AIMessage):
                yield TurnEvent("reply", str(message.content))


def stream_turn(
    graph: CompiledStateGraph, session_id: str, payload: dict | None, stop: threading.Event | None = None
) -> Iterator[TurnEvent]:
    """Run a turn (or resume one with payload None), yielding reply tokens from the llm node only.

    The run is saved once, when it ends (also on failure or stop); until then the person's message
    is kept in the turn journal, so even a crash loses nothing (Retry resumes from it).
    """
    config = {**thread_config(session_id), "callbacks": [StopSignal(stop)] if stop else []}
    with session_lock(session_id):  # one run per session at a time (two tabs, a retry, a stop)
        journal = journal_for(graph)
        recover_pending_turn(graph, session_id)
        if payload is not None:
            current = graph.get_state(thread_config(session_id)).values.get("messages", [])
            payload = with_message_id({**payload, "turn_count": completed_turn_count(current) + 1})
            if journal:
                journal.write(session_id, payload)
        try:
            yield from _run(graph, config, payload)
        finally:
            if journal and payload is not None and _has_message(graph, session_id, payload["messages"][0].id):
                journal.clear(session_id)


def _has_message(graph: CompiledStateGraph, session_id: str, message_id: str) -> bool:
    messages = graph.get_state(thread_config(session_id)).values.get("messages", [])
    return any(message.id == message_id for message in reversed(messages))


def recover_pending_turn(graph: CompiledStateGraph, session_id: str) -> None:
    """After a crash, put the message the journal kept back into the session, ready for Retry."""
    journal = journal_for(graph)
    pending = journal.read(session_id) if journal else None
    if pending is None:
        return
    with session_lock(session_id):
        if not _has_message(graph, session_id, pending["messages"][0].id):
            graph.update_state(thread_config(session_id), pending, as_node="__start__")
        journal.clear(session_id)


def _run(graph: CompiledStateGraph, config: dict, payload: dict | None) -> Iterator[TurnEvent]:
    """Stream the graph, turning chunks and updates into events; the state is saved once, at the end."""
    stream = graph.stream(payload, config, stream_mode=["messages", "updates"], durability="exit")
    try:
        for mode, item in stream:
            if mode == "messages":
                chunk, metadata = item
                if metadata.get("langgraph_node") == "llm" and isinstance(chunk, AIMessageChunk) and chunk.content:
                    yield TurnEvent("token", chunk.content if isinstance(chunk.content, str) else "")
            else:
                yield from _update_events(item)
    finally:
        with contextlib.suppress(GenerationStopped):
            stream.close()


def remember_session(graph: CompiledStateGraph, saver: SqliteSaver, session_id: str) -> None:
    """Update the session list from the saved state: title from the first message, turns done."""
    messages = graph.get_state(thread_config(session_id)).values.get("messages", [])
    first = next((message_text(m) for m in messages if isinstance(m, HumanMessage)), "")
    if first:
        record_session(saver, session_id, first, completed_turn_count(messages))
