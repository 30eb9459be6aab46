"""Clean what the model writes: its HTML entities and stray template markup would show as-is in the chat."""

import html
import re

MAX_TAG_CHARS = 120
_TAG_NAMES = (
    "a|abbr|b|big|blockquote|center|cite|code|dd|del|div|dl|dt|em|font|h[1-6]|hr|i|ins|kbd|li|mark|ol|p|"
    "pre|q|s|samp|small|span|strike|strong|sub|sup|table|tbody|td|th|thead|tr|tt|u|ul|var"
)
_ENTITY = r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
_SPECIAL = r"<\|im_start\|>(?:system|user|assistant)?\n?|<\|[a-z_]{1,30}\|>"
_BREAK = r"<br[ \t]*/?>"
_TAG = (
    rf"<(?=[^<>\n]{{1,{MAX_TAG_CHARS}}}>)/?(?:{_TAG_NAMES})"
    r"(?:[ \t]+[a-z-]+=\"[^\"<>\n]*\")*[ \t]*/?>"
)
_IN_PROSE = re.compile(f"(?P<entity>{_ENTITY})|(?P<special>{_SPECIAL})|(?P<br>{_BREAK})|(?P<tag>{_TAG})")
_IN_CODE = re.compile(f"(?P<entity>{_ENTITY})|(?P<special>{_SPECIAL})")
_OPENING = re.compile(r"`+")
_INLINE_END = re.compile(r"`+|\n")
_FENCE_END = re.compile(r"`{3,}")
# A tail that may still grow into something cleaned; a stream holds it back until it is complete.
_UNFINISHED = re.compile(
    r"(?:&[#A-Za-z0-9]{0,32}|<\|im_start\|>[a-z]{0,9}|`+"
    rf"|<(?=[^<>\n]{{0,{MAX_TAG_CHARS}}}\Z)(?:\|[a-z_]{{0,30}}\|?"
    r"|/?(?:[a-z1-6]{1,10}(?:[ \t]+[a-z-]+=\"[^\"<>\n]*\")*"
    r"(?:[ \t]+[a-z-]*(?:=\"?[^\"<>\n]*)?)?[ \t]*/?)?))\Z"
)


def _replace(match: re.Match) -> str:
    """Entities become their character once; a line-break tag becomes a newline; other markup goes."""
    if match.lastgroup == "entity":
        return html.unescape(match.group())
    return "\n" if match.lastgroup == "br" else ""


_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(text: str) -> str:
    """Text storage and the page can hold: surrogate halves that pair up joined, a lone one as U+FFFD."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class StreamCleaner:
    """Clean a streamed reply chunk by chunk, holding back only a tail that may be an unfinished tag."""

    def __init__(self) -> None:
        self._pending = ""
        self._fence = False
        self._inline = False

    def feed(self, chunk: str) -> str:
        """Return the cleaned text that can no longer change."""
        self._pending += chunk
        unfinished = _UNFINISHED.search(self._pending)
        cut = unfinished.start() if unfinished else len(self._pending)
        if cut and "\ud800" <= self._pending[cut - 1] <= "\udbff":
            cut -= 1  # half of a pair whose other half comes with the next chunk
        ready, self._pending = self._pending[:cut], self._pending[cut:]
        return self._clean(ready)

    def flush(self) -> str:
        """Return what was held back, once the stream has ended."""
        ready, self._pending = self._pending, ""
        return self._clean(ready)

    def _clean(self, text: str) -> str:
        """Clean prose and code apart, so code such as `List<b>` keeps its angle brackets."""
        text = valid_text(text)
        out, position = [], 0
        while position < len(text):
            pattern = _FENCE_END if self._fence else _INLINE_END if self._inline else _OPENING
            delimiter = pattern.search(text, position)
            stop = len(text) if delimiter is None else delimiter.start()
            cleaner = _IN_CODE if self._fence or self._inline else _IN_PROSE
            out.append(cleaner.sub(_replace, text[position:stop]))
            if delimiter is None:
                break
            out.append(delimiter.group())
            self._switch(delimiter.group())
            position = delimiter.end()
        return "".join(out)

    def _switch(self, delimiter: str) -> None:
        """Three backticks open or close a fenced block; fewer open inline code, which a line end closes."""
        if self._fence or self._inline:
            self._fence = self._inline = False
        else:
            self._fence = len(delimiter) >= 3
            self._inline = not self._fence


def clean_model_text(text: str) -> str:
    """The model's reply as the user should read it: entities decoded once, template markup gone."""
    cleaner = StreamCleaner()
    return cleaner.feed(text) + cleaner.flush()
