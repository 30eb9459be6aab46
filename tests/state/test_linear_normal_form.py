"""A 240 KB paste of combining marks is composed and indexed in time linear in its length: putting a run of marks in
canonical order costs the square of the run's length (CPython sorts it by insertion), so no run longer than the
stream-safe limit reaches the normaliser, and the work it is given grows four times for four times the paste.
The work is counted, not timed: the square of each run handed to `unicodedata.normalize`."""

import re
import unicodedata
from collections.abc import Iterator

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.recall.records import PIECE_CHARS, turn_pieces, turn_record
from graph.session.inputs import clean_user_text
from graph.storage.shared.common import record_body
from state.language import normal_form
from state.language.normal_form import GRAPHEME_JOINER, STREAM_SAFE_RUN, composed, searchable, stream_safe
from state.words import index_text, words

pytestmark = pytest.mark.unit

MARKS = "\u0301\u0316"  # an acute above (class 230) and a grave below (class 220): out of canonical order
PASTE_CHARS = 240_000
MARK_RUN = re.compile("[\u0300-\u034e\u0350-\u036f]+")  # combining marks; U+034F, the joiner, is a starter


def paste(size: int = PASTE_CHARS) -> str:
    """Korean and English words, each followed by an endless run of combining marks: what `size` characters hold."""
    unit = "제주도" + MARKS * (size // 8) + " iPhone을 " + MARKS * (size // 8)
    return (unit * (size // len(unit) + 1))[:size]


class Counted:
    """`unicodedata` as the normaliser sees it, with the work of each canonical ordering counted."""

    def __init__(self) -> None:
        self.work = 0
        self.longest_run = 0

    def normalize(self, form: str, text: str) -> str:
        runs = [len(run) for run in MARK_RUN.findall(text)]
        self.work += sum(length * length for length in runs) + len(text)
        self.longest_run = max([self.longest_run, *runs])
        return unicodedata.normalize(form, text)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(unicodedata, name)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    spy = Counted()
    monkeypatch.setattr(normal_form, "unicodedata", spy)
    yield spy


def sent_and_indexed(text: str) -> None:
    """What a turn does with a message: cleaned as it enters, its words read as a question, then indexed whole."""
    cleaned = clean_user_text(text)
    words(cleaned)
    turn = [HumanMessage(cleaned), AIMessage("ok")]
    for piece in [record_body(turn_record(1, "2025-01-01", turn)), *turn_pieces(turn)]:
        index_text(piece)


def test_a_run_of_marks_is_composed_in_runs_of_at_most_thirty(counted: Counted):
    text = "a" + MARKS * (PASTE_CHARS // 2)
    result = composed(text)
    assert counted.longest_run <= STREAM_SAFE_RUN
    assert unicodedata.is_normalized("NFC", result)
    assert result.count(GRAPHEME_JOINER) == (PASTE_CHARS - 1) // STREAM_SAFE_RUN
    assert max(len(run) for run in MARK_RUN.findall(result)) <= STREAM_SAFE_RUN
    assert len(result.replace(GRAPHEME_JOINER, "")) == len(text) - 1  # a with its acute composed: á


def test_the_paste_is_sent_and_indexed_with_work_linear_in_its_length(counted: Counted):
    sent_and_indexed(paste())
    once = counted.work
    counted.work = 0
    sent_and_indexed(paste(PASTE_CHARS * 4))
    assert counted.longest_run <= STREAM_SAFE_RUN
    assert once <= STREAM_SAFE_RUN * PASTE_CHARS * 2  # bounded per character, not by the paste's length
    assert counted.work <= 4.2 * once  # four times the paste, four times the work: linear


def test_the_paste_is_indexed_in_pieces_of_bounded_size():
    pieces = turn_pieces([HumanMessage(paste()), AIMessage("ok")])
    assert len(pieces) >= PASTE_CHARS // PIECE_CHARS and max(map(len, pieces)) <= PIECE_CHARS
    assert "".join(pieces) == record_body({"user": paste(), "assistant": "ok"})


def test_text_already_composed_and_short_runs_are_left_as_they_are():
    assert stream_safe("e\u0301" * 40) == "e\u0301" * 40 and composed("한국어") == "한국어"
    assert composed(unicodedata.normalize("NFD", "한라산")) == "한라산"
    assert searchable("\u2066iPhone\u2069을") == " iPhone 을"
