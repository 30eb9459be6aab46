"""A turn running while the page was loaded (a reload mid-reply): its question and the reply streamed so far shown
at once and followed as it streams, the page drawn again when the turn has saved itself."""

import html

import streamlit as st

from component.chat import draw_user_text
from component.i18n import t
from graph.engine import LiveTurn, Session

POLL_SECONDS = 1.0


def draw_live_turn(session: Session, live: LiveTurn | None) -> bool:
    """Follow the turn this session was running when the page read it (`live`, read before the session's state),
    as it streams; whether there was one. A turn that has saved itself since then draws the whole page again."""
    if live is None:
        return False
    _follow(session)
    return True


def _draw(live: LiveTurn) -> None:
    """The question (unless the transcript holds it) and the reply so far, marked as still being written."""
    if live.question:
        with st.chat_message("user"):
            draw_user_text(live.question)
    with st.chat_message("assistant"):
        if live.streamed:
            st.markdown(live.streamed)
        st.html(f'<div class="typing" role="status" aria-label="{html.escape(t("typing"))}">'
                "<span></span><span></span><span></span></div>")
        st.caption(t("live_turn"))


@st.fragment(run_every=POLL_SECONDS)
def _follow(session: Session) -> None:
    """The running turn drawn again every second; once it has ended, the whole page from what it saved."""
    live = session.live_turn()
    if live is None:
        st.rerun(scope="app")
    else:
        _draw(live)
