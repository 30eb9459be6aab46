"""Messages for the next page render: what happened in a click or a turn stays visible after the page reruns."""

from typing import Literal

import streamlit as st

NOTICES_KEY = "notices"
Kind = Literal["success", "info", "warning", "error"]
ICONS = {"success": "✅", "info": "ℹ️", "warning": "✋", "error": "🚫"}


def keep_notice(kind: Kind, text: str) -> None:
    """Show `text` once, on the next render of the chat."""
    st.session_state.setdefault(NOTICES_KEY, []).append((kind, text))


def draw_notices() -> None:
    """The notices kept since the last render, each shown once."""
    for kind, text in st.session_state.pop(NOTICES_KEY, []):
        getattr(st, kind)(text, icon=ICONS[kind])
