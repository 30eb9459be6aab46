"""Uploads are read in a child process bounded from outside; whatever a file does, the app gets a refusal."""

import os

import pytest

from graph.documents import reader
from graph.documents.reader import read_upload
from graph.documents.store import DocumentRefused
from tests.fakes.pdfs import pdf

pytestmark = pytest.mark.unit

WORK = b"BT /F1 9 Tf (x) Tj ET\n" * 150_000  # well inside pypdf's own limits, seconds of parsing per page



def book(pages: int) -> bytes:
    """Pages of 40 lines of text, like a printed book's."""
    return pdf([b"BT /F1 10 Tf 14 TL 56 740 Td " + b"".join(
        b"(Page %d, line %d: the reader turns another page of a long book.) Tj T* " % (page, line)
        for line in range(40)) + b"ET" for page in range(pages)])


def test_a_flate_bomb_is_refused_with_pypdfs_reason():
    bomb = pdf([b" " * 80_000_000])  # 80 MB of spaces in 80 KB, past pypdf's 75 MB limit
    with pytest.raises(DocumentRefused, match=r"bomb.pdf: this PDF could not be read \(Limit reached"):
        read_upload("bomb.pdf", bomb)


def test_a_malformed_pdf_is_refused_whatever_the_parser_raises():
    nested = pdf([b"BT /F1 12 Tf " + b"[" * 20_000 + b"(deep)" + b"]" * 20_000 + b" TJ ET"])  # RecursionError
    with pytest.raises(DocumentRefused, match="nested.pdf: this PDF could not be read"):
        read_upload("nested.pdf", nested)


def test_a_book_is_read_and_a_pdf_over_the_page_limit_is_refused_before_its_pages_are():
    assert "Page 299, line 39" in read_upload("book.pdf", book(300))
    with pytest.raises(DocumentRefused, match=f"has {reader.MAX_PAGES + 1:,} pages; at most {reader.MAX_PAGES:,}"):
        read_upload("huge.pdf", pdf([b""] * (reader.MAX_PAGES + 1)))


def test_a_pdf_that_understates_its_page_count_is_refused_by_its_page_tree(monkeypatch):
    monkeypatch.setattr(reader, "MAX_PAGES", 3)
    with pytest.raises(DocumentRefused, match="has 5 pages; at most 3"):
        read_upload("liar.pdf", pdf([b""] * 5, count=1))


def test_too_much_work_is_stopped_from_outside_by_the_cpu_limit(monkeypatch):
    monkeypatch.setattr(reader, "CPU_SECONDS", 1)
    with pytest.raises(DocumentRefused, match="work.pdf: reading it took more than 1 s of work"):
        read_upload("work.pdf", pdf([WORK] * 3))


def test_too_much_memory_is_stopped_from_outside_by_the_memory_limit(monkeypatch):
    monkeypatch.setattr(reader, "MEMORY_MB", 100)
    inflated = pdf([b" " * 60_000_000])  # under pypdf's own limit: only the reader's stops it
    with pytest.raises(DocumentRefused, match="inflated.pdf: reading it needs more than 100 MB of memory"):
        read_upload("inflated.pdf", inflated)


def test_a_reader_that_does_not_finish_in_time_is_stopped_and_refused(monkeypatch):
    monkeypatch.setattr(reader, "WALL_SECONDS", 0.001)
    with pytest.raises(DocumentRefused, match="notes.txt: reading it took longer than 0.001 s"):
        read_upload("notes.txt", b"plain notes")


REAL_TEXTS = [
    ("# Notes\nplain ASCII and UTF-8: naïve, 日本語, 한국어", "utf-8"),
    ("UTF-8 with a byte-order mark", "utf-8-sig"),
    ("UTF-16 with its byte-order mark: 한국어 ☃", "utf-16"),
    ("한국어 문서입니다. 휴가는 15일입니다.", "cp949"),
    ("Café crème, naïve façade, Straße, smørrebrød", "latin-1"),
    ("“Smart quotes” and an ellipsis… from Windows", "cp1252"),
    ("\x1b[31mERROR\x1b[0m a log line with colour codes\n\tand a tab\f\r\n", "utf-8"),
]


def test_binary_data_is_refused_as_text_and_real_text_in_its_encodings_is_read():
    with pytest.raises(DocumentRefused, match=r"random.txt: this looks like a binary file, not text\.$"):
        read_upload("random.txt", os.urandom(200_000))
    with pytest.raises(DocumentRefused, match="binary file"):
        read_upload("image.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 40)
    with pytest.raises(DocumentRefused, match="binary file"):
        read_upload("controls.txt", bytes(range(1, 32)) * 100 + b"a few words")
    for text, encoding in REAL_TEXTS:
        assert read_upload("notes.txt", text.encode(encoding)) == text, encoding


def test_oversized_uploads_and_texts_are_refused(monkeypatch):
    with pytest.raises(DocumentRefused, match=f"big.txt: 21.0 MB is more than the {reader.MAX_UPLOAD_MB} MB"):
        read_upload("big.txt", b"a" * 21 * 2**20)
    with pytest.raises(DocumentRefused, match=f"long.txt: it has more than {reader.MAX_TEXT_CHARS:,} characters"):
        read_upload("long.txt", b"word " * (reader.MAX_TEXT_CHARS // 5 + 1))
    monkeypatch.setattr(reader, "MAX_TEXT_CHARS", 5_000)
    with pytest.raises(DocumentRefused, match="book.pdf: it has more than 5,000 characters"):
        read_upload("book.pdf", book(10))
