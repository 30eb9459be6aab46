"""The interface's language: the browser's the first time, then the person's choice, kept in the page address
(`?lang=`) so a reload or a bookmark keeps it; the texts themselves are in state/texts.py."""

import streamlit as st

from state.texts import TEXT

LANGUAGE_KEY = "language"
LANGUAGE_PARAM = "lang"
LANGUAGES = {"ko": "한국어", "en": "English"}
DEFAULT_LANGUAGE = "ko"  # when the browser says nothing


def browser_language() -> str:
    """Korean for a Korean browser, English for any other; the default when the browser does not say."""
    locale = st.context.locale
    if not locale:
        return DEFAULT_LANGUAGE
    return "ko" if locale.lower().startswith("ko") else "en"


def language() -> str:
    """The language in use: chosen in this tab, else kept in the address, else the browser's."""
    chosen = st.session_state.get(LANGUAGE_KEY)
    if chosen in LANGUAGES:
        return chosen
    kept = st.query_params.get(LANGUAGE_PARAM)
    return kept if kept in LANGUAGES else browser_language()


def keep_language() -> None:
    """Fix the language for this tab and keep it in the address, so a reload opens in it."""
    st.session_state[LANGUAGE_KEY] = language()
    st.query_params[LANGUAGE_PARAM] = st.session_state[LANGUAGE_KEY]


def t(key: str, **values: object) -> str:
    """The text for `key` in the current language, filled with `values`."""
    text = str(TEXT[language()][key])
    return text.format(**values) if values else text


def t_count(key: str, count: int, **values: object) -> str:
    """The text for `key` agreeing with `count`: `key_one` for one, `key_other` for any other number."""
    return t(f"{key}_one" if count == 1 else f"{key}_other", count=count, **values)


def part_label(part: str) -> str:
    """Name of a context part in the current language."""
    parts: dict[str, str] = TEXT[language()]["parts"]  # type: ignore[assignment]
    return parts[part]
