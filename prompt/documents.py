"""Retrieved passages as numbered JSON the model can cite as [1], [2] (seed 004)."""

import json
from collections.abc import Sequence

DOCUMENTS_SECTION = "\n[참고 문서 / Reference documents]\n{documents}\nCite the documents you use as [1], [2]."


def render_documents(passages: Sequence[dict]) -> str:
    """The passages in seed 004's `{"documents": [...]}` shape, numbered from 1."""
    documents = [
        {"document": number, "title": passage.get("title", ""), "contents": passage.get("contents", "")}
        for number, passage in enumerate(passages, start=1)
    ]
    return DOCUMENTS_SECTION.format(documents=json.dumps({"documents": documents}, ensure_ascii=False))
