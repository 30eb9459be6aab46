"""The interface's language: the browser's the first time, then the person's choice, kept in the page address
(`?lang=`) so a reload or a bookmark keeps it; the texts themselves are in state/texts.py."""

import streamlit as st

from state.texts import TEXT

LANGUAGE_KEY = "language"
LANGUAGE_PARAM = "lang"
LANGUAGES = {"ko": "한국어", "en": "English", "zh": "简体中文"}
DEFAULT_LANGUAGE = "ko"  # when the browser says nothing


def language_of_locale(locale: str | None) -> str:
    """The page language for a browser locale: Korean for `ko…`, Chinese for `zh…`, English for any other; the
    default when the browser does not say."""
    if not locale:
        return DEFAULT_LANGUAGE
    code = locale.lower().replace("_", "-").split("-")[0]
    return code if code in ("ko", "zh") else "en"


def browser_language() -> str:
    """The language of the browser's locale."""
    return language_of_locale(st.context.locale)


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


def speaker_label(kind: str) -> str:
    """Who a message of the request is from (LangChain's message type), in the current language."""
    speakers: dict[str, str] = TEXT[language()]["speakers"]  # type: ignore[assignment]
    return speakers.get(kind, kind)
