"""The streamed reply (one bubble, its tool calls as status blocks inside) with Stop by the input, a user
message's text, and Retry; and notices for the next page render, so what happened in a click or a turn stays
visible after the page reruns."""

import html
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal, TypedDict

import streamlit as st
from langchain_core.messages import BaseMessage, ToolMessage
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.scriptrunner import StopException

from component.i18n import language, t, t_count
from graph.engine import Session, TurnEvent, TurnRun
from state.request_items import CitedDocument, CompressionNotice
from state.turns import message_text, question_of

ERROR_KEY = "turn_errors"
RUNNING_KEY = "running_turn"
LONG_MESSAGE_CHARS = 5000
# a turn refused before it ran: nothing changed, nothing to retry
REFUSALS = {"empty", "rewrite_nothing", "regenerate_unanswered", "retry_nothing", "rewrite_summarized", "rewrite_moved",
            "rewrite_too_old"}
NOTICES_KEY = "notices"
Kind = Literal["success", "info", "warning", "error"]
ICONS = {"success": "✅", "info": "ℹ️", "warning": "✋", "error": "🚫"}


class RewriteRequest(TypedDict):
    """A new version of a turn a click asked for, run on the next render: the answer `message` "regenerate"d, or
    the question `message` "edit"ed to `text`."""

    session: str
    kind: Literal["regenerate", "edit"]
    message: str
    turn: int
    text: str


def keep_notice(kind: Kind, text: str) -> None:
    """Show `text` once, on the next render of the chat."""
    st.session_state.setdefault(NOTICES_KEY, []).append((kind, text))


def draw_notices() -> None:
    """The notices kept since the last render, each shown once."""
    for kind, text in st.session_state.pop(NOTICES_KEY, []):
        getattr(st, kind)(text, icon=ICONS[kind])


def turn_error(session_id: str) -> str | None:
    """The explanation of this session's last failed turn, if any."""
    return st.session_state.get(ERROR_KEY, {}).get(session_id)


def settle_interrupted_turn(session: Session) -> None:
    """A click while a reply streams reruns the page: stop that turn (it keeps what it streamed) and wait
    until it has saved itself, so the page shows it."""
    if st.session_state.pop(RUNNING_KEY, None) == session.id:
        session.stop()
        session.wait_turn()


def draw_tool_call(call: Mapping[str, Any], result: ToolMessage | None) -> None:
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


def draw_sources(sources: list[CitedDocument]) -> None:
    """The documents an answer drew on, numbered as the answer cites them."""
    if sources:
        st.caption(f"{t('sources')}: " + " · ".join(f"[{s['document']}] {s['title']}" for s in sources))


def draw_compression_notice(notice: CompressionNotice | None, completed_turns: int) -> None:
    """Seed 002's notice that the context was compressed on the last turn, with tokens before and after."""
    if notice and notice.get("turn") == completed_turns:
        st.info(t("compressed", before=notice["before"], after=notice["after"]), icon="🗜️")


class _TurnView:
    """Draws one turn's events in the assistant bubble as they arrive."""

    def __init__(self, summarizing, summarized_label: str) -> None:
        self.summarizing = summarizing
        self.summarized_label = summarized_label
        self.statuses: dict[str, Any] = {}
        self.after_tokens: TurnEvent | None = None
        self.error: str | None = None
        self.refusal: str | None = None
        self.pins_left_out = 0  # pinned messages the request could not carry

    def _tokens(self, first: TurnEvent, events: Iterator[TurnEvent]) -> Iterator[str]:
        event: TurnEvent | None = first
        while event is not None and event.kind == "token":
            yield event.text
            event = next(events, None)
        self.after_tokens = event

    def _tool(self, event: TurnEvent) -> None:
        if event.tool["phase"] == "call":
            status = st.status(f"🔧 {event.text}", expanded=False)
            status.json(event.tool.get("args", {}), expanded=True)
            self.statuses[event.tool["id"]] = status
        elif event.tool["id"] in self.statuses:
            status = self.statuses[event.tool["id"]]
            status.code(event.text, language=None, wrap_lines=True)
            status.update(state="error" if event.tool.get("status") == "error" else "complete")

    def draw(self, events: Iterator[TurnEvent]) -> None:
        waiting = st.empty()  # the typing dots until the reply's first word, a notice or an error
        waiting.html(f'<div class="typing" role="status" aria-label="{html.escape(t("typing"))}">'
                     "<span></span><span></span><span></span></div>")
        event = next(events, None)
        shown_reply = False
        while event is not None:
            if event.kind in ("token", "reply", "error"):
                waiting.empty()
            if event.kind == "token":
                st.write_stream(self._tokens(event, events))
                shown_reply, event = True, self.after_tokens
                continue
            if event.kind == "tool":
                shown_reply = False
                self._tool(event)
            elif event.kind == "notice" and event.data.get("code") == "pins_left_out":
                self.pins_left_out = event.notice.get("count", 0)
            elif event.kind == "summary" and self.summarizing is not None:
                self.summarizing.update(label=self.summarized_label, state="complete")
            elif event.kind == "reply" and not shown_reply and event.text:
                st.markdown(event.text)
            elif event.kind == "error" and event.error.get("code") in REFUSALS:
                self.refusal = event.text
            elif event.kind == "error":
                self.error = event.text
            event = next(events, None)
        waiting.empty()


@contextmanager
def followed(run: TurnRun) -> Iterator[None]:
    """The page follows a turn as it streams: a click (Stop, or any other, which reruns the page) stops it keeping
    what was streamed; a page that goes away (reloaded, its tab closed) leaves it to finish in the background,
    where the next page finds it."""
    gone = False
    try:
        yield
    except StopException:
        gone = True
        raise
    finally:
        if not gone and not run.is_answered.is_set():
            run.close()


def run_turn(session: Session, run: TurnRun, summary_turns: list[list[int]],
             stop_place: DeltaGenerator | None = None) -> bool:
    """Stream one turn into an assistant bubble; Stop (by the input, in `stop_place`) or any click ends it keeping
    what was streamed, a reload does not.

    On failure the message stays and the error is shown with Retry; a refused rewrite is explained once.
    """
    errors = st.session_state.setdefault(ERROR_KEY, {})
    errors.pop(session.id, None)
    st.session_state[RUNNING_KEY] = session.id
    (stop_place or st).button(t("stop"), key="stop", type="primary")
    with followed(run), st.chat_message("assistant"):
        summarizing = None
        spans = ", ".join(f"{turns[0]}-{turns[-1]}" for turns in summary_turns)
        if summary_turns:
            summarizing = st.status(t("summarizing", spans=spans), state="running")
        view = _TurnView(summarizing, t("summarized", spans=spans))
        view.draw(iter(run))
    st.session_state.pop(RUNNING_KEY, None)
    if stop_place is not None:
        stop_place.empty()
    if view.pins_left_out:
        keep_notice("info", t_count("pins_left_out", view.pins_left_out))
    if view.refusal:
        keep_notice("warning", view.refusal)
        return False
    if view.error:
        errors[session.id] = view.error
        return False
    return True


def draw_retry(session: Session, stop_place: DeltaGenerator | None = None) -> bool:
    """Explain the last failure and resume the turn from its checkpoint when asked."""
    st.error(turn_error(session.id) or t("no_answer"), icon="⚠️")
    if st.button(t("retry"), key="retry"):
        return run_turn(session, session.resume(language()), [], stop_place)
    return False


def run_rewrite(session: Session, rewrite: RewriteRequest, messages: list[BaseMessage], compression_rate: float,
                stop_place: DeltaGenerator | None = None) -> None:
    """Run the new version of a turn a click asked for: the question (edited, or as it was), then its answer
    streaming; the transcript above is drawn up to that turn, and the earlier version stays a version."""
    turn = rewrite["turn"]
    if rewrite["kind"] == "edit":
        text = rewrite["text"]
        run = session.edit(turn, text, compression_rate, language(), question_id=rewrite["message"])
    else:
        question = question_of(messages, turn)
        text = message_text(question) if question is not None else ""
        run = session.regenerate(language(), answer_id=rewrite["message"])  # the last answer, as the page showed it
    with st.chat_message("user"):
        draw_user_text(text.strip())
    run_turn(session, run, [], stop_place)
