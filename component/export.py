"""Export of the open session as Markdown or JSON, from the chat column; the engine writes the files."""

import re
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from component.i18n import language, t
from component.time_zone import local_now
from graph.engine import SessionInfo, session_json, session_markdown


def title_of(sessions: Sequence[SessionInfo], session_id: str) -> str:
    """The session's title in the list (empty for a session not saved yet)."""
    return next((info.title for info in sessions if info.session_id == session_id), "")


def file_stem(title: str, session_id: str) -> str:
    """A file name from the session's title (letters of any script, digits, dashes), else its id."""
    stem = re.sub(r"[^\w-]+", "-", title, flags=re.UNICODE).strip("-_")[:60]
    return stem or f"chat-{session_id}"


def draw_export(session_id: str, title: str, values: Mapping[str, Any]) -> None:
    """Two download buttons in a small menu; the files are written only when one is clicked."""
    if not values.get("messages"):
        return
    stem, chosen, now = file_stem(title, session_id), language(), local_now()
    with st.popover(t("export"), type="tertiary"):
        st.download_button(t("export_markdown"), data=lambda: session_markdown(title, values, chosen, now),
                           file_name=f"{stem}.md", mime="text/markdown", key="export_markdown",
                           on_click="ignore", icon="📝")
        st.download_button(t("export_json"), data=lambda: session_json(session_id, title, values),
                           file_name=f"{stem}.json", mime="application/json", key="export_json",
                           on_click="ignore", icon="🧾")
