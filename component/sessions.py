"""Session management in the sidebar: new, switch, rename, delete with confirmation."""

from datetime import datetime

import streamlit as st

from component.i18n import t
from graph.engine import Engine, SessionInfo, new_session_id, validate_session_id

SESSION_KEY = "session_id"
CONFIRM_KEY = "confirm_delete"
TURN_KEY = "scroll_to_turn"
RESET_ON_SWITCH = ("compression_rate", "system_prompt_text", "context_policy_choice", "agent_prompt_text",
                   "reminder_text", "hide_old_tool_results_choice", "recall_choice", "context_budget_choice",
                   CONFIRM_KEY)


def current_session_id(sessions: list[SessionInfo]) -> str:
    """The session in the URL, else the one in use, else the most recent, else a new one."""
    if SESSION_KEY not in st.session_state:
        from_url = st.query_params.get("session")
        if from_url:
            st.session_state[SESSION_KEY] = usable_url_id(from_url)
        else:
            st.session_state[SESSION_KEY] = sessions[0].session_id if sessions else new_session_id()
    st.query_params["session"] = st.session_state[SESSION_KEY]
    return st.session_state[SESSION_KEY]


def usable_url_id(from_url: str) -> str:
    """The id the URL names, which may be a session still to start; a new one (saying why) when it cannot be."""
    try:
        return validate_session_id(from_url)
    except ValueError as error:
        st.warning(t("bad_session_id", reason=error), icon="⚠️")
        return new_session_id()


def switch_to(session_id: str) -> None:
    """Make another session current; its own settings load on the next run."""
    st.session_state[SESSION_KEY] = session_id
    for key in RESET_ON_SWITCH:
        st.session_state.pop(key, None)


def open_turn(session_id: str, turn: int) -> None:
    """Open a session scrolled to one of its turns (a search result)."""
    switch_to(session_id)
    st.session_state[TURN_KEY] = turn


def draw_search(engine: Engine) -> None:
    """A search box over every session: title, turn, date and a highlighted snippet per hit."""
    query = st.text_input(t("search"), key="search_query", placeholder="wifi, Hana, 계약…")
    if not query.strip():
        return
    hits = engine.search(query)
    if not hits:
        st.caption(t("search_empty"))
    for index, hit in enumerate(hits):
        st.button(t("open_turn", title=hit["title"], turn=hit["turn"], day=hit["day"]), key=f"hit_{index}",
                  on_click=open_turn, args=(hit["session_id"], hit["turn"]), use_container_width=True)
        st.caption(hit["snippet"])


def scroll_to_requested_turn() -> None:
    """After opening a search hit, bring its turn into view."""
    turn = st.session_state.pop(TURN_KEY, None)
    if turn:
        anchor = f"turn-{int(turn)}"
        script = f"(document.getElementById('{anchor}') || parent.document.getElementById('{anchor}'))"
        st.html(f"<script>{script}?.scrollIntoView()</script>", unsafe_allow_javascript=True)


def _label(session: SessionInfo) -> str:
    when = ""
    if session.updated_at:
        when = " · " + datetime.fromisoformat(session.updated_at).astimezone().strftime("%m-%d %H:%M")
    return f"{session.title} · {session.turns}{t('turns')}{when}"


def _delete(engine: Engine, session_id: str, fallback: str) -> None:
    engine.delete(session_id)
    switch_to(fallback)


def draw_sessions(engine: Engine, sessions: list[SessionInfo], current: str) -> None:
    """New chat, the saved sessions with title and last activity, rename and delete."""
    st.markdown(f"### {t('sessions')}")
    st.button(t("new_chat"), on_click=switch_to, args=(new_session_id(),), use_container_width=True, key="new_chat")
    labels = {s.session_id: _label(s) for s in sessions}
    if current not in labels:
        labels = {current: t("untitled"), **labels}
    ids = list(labels)
    choice = st.selectbox(t("sessions"), ids, index=ids.index(current), format_func=lambda key: labels[key],
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
            engine.rename(current, title)
            st.rerun()
    if not st.session_state.get(CONFIRM_KEY):
        st.button(t("delete"), key="delete", on_click=lambda: st.session_state.update({CONFIRM_KEY: True}))
        return
    st.warning(t("confirm_delete"))
    left, right = st.columns(2)
    fallback = next((s.session_id for s in sessions if s.session_id != current), new_session_id())
    left.button(t("yes_delete"), key="confirm_delete_yes", type="primary", on_click=_delete,
                args=(engine, current, fallback))
    right.button(t("cancel"), key="confirm_delete_no", on_click=lambda: st.session_state.pop(CONFIRM_KEY, None))
