"""The transcript, the streamed reply, tool calls as status blocks, and Retry after a failure."""

import logging
from collections.abc import Iterator, Sequence

import streamlit as st
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.graph.state import CompiledStateGraph

from graph.context import message_text
from graph.errors import describe_error
from graph.turns import TurnEvent, stream_turn

logger = logging.getLogger(__name__)

ERROR_KEY = "turn_errors"


def turn_error(session_id: str) -> str | None:
    """The explanation of this session's last failed turn, if any."""
    return st.session_state.get(ERROR_KEY, {}).get(session_id)


def draw_tool_call(call: dict, result: ToolMessage | None) -> None:
    """A finished tool call as a collapsed status block with its arguments and result."""
    failed = result is not None and result.status == "error"
    label = f"🔧 {call['name']}" + (" — error" if failed else "")
    with st.status(label, state="error" if failed else "complete", expanded=False):
        st.json(call["args"], expanded=True)
        if result is not None:
            st.code(message_text(result), language=None)


def draw_transcript(messages: Sequence[BaseMessage]) -> None:
    """Every message of the session, tool calls shown with their results."""
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
    for message in messages:
        if isinstance(message, HumanMessage):
            with st.chat_message("user"):
                st.markdown(message_text(message))
        elif isinstance(message, AIMessage):
            with st.chat_message("assistant"):
                for call in message.tool_calls:
                    draw_tool_call(call, results.get(call["id"]))
                if message_text(message):
                    st.markdown(message_text(message))


def _draw_events(events: Iterator[TurnEvent], summarizing) -> None:
    """Tokens through st.write_stream; tool calls and summaries as they happen."""
    statuses: dict[str, object] = {}
    streamed = False
    pending = next(events, None)
    while pending is not None:
        if pending.kind == "token":
            def tokens():
                nonlocal pending
                while pending is not None and pending.kind == "token":
                    yield pending.text
                    pending = next(events, None)

            st.write_stream(tokens())
            streamed = True
            continue
        if pending.kind == "tool_call":
            statuses[pending.data["id"]] = status = st.status(f"🔧 {pending.text}", expanded=False)
            status.json(pending.data["args"], expanded=True)
        elif pending.kind == "tool_result" and pending.data["id"] in statuses:
            failed = pending.text.startswith("Error:")
            statuses[pending.data["id"]].code(pending.text, language=None)
            statuses[pending.data["id"]].update(state="error" if failed else "complete")
        elif pending.kind == "summary" and summarizing is not None:
            summarizing.update(label="요약 완료 / Summary saved", state="complete")
        elif pending.kind == "reply":
            if not streamed and pending.text:
                st.markdown(pending.text)
            streamed = False
        pending = next(events, None)


def run_turn(graph: CompiledStateGraph, session_id: str, payload: dict | None, summary_turns: list[list[int]]) -> bool:
    """Stream one turn into an assistant bubble; on failure keep the message and offer Retry."""
    errors = st.session_state.setdefault(ERROR_KEY, {})
    errors.pop(session_id, None)
    with st.chat_message("assistant"):
        summarizing = None
        if summary_turns:
            spans = ", ".join(f"{t[0]}-{t[-1]}" for t in summary_turns)
            summarizing = st.status(f"요약 생성 중… / Summarizing turns {spans}", state="running")
        try:
            _draw_events(stream_turn(graph, session_id, payload), summarizing)
        except Exception as error:  # any failure: keep the message, explain, offer Retry
            logger.exception("Turn failed in session %s", session_id)
            errors[session_id] = describe_error(error)
            return False
    return True


def draw_retry(graph: CompiledStateGraph, session_id: str) -> bool:
    """Explain the last failure and resume the turn from its checkpoint when asked."""
    message = turn_error(session_id) or "마지막 메시지에 아직 답이 없습니다 / Your last message has no answer yet."
    st.error(message, icon="⚠️")
    if st.button("🔁 다시 시도 / Retry", key="retry"):
        return run_turn(graph, session_id, None, [])
    return False
