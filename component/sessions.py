"""The chats in the sidebar: which one is open, the list with the open one highlighted, rename and delete."""

import contextlib

import streamlit as st

from component.i18n import t, t_count
from component.signin import current_owner
from component.time_zone import local_time
from graph.engine import Engine, Session, SessionInfo, SessionNotFound, new_session_id, validate_session_id

SESSION_KEY = "session_id"
CONFIRM_KEY = "confirm_delete"
MISSING_KEY = "missing_session"  # the id a link named that no saved chat has
FOUND_KEY = "found_turn"  # the session id, turn and title of the search hit last opened
SHOWN_KEY = "chats_shown"
LIST_HEIGHT = 420  # past this many pixels the list scrolls on its own
LIST_PAGE = 30  # chats listed at first, and added by each "show more"; search reaches every chat
MARKDOWN_SIGNS = "\\`*_{}[]()#+-!|<>~$"
SETTING_WIDGETS = ("compression_rate", "system_prompt_text", "context_policy_choice", "agent_prompt_text",
                   "reminder_text", "hide_old_tool_results_choice", "recall_choice", "context_budget_choice",
                   "model_choice")  # drawn again from the chat opened
SWITCHED_KEY = "switched"  # the chat changed in a callback: its setting widgets are emptied when the page runs


def current_session_id(sessions: list[SessionInfo]) -> str:
    """The chat the address names, else the one open in this tab, else a new chat (saved with its first message).

    The address names a chat once its first message is sent (listed by its title from then on), so reloading a new
    chat never makes an empty one, and a reload during its first reply opens it.
    """
    if st.session_state.pop(SWITCHED_KEY, False):
        for key in SETTING_WIDGETS:
            st.session_state.pop(key, None)
    if SESSION_KEY not in st.session_state:
        from_url = st.query_params.get("session")
        st.session_state[SESSION_KEY] = usable_url_id(from_url) if from_url else new_session_id()
        if from_url == st.session_state[SESSION_KEY] and not any(s.session_id == from_url for s in sessions):
            st.session_state[MISSING_KEY] = from_url
    current = st.session_state[SESSION_KEY]
    if any(s.session_id == current for s in sessions):
        st.session_state.pop(MISSING_KEY, None)
        st.query_params["session"] = current
    elif st.session_state.get(MISSING_KEY) != current:
        st.query_params.pop("session", None)
    return current


def open_current_session(engine: Engine, sessions: list[SessionInfo], owner: str | None) -> Session:
    """The open chat of `owner`. A link to another person's chat shows the notice of a chat not found, as any
    unknown link does, and nothing of it: a new chat of the person's own opens under the notice."""
    session_id = current_session_id(sessions)
    try:
        return engine.session(session_id, owner=owner)
    except SessionNotFound:
        st.session_state[SESSION_KEY] = st.session_state[MISSING_KEY] = new_session_id()
        return engine.session(st.session_state[SESSION_KEY], owner=owner)


def usable_url_id(from_url: str) -> str:
    """The id the URL names, which may be a session still to start; a new one (saying why) when it cannot be."""
    try:
        return validate_session_id(from_url)
    except ValueError as error:
        st.warning(t("bad_session_id", reason=error), icon="⚠️")
        return new_session_id()


def missing_session() -> bool:
    """Whether the open chat is one a link named but no saved chat has (deleted, or a wrong link)."""
    return st.session_state.get(MISSING_KEY) == st.session_state.get(SESSION_KEY)


def switch_to(session_id: str) -> None:
    """Make another session current; its own settings load when the page runs. The setting widgets are emptied
    then, not here: a setting changed in the same click has its own callback still to come, which keeps it for
    the chat it was changed in."""
    st.session_state[SESSION_KEY] = session_id
    st.session_state[SWITCHED_KEY] = True
    for key in (CONFIRM_KEY, MISSING_KEY, FOUND_KEY):
        st.session_state.pop(key, None)


def start_new_chat() -> None:
    """Open a new chat; it is saved, and listed, with its first message."""
    switch_to(new_session_id())


def as_plain_text(text: str) -> str:
    """A person's own words shown as typed where Streamlit reads markdown (titles, button labels)."""
    return "".join("\\" + char if char in MARKDOWN_SIGNS else char for char in text)


def shown_title(session: SessionInfo) -> str:
    """The chat's title as the page shows it: one without a title yet reads as a new chat, never as its raw id."""
    return t("untitled") if session.title in ("", session.session_id) else session.title


def chat_meta(session: SessionInfo) -> str:
    """How many turns a chat has and when it was last used, e.g. "1 turn · 11-25 09:30"."""
    when = local_time(session.updated_at) if session.updated_at else ""  # the person's clock, not the server's
    return t_count("chat_meta", session.turns, when=when).rstrip(" ·")


def menu_key(session_id: str) -> str:
    """The ⋯ menu of a chat, whose open state the page keeps; each action done in it makes it a new menu, drawn
    closed (the browser forgets the open one), so the next click opens it."""
    return f"menu_{session_id}_{st.session_state.get(f'menu_round_{session_id}', 0)}"


def _close_menu(session_id: str) -> None:
    st.session_state[menu_key(session_id)] = False
    st.session_state[f"menu_round_{session_id}"] = st.session_state.get(f"menu_round_{session_id}", 0) + 1


def _rename(engine: Engine, session_id: str) -> None:
    title = st.session_state.get(f"title_{session_id}", "")
    if title.strip():
        with contextlib.suppress(SessionNotFound):  # a chat of a person since signed out: nothing to do
            engine.rename(session_id, title, owner=current_owner())
    _close_menu(session_id)  # done: the menu closes, and opens again on the next click


def _ask_to_delete(session_id: str) -> None:
    """Close the menu and ask below the row whether to delete for good."""
    st.session_state[CONFIRM_KEY] = session_id
    _close_menu(session_id)


def _delete(engine: Engine, session_id: str, fallback: str | None) -> None:
    with contextlib.suppress(SessionNotFound):
        engine.delete(session_id, owner=current_owner())
    st.session_state.pop(CONFIRM_KEY, None)
    if st.session_state.get(SESSION_KEY) == session_id:
        switch_to(fallback or new_session_id())


def draw_chat_menu(engine: Engine, session: SessionInfo) -> None:
    """The ⋯ menu of one chat: a new title, or delete (confirmed below the row)."""
    sid = session.session_id
    with st.popover("⋯", type="tertiary", help=t("chat_menu"), key=menu_key(sid), on_change="rerun"):
        st.text_input(t("rename"), value=session.title, key=f"title_{sid}", max_chars=120)
        st.button(t("save"), key=f"save_title_{sid}", on_click=_rename, args=(engine, sid))
        st.button(t("delete"), key=f"delete_{sid}", on_click=_ask_to_delete, args=(sid,))


def draw_delete_confirmation(engine: Engine, sessions: list[SessionInfo], session_id: str) -> None:
    """Delete for good only after a second, explicit yes."""
    st.warning(t("confirm_delete"))
    fallback = next((s.session_id for s in sessions if s.session_id != session_id), None)
    with st.container(horizontal=True):
        st.button(t("yes_delete"), key="confirm_delete_yes", type="primary", on_click=_delete,
                  args=(engine, session_id, fallback))
        st.button(t("cancel"), key="confirm_delete_no", on_click=lambda: st.session_state.pop(CONFIRM_KEY, None))


def _show_more() -> None:
    st.session_state[SHOWN_KEY] = st.session_state.get(SHOWN_KEY, LIST_PAGE) + LIST_PAGE


def draw_session_list(engine: Engine, sessions: list[SessionInfo], current: str) -> None:
    """The saved chats, newest first, as clickable titles; the open one highlighted, each with its ⋯ menu."""
    if sessions:
        st.caption(t("sessions"))
    shown = st.session_state.get(SHOWN_KEY, LIST_PAGE)
    listed = [s for index, s in enumerate(sessions) if index < shown or s.session_id == current]
    with st.container(key="session_list", height=LIST_HEIGHT if len(listed) > 10 else "content", border=False):
        for session in listed:
            sid = session.session_id
            with st.container(horizontal=True, key=f"chat_row_{sid}", vertical_alignment="center", gap=None,
                              wrap=False):
                st.button(as_plain_text(shown_title(session)), key=f"open_{sid}", help=chat_meta(session),
                          width="stretch", type="secondary" if sid == current else "tertiary",
                          on_click=None if sid == current else switch_to, args=(sid,))
                draw_chat_menu(engine, session)
            if st.session_state.get(CONFIRM_KEY) == sid:
                draw_delete_confirmation(engine, sessions, sid)
        if len(sessions) > shown:
            st.button(t_count("more_chats", len(sessions) - shown), key="more_chats", type="tertiary",
                      on_click=_show_more)
