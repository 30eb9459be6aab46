"""Retrieve passages from the session's documents for the llm node to cite."""

from typing import TypedDict

from graph.documents.store import Retriever
from state import ChatState
from state.request_items import DocumentText
from state.turns import latest_user_text


class RetrievalUpdate(TypedDict, total=False):
    """What the retrieval step writes to the turn's state: the passages to insert, and the titles of the whole
    documents (already in the context) the question matched."""

    retrieved: list[DocumentText]
    cited_whole: list[str]


def make_rag_node(retriever: Retriever | None):
    """A node that stores the passages to insert and the whole documents the question matched (already in
    the context, so cited rather than repeated); nothing to do without documents."""

    def rag(state: ChatState) -> RetrievalUpdate:
        if retriever is None:
            return {"retrieved": [], "cited_whole": []}
        session_id = state.get("session_id", "")
        whole = {document["title"] for document in retriever.whole_documents(session_id)}
        found = retriever.search(session_id, latest_user_text(state))
        passages = [passage for passage in found if passage["title"] not in whole]
        cited = sorted({passage["title"] for passage in found if passage["title"] in whole})
        return {"retrieved": passages, "cited_whole": cited}

    return rag
