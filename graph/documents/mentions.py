"""Whether a question speaks of the session's documents in words: by name, or as "the document", "this file",
"the pdf", "문서", "파일", "文件". Cheap, so it can route a question before any model is asked."""

import re
from collections.abc import Iterable

_SPOKEN_OF = re.compile(
    r"\b(?:the|this|that|these|those|my|your|our|uploaded|attached|above)\s+(?:documents?|docs?|files?|pdfs?|"
    r"papers?|texts?|uploads?|attachments?|notes|memo|report)\b|\bpdfs?\b|\battach(?:ed|ment)\b|\buploaded\b"
    r"|문서|파일|자료|첨부|업로드|pdf|文件|文档|文檔|资料|資料|附件|上传",
    re.IGNORECASE,
)
MIN_NAME_CHARS = 3


def names_of(title: str) -> set[str]:
    """The ways a question may name a document: its file name, and that name without its extension."""
    title = title.strip().lower()
    stem = title.rsplit(".", 1)[0] if "." in title else title
    return {name for name in (title, stem, stem.replace("_", " ").replace("-", " ")) if len(name) >= MIN_NAME_CHARS}


def mentions_documents(text: str, titles: Iterable[str]) -> bool:
    """Whether the question names one of the documents or speaks of documents and files as such."""
    if _SPOKEN_OF.search(text):
        return True
    lowered = text.lower()
    return any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", lowered) for title in titles for name in names_of(title))
