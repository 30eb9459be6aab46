"""PDF files made on the spot, to exercise the document reader with real pypdf output."""

import io

from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

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


def cjk_pdf(text: str, cmap: str, codec: str, font: str, ordering: str) -> bytes:
    """One page of `text` in a font the reader supplies, its characters coded in a predefined CJK CMap (`cmap`,
    e.g. KSCms-UHC-H, whose codes are the `codec` code page's) as older Korean and Chinese word processors
    write them, with no map to Unicode."""
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    descriptor = DictionaryObject({
        NameObject("/Type"): NameObject("/FontDescriptor"), NameObject("/FontName"): NameObject(f"/{font}"),
        NameObject("/Flags"): NumberObject(6), NameObject("/ItalicAngle"): NumberObject(0),
        NameObject("/Ascent"): NumberObject(880), NameObject("/Descent"): NumberObject(-120),
        NameObject("/CapHeight"): NumberObject(700), NameObject("/StemV"): NumberObject(80),
        NameObject("/FontBBox"): ArrayObject([NumberObject(n) for n in (0, -200, 1000, 900)])})
    system = DictionaryObject({NameObject("/Registry"): TextStringObject("Adobe"),
                               NameObject("/Ordering"): TextStringObject(ordering),
                               NameObject("/Supplement"): NumberObject(1)})
    descendant = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/CIDFontType0"),
        NameObject("/BaseFont"): NameObject(f"/{font}"), NameObject("/CIDSystemInfo"): system,
        NameObject("/FontDescriptor"): writer._add_object(descriptor)})
    type0 = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
        NameObject("/BaseFont"): NameObject(f"/{font}"), NameObject("/Encoding"): NameObject(f"/{cmap}"),
        NameObject("/DescendantFonts"): ArrayObject([writer._add_object(descendant)])})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F1"): writer._add_object(type0)})})
    stream = DecodedStreamObject()
    stream.set_data(b"BT /F1 18 Tf 72 720 Td <" + text.encode(codec).hex().upper().encode() + b"> Tj ET")
    page.replace_contents(stream.flate_encode())
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
