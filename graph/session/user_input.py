"""Make typed or pasted text safe to store and send: no control characters, valid Unicode."""

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_user_text(text: str) -> str:
    """Text without control characters (tabs and newlines stay) and with lone surrogates replaced."""
    valid = _LONE_SURROGATE.sub("\ufffd", text)
    return unicodedata.normalize("NFC", _CONTROL.sub("", valid.replace("\r\n", "\n"))).strip()
