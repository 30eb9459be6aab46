"""The sidebar: which model answers, language, compression rate, context policy, prompt, sessions."""

from dataclasses import dataclass

import streamlit as st

from component.documents_panel import draw_documents
from component.i18n import LANGUAGE_KEY, LANGUAGES, keep_language, t
from component.sessions import draw_search, draw_sessions
from graph.engine import Engine, ModelProfile, Session, SessionInfo, SessionSettings
from state.budgets import CONTEXT_BUDGET_STEP, MIN_CONTEXT_BUDGET
from state.rates import COMPRESSION_RATE_STEP, MAX_COMPRESSION_RATE, MIN_COMPRESSION_RATE, clamp_rate

RATE_KEY = "compression_rate"
PROMPT_KEY = "system_prompt_text"
POLICY_KEY = "context_policy_choice"
AGENT_KEY = "agent_prompt_text"
REMINDER_KEY = "reminder_text"
HIDE_TOOLS_KEY = "hide_old_tool_results_choice"
RECALL_KEY = "recall_choice"
BUDGET_KEY = "context_budget_choice"
TURNS_A_DAY = 100  # the day the cost line speaks of


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
    rate = st.slider(t("rate_label"), min_value=MIN_COMPRESSION_RATE, max_value=MAX_COMPRESSION_RATE,
                     step=COMPRESSION_RATE_STEP, key=RATE_KEY, help=t("rate_help"), on_change=on_change)
    st.caption(t("rate_scale"))
    return rate


def draw_budget(session: Session, stored: SessionSettings, limit: int) -> SessionSettings:
    """The context budget: the most tokens a turn sends the model, and what that costs over a day."""
    budget = st.number_input(t("budget_label"), min_value=MIN_CONTEXT_BUDGET, max_value=max(limit, MIN_CONTEXT_BUDGET),
                             value=min(stored.context_budget, max(limit, MIN_CONTEXT_BUDGET)),
                             step=CONTEXT_BUDGET_STEP, key=BUDGET_KEY, help=t("budget_help"))
    if budget != stored.context_budget:
        stored = session.save_settings(stored, context_budget=int(budget))
    sent = min(stored.context_budget, limit)
    st.caption(t("budget_cost", tokens=f"{sent:,}", turns=TURNS_A_DAY,
                 total=f"{sent * TURNS_A_DAY / 1_000_000:.1f}"))
    return stored


def draw_policy_and_prompt(engine: Engine, session: Session, stored: SessionSettings) -> SessionSettings:
    """The context policy and the editable system prompt, both saved per session."""
    names = list(engine.policies)
    current = stored.context_policy if stored.context_policy in engine.policies else names[0]
    policy = st.selectbox(t("policy"), names, index=names.index(current),
                          format_func=lambda name: engine.policies[name], key=POLICY_KEY)
    if policy != stored.context_policy:
        stored = session.save_settings(stored, context_policy=policy)
    default_prompt = engine.default_system_prompt
    with st.expander(t("system_prompt")):
        text = st.text_area(t("system_prompt"), value=stored.system_prompt or default_prompt, height=160,
                            key=PROMPT_KEY, help=t("system_prompt_help"), label_visibility="collapsed")
        if st.button(t("save"), key="save_prompt"):
            prompt = "" if text.strip() == default_prompt else text.strip()
            stored = session.save_settings(stored, system_prompt=prompt)
            st.toast(t("saved"), icon="✅")
    return draw_modifiers(session, stored)


def draw_modifiers(session: Session, stored: SessionSettings) -> SessionSettings:
    """Seed 004's modifiers: a custom agent prompt, a reminder, and placeholders for old tool results."""
    with st.expander(t("modifiers")):
        agent = st.text_area(t("agent_prompt"), value=stored.agent_prompt, height=100, key=AGENT_KEY,
                             help=t("agent_prompt_help"))
        reminder = st.text_input(t("reminder"), value=stored.reminder, key=REMINDER_KEY, help=t("reminder_help"))
        hide = st.checkbox(t("hide_tools"), value=stored.hide_old_tool_results, key=HIDE_TOOLS_KEY)
        recall = st.toggle(t("recall_toggle"), value=stored.recall, key=RECALL_KEY, help=t("recall_help"))
        if recall != stored.recall:
            stored = session.save_settings(stored, recall=recall)
        if st.button(t("save"), key="save_modifiers"):
            stored = session.save_settings(stored, agent_prompt=agent.strip(), reminder=reminder.strip(),
                                           hide_old_tool_results=hide)
            st.toast(t("saved"), icon="✅")
    return stored


def draw_sidebar(engine: Engine, session: Session, sessions: list[SessionInfo]) -> SidebarChoice:
    """Draw the sidebar and return the settings for this turn."""
    stored = session.settings()

    def rate_changed() -> None:  # the session keeps its rate, and the next summary is re-made ahead of time
        session.save_settings(compression_rate=st.session_state[RATE_KEY])
        session.prepare(st.session_state[RATE_KEY])

    with st.sidebar:
        st.segmented_control("Language", list(LANGUAGES), format_func=lambda code: LANGUAGES[code], key=LANGUAGE_KEY,
                             on_change=keep_language, label_visibility="collapsed")
        draw_model_status(engine.profile)
        st.divider()
        st.markdown(f"### {t('advanced')}")
        rate = draw_rate(stored.compression_rate, rate_changed)
        stored = draw_budget(session, stored, engine.request_limit)
        settings = draw_policy_and_prompt(engine, session, stored)
        draw_documents(session)
        st.divider()
        draw_search(engine)
        draw_sessions(engine, sessions, session.id)
    return SidebarChoice(compression_rate=rate, settings=settings)
