"""A document read as a person reads it: headings (a `#` line, a numbered title, a short line without a predicate
above its content), and under them the lines that say something, a table's row or a list's item kept whole with
what the headings and the table's header say it is about. A heading names a section; it answers nothing."""

import re
from dataclasses import dataclass

from graph.recall.said import sentences_of
from state.words import korean_nouns, korean_words

HEADING_CHARS = 24  # a title longer than this, in Korean or Chinese, reads as a sentence
HEADING_WORDS = 6  # likewise in English
LONG_LINE = 200  # a line longer than this is a paragraph: each sentence is one passage
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*$")
_NUMBERING = re.compile(
    r"^(?:\d{1,2}(?:\.\d{1,2})*[.)]|\(\d{1,2}\)|[IVX]{1,4}\.|[A-H][.)]|[①-⑳]|[一二三四五六七八九十]{1,3}[、.．]"
    r"|제\s?\d{1,3}\s?[조장절항]|第[一二三四五六七八九十百\d]{1,4}[条章节项部]|(?:rule|article|section|part|chapter)"
    r"\s+\d{1,3}[.:]?)\s*", re.IGNORECASE)
_BULLET = re.compile(r"^(?:[-*+•·▪◦‣]|\d{1,2}[.)](?=\s))\s+")
_SEPARATOR_ROW = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$")
_ENDS_SENTENCE = re.compile(r"[.!?。！？…]$")
_VALUE = re.compile(r"[:：|]|,|，|、")  # a label and its value, or a list of things: content, not a title
# A Korean line ends on a light verb or the copula (하다, 되다, 있다, 이다: Kiwi's words leave them out) or on a
# note's ending (함, 됨).
_KOREAN_ENDING = re.compile(r"(?:[하되있없이였했한된인]다|니다|[해돼봐줘]요?|[예에어아]요|[함됨])[.!?~…]*$")
_KOREAN_TOPIC = re.compile(r"[가-힣](?:은|는|을|를|에서|에게|까지|부터|으로)\s")  # a sentence's topic or object
_HANGUL_OR_HAN = re.compile(r"[가-힣\u4e00-\u9fff]")


@dataclass(frozen=True)
class Passage:
    """One line of a document that may answer a question: as quoted (`text`), what it is about (`context`: the
    headings above it, a table's header), its place (its section, and its row in a table: 1 for the first)."""

    title: str
    text: str
    context: str
    section: int
    row: int = 0
    cells_named: str = ""  # a table row's cells, each after its column's name

    @property
    def read_as(self) -> str:
        """The passage with what it is about, as its meaning and words are read."""
        said = self.cells_named or self.text
        return f"{self.context}: {said}" if self.context else said


def cells(line: str) -> list[str]:
    """A table row's cells."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def is_table_row(line: str) -> bool:
    return line.startswith("|") and line.count("|") >= 2


def _short(text: str) -> bool:
    """Short enough for a title: a few words, or a few Korean or Chinese syllables."""
    if _HANGUL_OR_HAN.search(text):
        return len(text.replace(" ", "")) <= HEADING_CHARS and len(text.split()) <= HEADING_WORDS
    return len(text.split()) <= HEADING_WORDS


def _predicate(text: str) -> bool:
    """Whether a line says something of its subject rather than naming it: a Korean ending or topic, a sentence's
    end, or English that is not a title's few capitalized words."""
    if _ENDS_SENTENCE.search(text) or _KOREAN_TOPIC.search(text + " "):
        return True
    if re.search(r"[가-힣]", text):  # its last word a verb or adjective ("지난 활동" names), or a light one's ending
        last = text.split()[-1]
        return bool(set(korean_words(last)) - set(korean_nouns(last)) or _KOREAN_ENDING.search(text))
    latin = re.findall(r"[A-Za-z][\w'-]*", text)
    if len(latin) > 3:
        small = [word for word in latin[1:] if word[0].islower() and len(word) > 3]
        return len(small) > 1  # "Action Items for Next Week" names; "Bring your own racket to games" tells
    return False


def titled(line: str) -> str | None:
    """What a line names when it is shaped as a title (a `#` line, or a short line without a predicate or a
    value, numbered or not), None for a line that says something."""
    if marked := _MARKDOWN_HEADING.match(line):
        return marked[1].strip()
    if line.endswith((":", "：")) and _short(line[:-1]) and not _VALUE.search(line[:-1]):
        return line[:-1].strip()  # "Agenda:", "준비물:"
    numbered = _NUMBERING.match(line)
    rest = line[numbered.end():] if numbered else line
    rest = rest.strip()
    if rest.endswith(".") and len(rest.split()) <= 3 and not _HANGUL_OR_HAN.search(rest):
        rest = rest[:-1]  # "Trip notes.": a title with a full stop
    if not rest or not _short(rest) or _predicate(rest) or _VALUE.search(rest):
        return None
    if not numbered and len(re.findall(r"\d+", rest)) > 1:
        return None  # "목요일 3시 2층": a time and a place, not a title
    return rest.strip("()（） ")


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


def headings(lines: list[str]) -> set[int]:
    """The positions of the lines that are headings: a `#` line or a label that ends with a colon always; another
    title-shaped line when it opens the document, or when the line below it says something, or, numbered, when the
    line below is not numbered (a numbered title above its sibling is an item of a list, "1. Bring snacks" above
    "2. Clean up"; a plain one above the next numbered title is its section's content, "대강당" above "3. 준비물")."""
    found = set()
    filled = [index for index, line in enumerate(lines) if line]
    for place, index in enumerate(filled):
        line = lines[index]
        if is_table_row(line) or titled(line) is None:
            continue
        if _MARKDOWN_HEADING.match(line) or line.endswith((":", "：")) or place == 0:
            found.add(index)
            continue
        below = lines[filled[place + 1]] if place + 1 < len(filled) else ""
        if not below or _MARKDOWN_HEADING.match(below):
            continue
        numbered = bool(_NUMBERING.match(line))
        if titled(below) is None or (numbered and not _NUMBERING.match(below)):
            found.add(index)  # a plain title above another title-shaped line is that section's short content
    return found


def _shown(line: str) -> str:
    """A line as quoted: an item without its bullet, a row as its cells."""
    if is_table_row(line):
        return " | ".join(cell for cell in cells(line) if cell)
    return _BULLET.sub("", line).strip()


def passages_of(title: str, contents: str) -> list["Passage"]:
    """The lines of a document that may answer a question, each with the headings above it and, in a table, its
    header; headings, a table's header and its rule lines are not among them."""
    lines = _lines(contents)
    heads = headings(lines)
    found: list[Passage] = []
    trail: list[tuple[int, str]] = []  # the headings above, with their rank (a `#` count, or 9 for others)
    header: list[str] = []
    section, row = 0, 0
    for index, line in enumerate(lines):
        if not line or _SEPARATOR_ROW.match(line):
            continue
        if index in heads:
            marked = _MARKDOWN_HEADING.match(line)
            rank = len(line) - len(line.lstrip("#")) if marked else (7 if index == 0 else 9)
            trail = [(r, name) for r, name in trail if r < rank] + [(rank, titled(line) or line)]
            section, header, row = section + 1, [], 0
            continue
        context = " / ".join(name for _, name in trail[1:] or trail)
        if is_table_row(line):
            if not header:
                header = cells(line)
                continue
            row += 1
            values = cells(line)
            described = ", ".join(f"{name}: {value}" for name, value in zip(header, values, strict=False) if value)
            found.append(Passage(title, _shown(line), context, section, row, described))
            continue
        header, row = [], 0
        shown = _shown(line)
        pieces = sentences_of(shown) if len(shown) > LONG_LINE and not _BULLET.match(line) else [shown]
        found += [Passage(title, piece, context, section) for piece in pieces if piece]
    return found
