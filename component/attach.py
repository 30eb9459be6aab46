"""Files attached in the chat input belong to the message they came with: each shows as a chip on the person's
bubble at once, is read there with its progress, and says in place that it was added (as a document of the
session) or why it was refused; the chips stay on the message after a reload."""

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

import streamlit as st

from component.chat import keep_notice
from component.documents_panel import add_uploads
from component.i18n import t
from graph.engine import DOCUMENT_TYPES, Session


class AttachedFile(TypedDict):
    """What a message keeps of a file sent with it: its name, and its size in tokens or why it was refused."""

    name: str
    tokens: NotRequired[int]
    refused: NotRequired[str]


def split_submission(submitted: Any) -> tuple[str | None, list[Any]]:
    """The text and the files of what the chat input returned (a plain string when no file can be attached)."""
    if submitted is None or isinstance(submitted, str):
        return submitted, []
    return submitted.text, list(submitted.files)


def chat_input_submission() -> tuple[str | None, list[Any]]:
    """The chat input, files allowed: the text typed (None when nothing was sent) and the files attached."""
    return split_submission(st.chat_input(t("input"), accept_file="multiple", file_type=list(DOCUMENT_TYPES)))


def draw_attachment(item: Mapping[str, Any]) -> None:
    """One file as a chip: added with its size, refused in red with the reason under it."""
    if item.get("refused"):
        st.badge(f"{item['name']} · {t('attach_refused')}", icon=":material/block:", color="red")
        st.caption(str(item["refused"]))
    else:
        st.badge(f"{item['name']} · {int(item.get('tokens', 0)):,} {t('tokens').lower()}",
                 icon=":material/attach_file:", color="blue")


def draw_attachments(attachments: Sequence[Mapping[str, Any]]) -> None:
    """A message's files as chips."""
    for item in attachments:
        draw_attachment(item)


def attach_in_bubble(session: Session, files: list[Any]) -> list[AttachedFile]:
    """Read the files inside the person's bubble (each chip says it is being read, then what became of it),
    store the readable ones as documents, and return what the message keeps of each."""
    places = [st.empty() for _ in files]
    for place, upload in zip(places, files, strict=True):
        place.badge(f"{upload.name} · {t('attach_reading')}", icon=":material/hourglass_top:", color="gray")
    added, refused = add_uploads(session, files)
    kept: list[AttachedFile] = [{"name": info.title, "tokens": info.tokens} for info in added]
    kept += [{"name": name, "refused": reason} for name, reason in refused]
    by_name = {item["name"]: item for item in kept}
    for place, upload in zip(places, files, strict=True):
        if upload.name in by_name:
            with place.container():
                draw_attachment(by_name[upload.name])
    return kept


def attach_without_text(session: Session, files: list[Any]) -> None:
    """Files sent with no text: added as documents, and the page reruns saying so (there is no message to carry
    them)."""
    added, refused = add_uploads(session, files)
    for info in added:
        keep_notice("success", t("attach_added", title=info.title, tokens=info.tokens))
    for name, reason in refused:
        keep_notice("error", f"{name}: {reason}")
    keep_notice("info", t("attach_only"))
    st.rerun()
