"""The sidebar: which model answers, language, compression rate, context policy, prompt, sessions."""

from dataclasses import dataclass, replace

import streamlit as st
from langgraph.checkpoint.sqlite import SqliteSaver

from component.i18n import LANGUAGE_KEY, LANGUAGES, t
from component.documents_panel import draw_documents
from component.sessions import draw_sessions
from graph.engine import Engine
from graph.models import ModelProfile
from graph.nodes.summary import clamp_rate
from graph.persistence import SessionInfo, SessionSettings, load_session_settings, save_session_settings
from graph.policies import POLICIES, policy_or_default
from prompt.system import BASE_SYSTEM_PROMPT

RATE_KEY = "compression_rate"
PROMPT_KEY = "system_prompt_text"
POLICY_KEY = "context_policy_choice"
AGENT_KEY = "agent_prompt_text"
REMINDER_KEY = "reminder_text"
HIDE_TOOLS_KEY = "hide_old_tool_results_choice"


@dataclass(frozen=True)
class SidebarChoice:
    """What the person set in the sidebar on this run."""

    compression_rate: float
    settings: SessionSettings


def draw_model_status(profile: ModelProfile) -> None:
    """Which model answers and what it can do."""
    st.markdown(f"**{t('model')}:** {profile.label}")
    on_off = {True: "on", False: "off"}
    st.caption(
        f"streaming {on_off[profile.streaming]} · tools {on_off[profile.tools]} · "
        f"window {profile.context_window:,} tokens"
    )


def draw_rate(saved_rate: float, on_change) -> float:
    """Seed 000's compression-rate slider, starting from the session's last rate."""
    st.session_state[RATE_KEY] = clamp_rate(st.session_state.get(RATE_KEY, saved_rate))
    rate = st.slider(t("rate_label"), min_value=0.1, max_value=0.5, step=0.05, key=RATE_KEY, help=t("rate_help"),
                     on_change=on_change)
    st.caption(t("rate_scale"))
    return rate


def draw_policy_and_prompt(saver: SqliteSaver, session_id: str) -> SessionSettings:
    """The context policy and the editable system prompt, both saved per session."""
    stored = load_session_settings(saver, session_id)
    names = list(POLICIES)
    policy = st.selectbox(t("policy"), names, index=names.index(policy_or_default(stored.context_policy)),
                          format_func=POLICIES.get, key=POLICY_KEY)
    if policy != stored.context_policy:
        stored = replace(stored, context_policy=policy)
        save_session_settings(saver, session_id, stored)
    with st.expander(t("system_prompt")):
        text = st.text_area(t("system_prompt"), value=stored.system_prompt or BASE_SYSTEM_PROMPT, height=160,
                            key=PROMPT_KEY, help=t("system_prompt_help"), label_visibility="collapsed")
        if st.button(t("save"), key="save_prompt"):
            prompt = "" if text.strip() == BASE_SYSTEM_PROMPT else text.strip()
            stored = replace(stored, system_prompt=prompt)
            save_session_settings(saver, session_id, stored)
            st.toast(t("saved"), icon="✅")
    return draw_modifiers(saver, session_id, stored)


def draw_modifiers(saver: SqliteSaver, session_id: str, stored: SessionSettings) -> SessionSettings:
    """Seed 004's modifiers: a custom agent prompt, a reminder, and placeholders for old tool results."""
    with st.expander(t("modifiers")):
        agent = st.text_area(t("agent_prompt"), value=stored.agent_prompt, height=100, key=AGENT_KEY,
                             help=t("agent_prompt_help"))
        reminder = st.text_input(t("reminder"), value=stored.reminder, key=REMINDER_KEY, help=t("reminder_help"))
        hide = st.checkbox(t("hide_tools"), value=stored.hide_old_tool_results, key=HIDE_TOOLS_KEY)
        if st.button(t("save"), key="save_modifiers"):
            stored = replace(stored, agent_prompt=agent.strip(), reminder=reminder.strip(),
                             hide_old_tool_results=hide)
            save_session_settings(saver, session_id, stored)
            st.toast(t("saved"), icon="✅")
    return stored


def draw_sidebar(engine: Engine, sessions: list[SessionInfo], current: str, saved_rate: float) -> SidebarChoice:
    """Draw the sidebar and return the settings for this turn."""
    saver, profile = engine.saver, engine.models.profile

    def rate_changed() -> None:  # a new rate re-makes the next summary ahead of time
        engine.after_turn(current, st.session_state[RATE_KEY])

    with st.sidebar:
        st.segmented_control("Language", list(LANGUAGES), format_func=LANGUAGES.get, key=LANGUAGE_KEY,
                             default="ko", label_visibility="collapsed")
        draw_model_status(profile)
        st.divider()
        st.markdown(f"### {t('advanced')}")
        rate = draw_rate(saved_rate, rate_changed)
        settings = draw_policy_and_prompt(saver, current)
        if engine.documents is not None:
            draw_documents(engine.documents, current)
        st.divider()
        draw_sessions(saver, sessions, current)
    return SidebarChoice(compression_rate=rate, settings=settings)
