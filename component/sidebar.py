"""The sidebar as chat apps lay it out: new chat, search and the chats on top; the memory controls under one
heading; documents and the prompts below; the language and the model at the foot."""

from dataclasses import dataclass
from typing import Any

import streamlit as st

from component.details import draw_details_switch
from component.documents_panel import draw_documents
from component.i18n import LANGUAGE_KEY, LANGUAGES, keep_language, t
from component.memory_controls import draw_memory_controls
from component.model_choice import draw_model_choice
from component.model_download import draw_model_downloads
from component.search import draw_search
from component.sessions import draw_session_list, start_new_chat
from component.signin import draw_account
from graph.engine import Engine, Session, SessionInfo, SessionSettings
from state.texts import localized

PROMPT_KEY = "system_prompt_text"
AGENT_KEY = "agent_prompt_text"
REMINDER_KEY = "reminder_text"
HIDE_TOOLS_KEY = "hide_old_tool_results_choice"


@dataclass(frozen=True)
class SidebarChoice:
    """What the person set in the sidebar on this run."""

    compression_rate: float


def default_prompts() -> set[str]:
    """The app's own system prompt in every page language."""
    return {localized(language, "system_prompt_default") for language in LANGUAGES}


def shown_default_prompt(engine_default: str) -> str:
    """The system prompt a chat without its own is answered with, as the person reads it: the app's own in the
    page's language (the model reads it in English, and answers in the person's language either way); one the
    engine was given instead, as given."""
    return t("system_prompt_default") if engine_default == localized("en", "system_prompt_default") \
        else engine_default


def draw_prompts(engine: Engine, session: Session) -> None:
    """The system prompt and seed 004's modifiers (agent prompt, reminder, old tool results), saved per chat."""
    stored = session.settings()
    default_prompt = shown_default_prompt(engine.default_system_prompt)
    for key, value in ((PROMPT_KEY, stored.system_prompt or default_prompt), (AGENT_KEY, stored.agent_prompt),
                       (REMINDER_KEY, stored.reminder), (HIDE_TOOLS_KEY, stored.hide_old_tool_results)):
        st.session_state.setdefault(key, value)  # the open chat's own, also in the browser after a switch
    if st.session_state[PROMPT_KEY] in default_prompts():  # the app's own follows the page's language
        st.session_state[PROMPT_KEY] = default_prompt
    with st.expander(t("advanced")):
        text = st.text_area(t("system_prompt"), height=160, key=PROMPT_KEY, help=t("system_prompt_help"))
        if st.button(t("save"), key="save_prompt"):
            prompt = "" if text.strip() in {engine.default_system_prompt, *default_prompts()} else text.strip()
            _save(session, stored, system_prompt=prompt)
        st.divider()
        st.caption(t("modifiers"))
        agent = st.text_area(t("agent_prompt"), height=100, key=AGENT_KEY, help=t("agent_prompt_help"))
        reminder = st.text_input(t("reminder"), key=REMINDER_KEY, help=t("reminder_help"))
        hide = st.checkbox(t("hide_tools"), key=HIDE_TOOLS_KEY)
        if st.button(t("save"), key="save_modifiers"):
            _save(session, None, agent_prompt=agent.strip(), reminder=reminder.strip(), hide_old_tool_results=hide)


def _save(session: Session, stored: SessionSettings | None, **changes: Any) -> None:
    """Save settings, or say in place why they cannot be (a prompt over its share of the budget): nothing typed
    is lost, the text stays in its box."""
    try:
        session.save_settings(stored, **changes)
    except ValueError as error:
        st.error(str(error), icon="⚠️")
        return
    st.toast(t("saved"), icon="✅")


def draw_sidebar(engine: Engine, session: Session, sessions: list[SessionInfo]) -> SidebarChoice:
    """Draw the sidebar and return the settings for this turn."""
    with st.sidebar:
        st.markdown(f"### {t('app_title')}")
        st.button(t("new_chat"), key="new_chat", on_click=start_new_chat, width="stretch")
        draw_search(engine)
        draw_session_list(engine, sessions, session.id)
        st.divider()
        rate = draw_memory_controls(engine, session)
        draw_documents(session)
        draw_prompts(engine, session)
        st.divider()
        st.segmented_control("Language", list(LANGUAGES), format_func=lambda code: LANGUAGES[code], key=LANGUAGE_KEY,
                             on_change=keep_language, label_visibility="collapsed")
        draw_model_choice(engine, session)
        draw_model_downloads(engine)
        draw_details_switch()
        draw_account()
    return SidebarChoice(compression_rate=rate)
