"""Files attached in the chat input become documents of the session, by the documents panel's own path; the text
typed with them is the message."""

from typing import Any

from component.documents_panel import add_uploads
from component.i18n import t
from component.notices import keep_notice
from graph.engine import Session


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
