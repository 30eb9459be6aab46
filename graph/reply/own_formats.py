"""What only the app may write, copied by a small model from its request: a quote in the app's own format (the
turn, date and words it gives may be invented, and the person would take them for the app's memory), and the
markers the app puts around what it tells the model ("(turn 6)", "[Reminder]", a recalled turn's date and
number). A model's sentence never shows them, and a reply made of nothing else is no answer."""

import re

from graph.recall.quote_text import quote_openings
from graph.reply.framing import HEADERS, OMITTED_NOTE_SHAPE, REQUEST_MARKER
from prompt.recall import EXCERPT_START, SAME_DAY_START
from prompt.request_notes import AGENT_INSTRUCTIONS, TOOL_LIMIT_REPLY
from prompt.system import SUMMARY_LINE_TEMPLATES
from prompt.tools import RESULT_AS_TEXT, TOOL_CANCELLED
from state.texts import LANGUAGES, localized
from state.turns import STOPPED_MARK

APP_QUOTE = quote_openings()
QUOTED = re.compile(f"(?:{APP_QUOTE.pattern})[^\"“”\n]*[\"”]?", re.IGNORECASE)  # the opening and the words
NOTICE_KEYS = ("stopped", "live_turn", "reply_withheld_framing", "reply_withheld_repeat")  # what the page writes
NOTICES = sorted({*(localized(language, key) for language in LANGUAGES for key in NOTICE_KEYS), TOOL_LIMIT_REPLY,
                  TOOL_CANCELLED}, key=len, reverse=True)
WORD = re.compile(r"\w")


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


FRAMING_COPY = re.compile("|".join([OMITTED_NOTE_SHAPE.pattern, *(re.escape(text) for text in _BRACKETED)]),
                          re.IGNORECASE)  # what the request tells the model, which the framing check asks again for


def only_app_marks(text: str) -> bool:
    """Whether `text` holds the app's own marks and nothing else (the stop mark, a quote in the app's format, a
    summary's marker, a notice of the page): taken from a model, no answer at all. A copy of the request's framing
    is not one: the framing check asks the model again for it."""
    if FRAMING_COPY.search(text) or REQUEST_MARKER.search(text):
        return False
    rest = QUOTED.sub("", without_markers(text))
    for notice in NOTICES:
        rest = rest.replace(notice, "")
    rest = rest.replace(STOPPED_MARK, "")
    return rest.strip() != text.strip() and WORD.search(rest) is None
