"""The saved conversation: one user bubble per question and one assistant bubble per answer, the answer's tool
calls as status blocks inside it, each with its row of actions; each turn anchored for search."""

from collections.abc import Mapping, Sequence

import streamlit as st
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from component.attach import draw_attachments
from component.chat import draw_sources, draw_tool_call, draw_user_text
from component.details import details_shown
from component.i18n import t
from component.message_actions import draw_edit_form, draw_message_actions, editing, prepare_actions
from component.version_notice import draw_version_notice
from graph.engine import Session, TurnVersions
from state.turns import message_text, turns_of


def draw_recalled(session: Session, turns: list[int]) -> None:
    """In an answer's row of actions, one click away: which earlier turns it recalled, with their excerpts (what
    a developer checks, not what a person reads under every answer)."""
    if not turns or not details_shown():
        return
    with st.popover("ⓘ", help=t("answer_details"), type="tertiary"):
        st.caption(t("recalled", turns=", ".join(f"#{turn}" for turn in turns)))
        for record in session.turn_excerpts(turns):
            st.caption(f"#{record['turn']} · {record.get('date', '')}  \n👤 {record.get('user', '')}  \n"
                       f"🤖 {record.get('assistant', '')}")


def draw_question(session: Session | None, message: HumanMessage, pinned: bool, turn: int, later: int = 0) -> None:
    """A user bubble: the text (or its editor, which says how many of the `later` turns a new version leaves
    out), and its actions."""
    text = message_text(message)
    with st.chat_message("user"):
        if pinned:
            st.caption(t("pinned_mark"))
        if session is not None and editing(message):
            draw_edit_form(session, message, text, turn, later)
            return
        draw_user_text(text)
        draw_attachments(message.additional_kwargs.get("attachments") or [])
        if session is not None:
            draw_message_actions(session, message, text, pinned=pinned, turn=turn)


def draw_answer(session: Session | None, answer: list[BaseMessage], results: Mapping[str, ToolMessage],
                pinned: Sequence[str], feedback: Mapping[str, str], last: bool, turn: int,
                versions: TurnVersions | None = None) -> None:
    """One assistant bubble for a whole answer: each tool call as a status block, then the text."""
    replies = [message for message in answer if isinstance(message, AIMessage)]
    if not replies:
        return
    final = replies[-1] if not replies[-1].tool_calls else None
    with st.chat_message("assistant"):
        if final is not None and final.id in pinned:
            st.caption(t("pinned_mark"))
        for message in replies:
            for call in message.tool_calls:
                draw_tool_call(call, results.get(call["id"] or ""))
            if message_text(message):
                st.markdown(message_text(message))
        if final is None:
            return
        draw_sources(final.response_metadata.get("sources") or [])
        if session is not None:
            recalled = final.response_metadata.get("recalled") or []
            draw_message_actions(session, final, message_text(final), pinned=final.id in pinned, turn=turn,
                                 feedback=feedback.get(final.id or ""), answer=True, last=last, versions=versions,
                                 details=lambda: draw_recalled(session, recalled))


def draw_transcript(messages: Sequence[BaseMessage], session: Session | None = None, pinned: Sequence[str] = (),
                    feedback: Mapping[str, str] | None = None,
                    versions: Mapping[int, TurnVersions] | None = None) -> None:
    """Every turn of the session: its question, then its answer in one bubble with its versions."""
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
    turns = turns_of(messages)
    if session is not None and turns:
        prepare_actions()
    for index, (number, question, answer) in enumerate(turns):
        last = index == len(turns) - 1
        turn_versions = (versions or {}).get(number)
        if question is not None:
            st.html(f'<div id="turn-{number}"></div>')
            if session is not None and turn_versions is not None:
                draw_version_notice(session, number, turn_versions)
            draw_question(session, question, question.id in pinned, number, turns[-1][0] - number)
        draw_answer(session, answer, results, pinned, feedback or {}, last, number, turn_versions)
