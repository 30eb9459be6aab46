"""Every page language has every text, with the same placeholders, so no page shows a key or a hole."""

import string

import pytest

from state.texts import LANGUAGES, TEXT, localized

pytestmark = pytest.mark.unit

SECTIONS = ("UI", "LAYOUT", "ENGINE", "ACTION", "SIGNIN")


def placeholders(text: str) -> set[str]:
    """The names a template is filled with."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_page_speaks_korean_english_and_chinese():
    assert set(LANGUAGES) == {"ko", "en", "zh"}


@pytest.mark.parametrize("language", ["ko", "zh"])
@pytest.mark.parametrize("section", SECTIONS)
def test_each_language_has_exactly_the_english_keys(language, section):
    assert set(getattr(LANGUAGES[language], section)) == set(getattr(LANGUAGES["en"], section))


@pytest.mark.parametrize("language", ["ko", "zh"])
def test_each_text_takes_the_same_placeholders_as_the_english_one(language):
    for key, english in TEXT["en"].items():
        if isinstance(english, dict):
            assert set(TEXT[language][key]) == set(english)  # type: ignore[arg-type]
            continue
        assert placeholders(str(TEXT[language][key])) == placeholders(str(english)), key


def test_no_chinese_text_is_empty_or_left_in_another_language():
    for key, text in TEXT["zh"].items():
        texts = text.values() if isinstance(text, dict) else [text]
        assert all(str(value).strip() for value in texts), key
        assert not any("\uac00" <= char <= "\ud7a3" for value in texts for char in str(value)), key


def test_a_chinese_text_is_filled_like_any_other():
    assert localized("zh", "summarized", spans="1-3") == "已总结第 1-3 轮"


def test_the_english_default_system_prompt_is_the_one_the_model_reads():
    from prompt.system import BASE_SYSTEM_PROMPT

    assert localized("en", "system_prompt_default") == BASE_SYSTEM_PROMPT
