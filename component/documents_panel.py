"""Documents of a session: upload txt, md and pdf with progress, see how each is used, remove."""

import streamlit as st

from component.i18n import t
from graph.engine import DOCUMENT_TYPES, DocumentInfo, DocumentRefused, Session


def add_uploads(session: Session, files) -> tuple[list[DocumentInfo], list[tuple[str, str]]]:
    """Read, count and store each uploaded file, showing progress; refused files say why. Returns the documents
    added and each refused file's name and reason."""
    added: list[DocumentInfo] = []
    refused: list[tuple[str, str]] = []
    with st.status(t("doc_adding"), expanded=True) as status:
        bar = st.progress(0.0)
        for index, upload in enumerate(files, start=1):
            try:
                info = session.add_document(upload.name, upload.getvalue())
                st.write(t("doc_added", title=info.title, tokens=info.tokens, mode=t(f"doc_{info.mode}")))
                added.append(info)
            except DocumentRefused as refusal:
                st.error(str(refusal))
                refused.append((upload.name, str(refusal)))
            bar.progress(index / len(files))
        status.update(label=t("doc_done"), state="complete", expanded=False)
    return added, refused


def draw_documents(session: Session) -> None:
    """The upload box and the session's documents."""
    with st.expander(t("documents")):
        key = f"uploads_{session.id}_{st.session_state.get('upload_round', 0)}"
        files = st.file_uploader(t("doc_upload"), type=list(DOCUMENT_TYPES), accept_multiple_files=True, key=key)
        if files:
            add_uploads(session, files)
            st.session_state["upload_round"] = st.session_state.get("upload_round", 0) + 1
        for info in session.documents():
            left, right = st.columns([5, 1])
            left.caption(f"{info.title} · {info.tokens:,} {t('tokens').lower()} · {t(f'doc_{info.mode}')}")
            right.button("✕", key=f"remove_doc_{info.id}", on_click=session.remove_document, args=(info.id,))
