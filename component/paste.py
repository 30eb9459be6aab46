"""A very long paste is offered as a session document, so it is never lost to a summary."""

import streamlit as st

from component.i18n import t
from graph.engine import DocumentRefused, Session

PASTE_KEY = "pending_paste"
LONG_PASTE_CHARS = 12_000  # about 3,000 tokens: more than a summary can keep


def offer_as_document(text: str) -> bool:
    """Hold back a very long message and ask what to do with it; True when it was held back."""
    if len(text) <= LONG_PASTE_CHARS or st.session_state.pop("paste_confirmed", False):
        return False
    st.session_state[PASTE_KEY] = text
    return True


def draw_paste_offer(session: Session) -> str | None:
    """The choice for a held-back paste: add it as a document, or send it as it is (returned to send)."""
    text = st.session_state.get(PASTE_KEY)
    if not text:
        return None
    st.warning(t("paste_offer", chars=len(text)), icon="📎")
    left, right = st.columns(2)
    if left.button(t("paste_as_document"), key="paste_document", type="primary"):
        st.session_state.pop(PASTE_KEY)
        title = f"pasted-{len(session.documents()) + 1}.md"
        try:
            session.add_document(title, text.encode("utf-8"))
            st.toast(t("paste_added", title=title), icon="📎")
        except DocumentRefused as refusal:
            st.error(str(refusal))
        return None
    if right.button(t("paste_as_message"), key="paste_message"):
        st.session_state.pop(PASTE_KEY)
        st.session_state["paste_confirmed"] = True
        return str(text)
    return None
