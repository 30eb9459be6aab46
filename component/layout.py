"""The page frame's style: the summary pane stays in view while the chat scrolls, and chats list as rows."""

import streamlit as st

SIDE_PANE_KEY = "side_pane"
PAGE_STYLE = """<style>
.st-key-side_pane {
  position: sticky; top: 3.75rem; align-self: flex-start;
  max-height: calc(100vh - 4.5rem); overflow-y: auto; overscroll-behavior: contain; padding-right: 0.25rem;
}
[data-testid="stColumn"]:has(> [data-testid="stVerticalBlock"] > .st-key-side_pane) { align-self: stretch; }
.st-key-session_list button { justify-content: flex-start; text-align: left; }
.st-key-session_list button p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.st-key-welcome { padding-top: 12vh; }
</style>"""


def draw_page_style() -> None:
    """The page's few style rules, drawn once per run."""
    st.html(PAGE_STYLE)


def side_pane():
    """The pane beside the chat (summaries, the inspector) that stays in view while the chat scrolls."""
    return st.container(key=SIDE_PANE_KEY)
