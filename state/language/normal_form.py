"""Text in one form before it is stored or read for words, in time linear in its length: composed (NFC), so a word
typed in decomposed Hangul finds the same word composed, and no run of combining marks longer than Unicode's
stream-safe limit, since putting an endless run in canonical order costs the square of its length."""

import re
import unicodedata
from functools import lru_cache

STREAM_SAFE_RUN = 30  # UAX #15's Stream-Safe Text Format: at most 30 non-starters in a row
GRAPHEME_JOINER = "\u034f"  # the starter the format puts after each 30 (it draws nothing and joins nothing)
BIDI_CONTROLS = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_BIDI_CONTROL = re.compile(f"[{BIDI_CONTROLS}]")


@lru_cache(maxsize=1)
def _long_run() -> re.Pattern[str]:
    """A run of more non-starters (combining class above 0) than the stream-safe limit, built on first use."""
    marks = [code for code in range(0x110000) if unicodedata.combining(chr(code))]
    ranges, start = [], marks[0]
    for previous, code in zip(marks, [*marks[1:], -1], strict=True):
        if code != previous + 1:
            ranges.append(re.escape(chr(start)) + ("-" + re.escape(chr(previous)) if previous > start else ""))
            start = code
    return re.compile(f"[{''.join(ranges)}]{{{STREAM_SAFE_RUN + 1},}}")


def _joined(run: str) -> str:
    """A long run of combining marks with a grapheme joiner after every 30."""
    return GRAPHEME_JOINER.join(run[start:start + STREAM_SAFE_RUN] for start in range(0, len(run), STREAM_SAFE_RUN))


def stream_safe(text: str) -> str:
    """The text with a grapheme joiner after every 30 combining marks of a longer run (nothing else changes)."""
    return _long_run().sub(lambda run: _joined(run.group()), text)


def composed(text: str) -> str:
    """The text in NFC, made stream-safe first when it is not already composed (its runs then cost a bounded
    amount each, so the whole costs time linear in its length)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", stream_safe(text))


def searchable(text: str) -> str:
    """The text as its words are read: composed, and the invisible marks that set a run's direction (U+200E/F,
    U+202A..E, U+2066..9) read as the spaces they stand for, as SQLite's tokenizer reads them, not glued to a word."""
    return _BIDI_CONTROL.sub(" ", composed(text))
