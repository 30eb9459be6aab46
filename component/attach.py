"""Files attached in the chat input become documents of the session, by the documents panel's own path; the text
typed with them is the message."""

from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from component.documents_panel import add_uploads
from component.i18n import t
from component.notices import keep_notice
from graph.engine import DOCUMENT_TYPES, Session


def split_submission(submitted: Any) -> tuple[str | None, list[Any]]:
    """The text and the files of what the chat input returned (a plain string when no file can be attached)."""
    if submitted is None or isinstance(submitted, str):
        return submitted, []
    return submitted.text, list(submitted.files)


def attach_files(session: Session, files: list[Any]) -> int:
    """Add each file as a document of the session, saying what became of it after the page reruns; returns how
    many were added."""
    added, refused = add_uploads(session, files)
    for info in added:
        keep_notice("success", t("attach_added", title=info.title, tokens=info.tokens))
    for refusal in refused:
        keep_notice("error", refusal)
    return len(added)


def chat_input_text(session: Session, place: DeltaGenerator) -> str | None:
    """The chat input, files allowed: attached files become documents (their progress drawn in `place`); returns
    the text typed (None when nothing was sent; files alone rerun the page, saying they were added)."""
    submitted = st.chat_input(t("input"), accept_file="multiple", file_type=list(DOCUMENT_TYPES))
    typed, files = split_submission(submitted)
    if files:
        with place:
            attach_files(session, files)
        if not (typed or "").strip():
            keep_notice("info", t("attach_only"))
            st.rerun()
    return typed
