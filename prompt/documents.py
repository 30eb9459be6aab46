"""Retrieved passages as numbered JSON the model can cite as [1], [2] (seed 004)."""

import json
from collections.abc import Sequence

from state.request_items import DocumentText, NumberedDocument

DOCUMENTS_MESSAGE = "[참고 문서 / Reference documents]\n{documents}"


def number_documents(passages: Sequence[DocumentText], start: int = 1) -> list[NumberedDocument]:
    """Seed 004's shape: each document numbered (from 1 in a conversation's first) so the answer can cite it as [n]."""
    return [
        {"document": number, "title": passage.get("title", ""), "contents": passage.get("contents", "")}
        for number, passage in enumerate(passages, start=start)
    ]


def render_documents(passages: Sequence[DocumentText], start: int = 1) -> str:
    """The passages as `{"documents": [...]}` JSON under a short header."""
    documents = json.dumps({"documents": number_documents(passages, start)}, ensure_ascii=False)
    return DOCUMENTS_MESSAGE.format(documents=documents)
