"""The transcript, the streamed reply with Stop, tool calls as status blocks, and Retry."""

import logging
import threading
from collections.abc import Iterator, Sequence

import streamlit as st
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.graph.state import CompiledStateGraph

from component.i18n import t
from graph.context import message_text
from graph.errors import describe_error
from graph.locks import session_lock
from graph.stop_signal import GenerationStopped
from graph.stopping import drain_stopped, finish_stopped_turn
from graph.turns import TurnEvent, stream_turn

logger = logging.getLogger(__name__)

ERROR_KEY = "turn_errors"
LONG_MESSAGE_CHARS = 5000
STREAMING_KEY = "streaming_turns"


def turn_error(session_id: str) -> str | None:
    """The explanation of this session's last failed turn, if any."""
    return st.session_state.get(ERROR_KEY, {}).get(session_id)


def settle_interrupted_turn(graph: CompiledStateGraph, session_id: str) -> None:
    """A run that ended mid-stream (Stop, or any click) keeps what it streamed as the answer."""
    streaming = st.session_state.get(STREAMING_KEY, {})
    if session_id in streaming:
        with session_lock(session_id):  # waits until the interrupted run has saved its state
            finish_stopped_turn(graph, session_id, streaming.pop(session_id))


def draw_tool_call(call: dict, result: ToolMessage | None) -> None:
    """A finished tool call as a collapsed status block with its arguments and result."""
    failed = result is not None and result.status == "error"
    with st.status(f"🔧 {call['name']}", state="error" if failed else "complete", expanded=False):
        st.json(call["args"], expanded=True)
        if result is not None:
            st.code(message_text(result), language=None, wrap_lines=True)


def draw_user_text(text: str) -> None:
    """A user message; a very long paste shows its start, with the whole text one click away."""
    if len(text) <= LONG_MESSAGE_CHARS:
        st.text(text)
        return
    st.text(text[:LONG_MESSAGE_CHARS] + " …")
    st.caption(t("long_message", chars=len(text)))
    with st.expander(t("show_all")):
        st.code(text, language=None, wrap_lines=True)


def draw_sources(sources: list[dict]) -> None:
    """The documents an answer drew on, numbered as the answer cites them."""
    if sources:
        st.caption(f"{t('sources')}: " + " · ".join(f"[{s['document']}] {s['title']}" for s in sources))


def draw_compression_notice(notice: dict | None, completed_turns: int) -> None:
    """Seed 002's notice that the context was compressed on the last turn, with tokens before and after."""
    if notice and notice.get("turn") == completed_turns:
        st.info(t("compressed", before=notice["before"], after=notice["after"]), icon="🗜️")


def draw_transcript(messages: Sequence[BaseMessage]) -> None:
    """Every message of the session, tool calls shown with their results."""
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
    for message in messages:
        if isinstance(message, HumanMessage):
            with st.chat_message("user"):
                draw_user_text(message_text(message))
        elif isinstance(message, AIMessage):
            with st.chat_message("assistant"):
                for call in message.tool_calls:
                    draw_tool_call(call, results.get(call["id"]))
                if message_text(message):
                    st.markdown(message_text(message))
                draw_sources(message.response_metadata.get("sources") or [])


class _TurnView:
    """Draws one turn's events in the assistant bubble, remembering the streamed text for Stop."""

    def __init__(self, session_id: str, summarizing, summarized_label: str) -> None:
        self.session_id = session_id
        self.summarizing = summarizing
        self.summarized_label = summarized_label
        self.statuses: dict[str, object] = {}
        self.streamed = ""
        self.after_tokens: TurnEvent | None = None

    def _tokens(self, first: TurnEvent, events: Iterator[TurnEvent]) -> Iterator[str]:
        event: TurnEvent | None = first
        while event is not None and event.kind == "token":
            self.streamed += event.text
            st.session_state[STREAMING_KEY][self.session_id] = self.streamed
            yield event.text
            event = next(events, None)
        self.after_tokens = event

    def draw(self, events: Iterator[TurnEvent]) -> None:
        event = next(events, None)
        shown_reply = False
        while event is not None:
            if event.kind == "token":
                st.write_stream(self._tokens(event, events))
                shown_reply, event = True, self.after_tokens
                continue
            if event.kind == "tool_call":
                self.streamed, shown_reply = "", False
                status = st.status(f"🔧 {event.text}", expanded=False)
                status.json(event.data["args"], expanded=True)
                self.statuses[event.data["id"]] = status
            elif event.kind == "tool_result" and event.data["id"] in self.statuses:
                status = self.statuses[event.data["id"]]
                status.code(event.text, language=None, wrap_lines=True)
                status.update(state="error" if event.text.startswith("Error:") else "complete")
            elif event.kind == "summary" and self.summarizing is not None:
                self.summarizing.update(label=self.summarized_label, state="complete")
            elif event.kind == "reply" and not shown_reply and event.text:
                st.markdown(event.text)
            event = next(events, None)


def run_turn(
    graph: CompiledStateGraph, session_id: str, payload: dict | None, summary_turns: list[list[int]]
) -> bool:
    """Stream one turn into an assistant bubble; on failure keep the message and offer Retry."""
    errors = st.session_state.setdefault(ERROR_KEY, {})
    errors.pop(session_id, None)
    st.session_state.setdefault(STREAMING_KEY, {})[session_id] = ""
    st.button(t("stop"), key="stop")
    with session_lock(session_id), st.chat_message("assistant"):
        summarizing = None
        spans = ", ".join(f"{turns[0]}-{turns[-1]}" for turns in summary_turns)
        if summary_turns:
            summarizing = st.status(t("summarizing", spans=spans), state="running")
        view = _TurnView(session_id, summarizing, t("summarized", spans=spans))
        stop = threading.Event()
        events = stream_turn(graph, session_id, payload, stop)
        try:
            try:
                view.draw(events)
            finally:  # finished, failed or interrupted by a click: end the model's stream, then the run
                stop.set()
                drain_stopped(events)
        except GenerationStopped:
            finish_stopped_turn(graph, session_id, st.session_state[STREAMING_KEY].pop(session_id, ""))
            return True
        except Exception as error:  # any failure: keep the message, explain, offer Retry
            logger.exception("Turn failed in session %s", session_id)
            errors[session_id] = describe_error(error)
            st.session_state[STREAMING_KEY].pop(session_id, None)
            return False
    st.session_state[STREAMING_KEY].pop(session_id, None)
    return True


def draw_retry(graph: CompiledStateGraph, session_id: str) -> bool:
    """Explain the last failure and resume the turn from its checkpoint when asked."""
    st.error(turn_error(session_id) or t("no_answer"), icon="⚠️")
    if st.button(t("retry"), key="retry"):
        return run_turn(graph, session_id, None, [])
    return False
