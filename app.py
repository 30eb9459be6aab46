"""Streamlit entry point: page setup, pick the session, draw the components, run one turn."""

import streamlit as st

from component.attach import attach_in_bubble, attach_without_text, chat_input_submission
from component.chat import (
    draw_compression_notice,
    draw_notices,
    draw_retry,
    draw_user_text,
    run_rewrite,
    run_turn,
    settle_interrupted_turn,
    turn_error,
)
from component.export import draw_export, title_of
from component.i18n import keep_language, language, t
from component.layout import draw_page_style, side_pane
from component.live_turn import draw_live_turn
from component.message_actions import take_rewrite
from component.paste import draw_paste_offer, offer_as_document
from component.request_view import draw_request_view
from component.search import draw_found_turn
from component.sessions import open_current_session
from component.sidebar import draw_sidebar
from component.signin import require_access
from component.startup import EngineStart, engine_or_waiting_page
from component.summary_panel import draw_summary_panel
from component.time_zone import keep_time_zone
from component.transcript import draw_transcript
from component.welcome import draw_chat_head, take_example
from graph.engine import Settings, clean_user_text, open_engine
from state.turns import before_turn

st.set_page_config(page_title="Context Chat", page_icon="💬", layout="wide")
keep_language()
owner = require_access()  # the signed-in person (None: the single-person local app); stops the page until then


@st.cache_resource(show_spinner=False)
def engine_start() -> EngineStart:
    """One engine (database, models, graph) per app process, shared by every browser session, started behind a
    page that is drawn at once."""
    return EngineStart(lambda progress: open_engine(Settings.from_env(), progress))


engine = engine_or_waiting_page(engine_start(), language())

sessions = engine.sessions(owner=owner)
session = open_current_session(engine, sessions, owner)
settle_interrupted_turn(session)
session.recover()  # the message of a turn a crash cut off comes back, ready for Retry
live = session.live_turn()  # read before the state: a reply that saves itself meanwhile is followed, not missed
view = session.view()  # the one state read of this page
choice = draw_sidebar(engine, session, sessions)
draw_page_style()

chat_column, panel_column = st.columns([3, 2], gap="large")
with panel_column, side_pane():
    draw_summary_panel(view.get("summary_history", []), choice.compression_rate, view.get("request_log", []),
                       view.get("consolidated", []), session)
    draw_request_view(view.get("request_report"), view.last_context)

stop_place = st.bottom.empty()  # Stop sits by the input while a reply streams, however long it grows
with chat_column:
    welcome = draw_chat_head(sessions, session.id, empty=not view.messages)
    if view.messages:
        draw_export(session.id, title_of(sessions, session.id), view.values)
    rewrite = take_rewrite(session.id)  # a new version of a turn: regenerated, or its question edited
    messages = before_turn(view.messages, rewrite["turn"]) if rewrite else view.messages
    draw_transcript(messages, session, view.get("pinned", []), view.get("feedback", {}), session.versions())
    live_shown = not rewrite and draw_live_turn(session, live)  # a reload mid-reply: question and reply so far
    draw_found_turn(view.turns_completed)
    draw_compression_notice(view.get("compression_notice"), view.turns_completed)
    if rewrite:
        run_rewrite(session, rewrite, view.messages, choice.compression_rate, stop_place)
        st.rerun()
    draw_notices()
    if not live_shown and (view.unfinished or turn_error(session.id)):
        if draw_retry(session, stop_place):
            st.rerun()
    prompt = draw_paste_offer(session) or take_example()

typed, files = chat_input_submission()
if files and not clean_user_text(typed or ""):  # files alone: no message to carry them
    with chat_column:
        attach_without_text(session, files)
prompt = typed or prompt
if prompt is not None:
    if not clean_user_text(prompt):  # nothing visible: blank, or invisible characters only
        st.toast(t("empty"), icon="✋")
    elif offer_as_document(prompt):
        st.rerun()
    else:
        welcome.empty()
        with chat_column:
            with st.chat_message("user"):
                draw_user_text(prompt.strip())
                attachments = attach_in_bubble(session, files) if files else []
            keep_time_zone(session)
            due = session.summary_due(view.values)
            run = session.send(prompt, choice.compression_rate, language(), attachments)
            st.query_params["session"] = session.id  # a reload mid-reply opens this chat, a new one too
            run_turn(session, run, due, stop_place)
        st.rerun()
