"""The sidebar: which model answers, the compression rate, and the sessions."""

import uuid
from dataclasses import dataclass

import streamlit as st

from graph.models import ModelProfile
from graph.persistence import SessionInfo

RATE_KEY = "compression_rate"
SESSION_KEY = "session_id"


@dataclass(frozen=True)
class SidebarChoice:
    """What the person set in the sidebar on this run."""

    compression_rate: float


def new_session_id() -> str:
    """A fresh, unguessable session id."""
    return uuid.uuid4().hex[:16]


def current_session_id(sessions: list[SessionInfo]) -> str:
    """The session in the URL, else the one in use, else the most recent, else a new one."""
    if SESSION_KEY not in st.session_state:
        from_url = st.query_params.get("session")
        st.session_state[SESSION_KEY] = from_url or (sessions[0].session_id if sessions else new_session_id())
    st.query_params["session"] = st.session_state[SESSION_KEY]
    return st.session_state[SESSION_KEY]


def _switch_to(session_id: str) -> None:
    st.session_state[SESSION_KEY] = session_id
    st.session_state.pop(RATE_KEY, None)


def draw_model_status(profile: ModelProfile) -> None:
    """Which model answers and what it can do."""
    st.markdown(f"**모델 / Model:** {profile.label}")
    abilities = [
        f"streaming {'on' if profile.streaming else 'off'}",
        f"tools {'on' if profile.tools else 'off'}",
        f"window {profile.context_window:,} tokens",
    ]
    st.caption(" · ".join(abilities))


def draw_sessions(sessions: list[SessionInfo], current: str) -> None:
    """New chat, and the list of saved sessions to switch to."""
    st.button("➕ 새 대화 / New chat", on_click=_switch_to, args=(new_session_id(),), use_container_width=True)
    labels = {s.session_id: f"{s.title} · {s.turns}턴" for s in sessions}
    if current not in labels:
        labels = {current: "새 대화 / New chat", **labels}
    choice = st.selectbox("대화 / Sessions", list(labels), index=list(labels).index(current), format_func=labels.get)
    if choice != current:
        _switch_to(choice)
        st.rerun()


def draw_sidebar(profile: ModelProfile, sessions: list[SessionInfo], current: str, saved_rate: float) -> SidebarChoice:
    """Draw the sidebar and return the settings for this turn."""
    with st.sidebar:
        draw_model_status(profile)
        st.divider()
        st.markdown("### ⚙️ 고급 설정")
        st.session_state.setdefault(RATE_KEY, saved_rate)
        compression_rate = st.slider(
            "요약 압축률",
            min_value=0.1,
            max_value=0.5,
            step=0.05,
            key=RATE_KEY,
            help="낮을수록 짧게 요약, 높을수록 상세하게 요약",
        )
        st.caption("0.1 (짧게) · 0.3 (균형) · 0.5 (상세) — 다음 요약부터 적용 / applies from the next summary")
        st.divider()
        draw_sessions(sessions, current)
    return SidebarChoice(compression_rate=compression_rate)
