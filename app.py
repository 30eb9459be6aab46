"""Streamlit entry point: page setup, pick the session, draw the components, run one turn."""

import streamlit as st

from component.chat import draw_compression_notice, draw_retry, draw_user_text, draw_transcript, run_turn, settle_interrupted_turn, turn_error
from component.context_view import draw_context_view
from component.i18n import t
from component.sessions import current_session_id
from component.sidebar import draw_sidebar
from component.summary_panel import draw_summary_panel
from graph.engine import Engine, open_engine
from graph.errors import describe_error
from graph.persistence import list_sessions
from graph.settings import Settings
from graph.user_input import clean_user_text
from graph.turns import completed_turn_count, has_unfinished_turn, recover_pending_turn, remember_session, summary_due, thread_config, turn_input

st.set_page_config(page_title="Context Chat", page_icon="💬", layout="wide")


@st.cache_resource(show_spinner="모델을 시작하는 중… / Starting the model…")
def get_engine() -> Engine:
    """One engine (database, models, graph) per app process, shared by every browser session."""
    return open_engine(Settings.from_env())


try:
    engine = get_engine()
except Exception as error:  # a start-up failure is shown, never a traceback
    st.error(describe_error(error), icon="🚫")
    st.stop()

sessions = list_sessions(engine.saver)
session_id = current_session_id(sessions)
recover_pending_turn(engine.graph, session_id)
settle_interrupted_turn(engine.graph, session_id)
state = engine.graph.get_state(thread_config(session_id)).values
messages = state.get("messages", [])
history = state.get("summary_history", [])
choice = draw_sidebar(engine, sessions, session_id, state.get("compression_rate", 0.3))

chat_column, panel_column = st.columns([3, 2], gap="large")
with panel_column:
    draw_summary_panel(history, choice.compression_rate, state.get("context_log", []), state.get("consolidated", []))
    draw_context_view(state.get("context_report"), state.get("context_messages", []))

with chat_column:
    draw_transcript(messages)
    draw_compression_notice(state.get("compression_notice"), completed_turn_count(messages))
    if has_unfinished_turn(messages) or turn_error(session_id):
        if draw_retry(engine.graph, session_id):
            remember_session(engine.graph, engine.saver, session_id)
            st.rerun()

prompt = st.chat_input(t("input"))
if prompt is not None:
    text = clean_user_text(prompt)
    if not text:
        st.toast(t("empty"), icon="✋")
    else:
        with chat_column:
            with st.chat_message("user"):
                draw_user_text(text)
            payload = turn_input(text, session_id, choice.compression_rate, messages, choice.settings)
            due = summary_due(messages, history, choice.settings.context_policy, engine.models.profile.context_window)
            run_turn(engine.graph, session_id, payload, due)
        remember_session(engine.graph, engine.saver, session_id)
        engine.after_turn(session_id, choice.compression_rate)
        st.rerun()
