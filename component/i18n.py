"""The interface's language, switchable in the sidebar; the texts themselves are in state/texts.py."""

import streamlit as st

from state.texts import TEXT

LANGUAGE_KEY = "language"
LANGUAGES = {"ko": "한국어", "en": "English"}

def language() -> str:
    """The language chosen in this browser session (Korean by default)."""
    return st.session_state.get(LANGUAGE_KEY) or "ko"


def t(key: str, **values: object) -> str:
    """The text for `key` in the current language, filled with `values`."""
    text = str(TEXT[language()][key])
    return text.format(**values) if values else text


def part_label(part: str) -> str:
    """Name of a context part in the current language."""
    parts: dict[str, str] = TEXT[language()]["parts"]  # type: ignore[assignment]
    return parts[part]
