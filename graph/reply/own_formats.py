"""What only the app may write, copied by a small model from its request: a quote in the app's own format (the
turn, date and words it gives may be invented, and the person would take them for the app's memory), and the
markers the app puts around what it tells the model ("(turn 6)", "[Reminder]", a recalled turn's date and
number). A model's sentence never shows them."""

import re

from graph.recall.quote_text import quote_openings
from graph.reply.framing import HEADERS, OMITTED_NOTE_SHAPE, REQUEST_MARKER
from prompt.recall import EXCERPT_START, SAME_DAY_START
from prompt.request_notes import AGENT_INSTRUCTIONS
from prompt.system import SUMMARY_LINE_TEMPLATES
from prompt.tools import RESULT_AS_TEXT

APP_QUOTE = quote_openings()


def _filled(template: str) -> str:
    """A template's pattern with any date, turn or number in its place."""
    fills = {"{date}": r"\d{4}-\d{2}-\d{2}", "{turn}": r"\d+", "{first}": r"\d+", "{last}": r"\d+",
             "{name}": r"[\w ]{1,40}"}
    pieces = re.split(r"(\{\w+\})", template)
    return "".join(fills.get(piece) or re.escape(piece) for piece in pieces)


_BRACKETED = [text.split("]", 1)[0] + "]" for text in (*HEADERS, AGENT_INSTRUCTIONS) if text.startswith("[")]
MARKER = re.compile("[ \t]*(?:" + "|".join([
    *(_filled(template.strip()) for template in (EXCERPT_START, SAME_DAY_START)),
    *(_filled(template.split("]", 1)[0] + "]") for template in SUMMARY_LINE_TEMPLATES.values()),
    _filled(RESULT_AS_TEXT.split("]", 1)[0] + "]"),
    OMITTED_NOTE_SHAPE.pattern,
    *(re.escape(text) for text in _BRACKETED),
]) + ")", re.IGNORECASE)


def quotes_like_the_app(text: str) -> bool:
    """Whether `text` quotes in one of the app's own formats."""
    return APP_QUOTE.search(text) is not None


def without_markers(text: str) -> str:
    """`text` without the app's markers, and without what follows a reminder or correction it copied (the copy
    of that note)."""
    cut = REQUEST_MARKER.search(text)
    return MARKER.sub("", text[:cut.start()].rstrip(" \t") if cut else text)
