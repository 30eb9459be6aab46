"""What an empty chat shows: a heading and example prompts to start with, or, for a link to a chat that does not
exist, a notice with a way to start a new one."""

import streamlit as st

from component.i18n import t
from component.sessions import as_plain_text, missing_session, shown_title, start_new_chat
from graph.engine import SessionInfo

EXAMPLE_KEY = "example_prompt"
EXAMPLES = ("example_1", "example_2", "example_3", "example_4")


def _choose(text: str) -> None:
    st.session_state[EXAMPLE_KEY] = text


def take_example() -> str | None:
    """The example prompt the person just clicked, to send as the chat's first message (once)."""
    return st.session_state.pop(EXAMPLE_KEY, None)


def draw_welcome() -> None:
    """A new chat's heading and example prompts."""
    if EXAMPLE_KEY in st.session_state:  # an example is being sent on this run
        return
    with st.container(key="welcome"):
        st.markdown(f"## {t('welcome_title')}")
        st.caption(t("welcome_caption"))
        left, right = st.columns(2)
        for index, key in enumerate(EXAMPLES):
            column = left if index % 2 == 0 else right
            column.button(t(key), key=f"example_{index + 1}", on_click=_choose, args=(t(key),), width="stretch",
                          wrap=True)


def draw_missing_notice() -> None:
    """A link named a chat that is not saved: say so, and offer a new chat."""
    st.warning(t("missing_session") + "  \n" + t("missing_hint"), icon="🔍")
    st.button(t("start_new_chat"), key="start_new_chat", type="primary", on_click=start_new_chat)


def draw_chat_head(sessions: list[SessionInfo], session_id: str, empty: bool):
    """Above the messages: a saved chat's title; an empty chat's welcome, or the notice of a chat not found.
    Returns the placeholder to clear as the first message is sent."""
    saved = next((s for s in sessions if s.session_id == session_id), None)
    if saved is not None:
        st.markdown(f"#### {as_plain_text(shown_title(saved))}")
    placeholder = st.empty()
    if saved is None and empty:
        with placeholder.container():
            if missing_session():
                draw_missing_notice()
            else:
                draw_welcome()
    return placeholder
