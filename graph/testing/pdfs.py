"""PDF files made on the spot, to exercise the document reader with real pypdf output."""

import io

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, NumberObject

HELVETICA = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                              NameObject("/BaseFont"): NameObject("/Helvetica")})


def pdf(contents: list[bytes], count: int | None = None) -> bytes:
    """One page per content stream, drawn in Helvetica and flate-compressed as real PDFs are; `count`
    overrides the page count the file declares."""
    writer = PdfWriter()
    for content in contents:
        page = writer.add_blank_page(612, 792)
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
            {NameObject("/F1"): HELVETICA})})
        stream = DecodedStreamObject()
        stream.set_data(content)
        page.replace_contents(stream.flate_encode(level=9))
    if count is not None:
        pages = writer.root_object["/Pages"].get_object()
        assert isinstance(pages, DictionaryObject)
        pages[NameObject("/Count")] = NumberObject(count)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def blank_pdf(pages: int) -> bytes:
    """A PDF of nothing but blank pages (no content streams: a small file that declares many pages)."""
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
