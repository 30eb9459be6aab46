"""The text of one uploaded file, worked out in a child process that the reader bounds from outside.

`python -m graph.documents.extract KIND MAX_PAGES MAX_CHARS` reads the file on stdin and writes its text
on stdout (exit 0), or why it cannot be read (exit REFUSED); a parser out of memory exits OUT_OF_MEMORY.
"""

import codecs
import io
import re
import sys
from typing import Any

from graph.documents.cjk_pdf import as_written, register_cjk_cmaps

REFUSED = 2
OUT_OF_MEMORY = 3
ENCODINGS = ("utf-8-sig", "cp949", "cp1252")  # then latin-1, which decodes any bytes at all
BINARY_SHARE = 0.05  # real text, even a log with colour codes, has far fewer control characters
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")  # tab, newline, form feed and return are text
TOO_LONG = "it has more than {:,} characters of text, more than a session can index."


class Unreadable(Exception):
    """A file that cannot be read; the message says why."""


def decode(data: bytes) -> str:
    """The text in the first encoding that fits; UTF-16 only with its byte-order mark."""
    utf16 = ("utf-16",) if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else ()
    for encoding in (*utf16, *ENCODINGS):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def plain_text(data: bytes, max_chars: int) -> str:
    """A txt or md file's text; binary data decodes as latin-1 too, so it is told apart by its characters."""
    text = decode(data)
    if "\x00" in text or _CONTROL.subn("", text)[1] > BINARY_SHARE * len(text):
        raise Unreadable("this looks like a binary file, not text.")
    if len(text) > max_chars:
        raise Unreadable(TOO_LONG.format(max_chars))
    return text


def declared_pages(reader: Any) -> int:
    """The page count a PDF declares, 0 when it declares none; unlike walking the page tree it costs nothing."""
    try:
        count = reader.trailer["/Root"]["/Pages"].get("/Count")
    except Exception:  # walking the page tree finds what is wrong
        return 0
    return count if isinstance(count, int) else 0


def pdf_text(data: bytes, max_pages: int, max_chars: int) -> str:
    """A PDF's text page by page, Korean and Chinese as written; the declared page count is checked before the
    page tree is walked."""
    from pypdf import PdfReader  # only PDFs pay for importing it

    register_cjk_cmaps()
    reader = PdfReader(io.BytesIO(data))
    pages = declared_pages(reader)
    if pages > max_pages or (pages := len(reader.pages)) > max_pages:
        raise Unreadable(f"this PDF has {pages:,} pages; at most {max_pages:,} can be read.")
    texts, chars = [], 0
    for page in reader.pages:
        texts.append(as_written(page.extract_text() or ""))
        chars += len(texts[-1])
        if chars > max_chars:
            raise Unreadable(TOO_LONG.format(max_chars))
    return "\n\n".join(texts)


def main(argv: list[str]) -> int:
    """Read stdin, write the text or the reason; the exit code says which."""
    kind, max_pages, max_chars = argv[0], int(argv[1]), int(argv[2])
    data = sys.stdin.buffer.read()
    try:
        text = pdf_text(data, max_pages, max_chars) if kind == "pdf" else plain_text(data, max_chars)
    except MemoryError:
        return OUT_OF_MEMORY
    except Unreadable as refusal:
        sys.stdout.buffer.write(str(refusal).encode())
        return REFUSED
    except Exception as error:  # a malformed file can make a parser raise almost anything
        detail = (str(error) or type(error).__name__)[:300]
        sys.stdout.buffer.write(f"this {kind.upper()} could not be read ({detail}).".encode("utf-8", "replace"))
        return REFUSED
    sys.stdout.buffer.write(text.encode("utf-8", "replace"))  # a stray surrogate from a font map becomes "?"
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
