"""Text from uploaded txt, md and pdf files."""

import io

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from graph.documents.store import DocumentRefused

SUPPORTED = ("txt", "md", "pdf")


def read_upload(name: str, data: bytes) -> str:
    """The text of an uploaded file; a file that cannot be read is refused with the reason."""
    kind = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if kind not in SUPPORTED:
        raise DocumentRefused(f"{name}: only {', '.join(SUPPORTED)} files can be added.")
    if kind == "pdf":
        try:
            reader = PdfReader(io.BytesIO(data))
            return "\n\n".join(page.extract_text() or "" for page in reader.pages)
        except (PdfReadError, ValueError, KeyError) as error:
            raise DocumentRefused(f"{name}: this PDF could not be read ({error}).") from None
    for encoding in ("utf-8", "cp949", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DocumentRefused(f"{name}: the text encoding is not supported.")
