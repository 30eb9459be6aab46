"""Session management in the sidebar: new, switch, rename, delete with confirmation."""

import uuid
from datetime import datetime

import streamlit as st
from langgraph.checkpoint.sqlite import SqliteSaver

from component.i18n import t
from graph.persistence import SessionInfo, delete_session, rename_session

SESSION_KEY = "session_id"
CONFIRM_KEY = "confirm_delete"
RESET_ON_SWITCH = ("compression_rate", "system_prompt_text", "context_policy_choice", "agent_prompt_text",
                   "reminder_text", "hide_old_tool_results_choice", CONFIRM_KEY)


def new_session_id() -> str:
    """A fresh, unguessable session id."""
    return uuid.uuid4().hex[:16]


def current_session_id(sessions: list[SessionInfo]) -> str:
    """The session in the URL, else the one in use, else the most recent, else a new one."""
    if SESSION_KEY not in st.session_state:
        from_url = st.query_params.get("session")
        st.session_state[SESSION_KEY] = from_url or (sessions[0].session_id if sessions else new_session_id())
    st.query_params["session"] = st.session_state[SESSION_KEY]
    return st.session_state[SESSION_KEY]


def switch_to(session_id: str) -> None:
    """Make another session current; its own settings load on the next run."""
    st.session_state[SESSION_KEY] = session_id
    for key in RESET_ON_SWITCH:
        st.session_state.pop(key, None)


def _label(session: SessionInfo) -> str:
    when = ""
    if session.updated_at:
        when = " · " + datetime.fromisoformat(session.updated_at).astimezone().strftime("%m-%d %H:%M")
    return f"{session.title} · {session.turns}{t('turns')}{when}"


def _delete(saver: SqliteSaver, session_id: str, fallback: str) -> None:
    delete_session(saver, session_id)
    switch_to(fallback)


def draw_sessions(saver: SqliteSaver, sessions: list[SessionInfo], current: str) -> None:
    """New chat, the saved sessions with title and last activity, rename and delete."""
    st.markdown(f"### {t('sessions')}")
    st.button(t("new_chat"), on_click=switch_to, args=(new_session_id(),), use_container_width=True, key="new_chat")
    labels = {s.session_id: _label(s) for s in sessions}
    if current not in labels:
        labels = {current: t("untitled"), **labels}
    ids = list(labels)
    choice = st.selectbox(t("sessions"), ids, index=ids.index(current), format_func=labels.get,
                          label_visibility="collapsed", key=f"session_select_{current}")
    if choice != current:
        switch_to(choice)
        st.rerun()
    known = {s.session_id: s for s in sessions}
    if current not in known:
        return
    with st.expander(t("rename")):
        title = st.text_input(t("rename"), value=known[current].title, key=f"title_{current}",
                              label_visibility="collapsed", max_chars=120)
        if st.button(t("save"), key="save_title") and title.strip():
            rename_session(saver, current, title)
            st.rerun()
    if not st.session_state.get(CONFIRM_KEY):
        st.button(t("delete"), key="delete", on_click=lambda: st.session_state.update({CONFIRM_KEY: True}))
        return
    st.warning(t("confirm_delete"))
    left, right = st.columns(2)
    fallback = next((s.session_id for s in sessions if s.session_id != current), new_session_id())
    left.button(t("yes_delete"), key="confirm_delete_yes", type="primary", on_click=_delete,
                args=(saver, current, fallback))
    right.button(t("cancel"), key="confirm_delete_no", on_click=lambda: st.session_state.pop(CONFIRM_KEY, None))
