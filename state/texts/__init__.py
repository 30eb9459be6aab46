"""Every text a person reads, per language (`ko.py`, `en.py`, `zh.py`): the interface's, and the engine's refusals and
error explanations. One place, so a translation is never split across the code."""

from state.texts import en, ko, zh

LANGUAGES = {"ko": ko, "en": en, "zh": zh}
UI_TEXT = {lang: module.UI for lang, module in LANGUAGES.items()}
LAYOUT_TEXT = {lang: module.LAYOUT for lang, module in LANGUAGES.items()}
ENGINE_TEXT = {lang: module.ENGINE for lang, module in LANGUAGES.items()}
ACTION_TEXT = {lang: module.ACTION for lang, module in LANGUAGES.items()}
SIGNIN_TEXT = {lang: module.SIGNIN for lang, module in LANGUAGES.items()}

TEXT: dict[str, dict[str, object]] = {lang: {**module.UI, **module.LAYOUT, **module.ENGINE, **module.ACTION,
                                             **module.SIGNIN}
                                      for lang, module in LANGUAGES.items()}


def has_text(key: str) -> bool:
    """Whether there is a text for `key` (in English, which has every key)."""
    return key in TEXT["en"]


def localized(language: str, key: str, **values: object) -> str:
    """The text for `key` in `language` (English when the language is unknown), filled with `values`."""
    template = str(TEXT.get(language, TEXT["en"])[key])
    return template.format(**values) if values else template
