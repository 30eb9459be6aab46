"""Make typed or pasted text safe to store and send: no control characters, valid Unicode, not blank."""

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zs", "Zl", "Zp"}  # controls, format characters (U+200B, U+FEFF, U+202E), spaces
# characters of other categories that draw nothing: Hangul fillers, the blank Braille pattern, the grapheme
# joiner and the variation selectors
BLANK_GLYPHS = set("\u034f\u115f\u1160\u2800\u3164\uffa0") | {chr(code) for code in range(0xFE00, 0xFE10)}


def shows_nothing(text: str) -> bool:
    """Whether the text is only whitespace and characters that draw nothing, so nobody can have meant to send it."""
    return all(char.isspace() or char in BLANK_GLYPHS or unicodedata.category(char) in INVISIBLE_CATEGORIES
               for char in text)


def clean_user_text(text: str) -> str:
    """Text without control characters (tabs and newlines stay) and with lone surrogates replaced; empty when
    nothing visible is left (invisible characters inside real text, as in emoji sequences, stay)."""
    valid = _LONE_SURROGATE.sub("\ufffd", text)
    cleaned = unicodedata.normalize("NFC", _CONTROL.sub("", valid.replace("\r\n", "\n"))).strip()
    return "" if shows_nothing(cleaned) else cleaned
