"""Make typed or pasted text safe to store and send: no control characters, valid Unicode."""

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_user_text(text: str) -> str:
    """Text without control characters (tabs and newlines stay) and with lone surrogates replaced."""
    valid = text.encode("utf-8", "replace").decode("utf-8", "replace")
    return unicodedata.normalize("NFC", _CONTROL.sub("", valid.replace("\r\n", "\n"))).strip()
