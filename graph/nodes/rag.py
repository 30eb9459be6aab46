"""Retrieve passages from the session's documents for the llm node to cite."""

from graph.nodes.router import latest_user_text
from graph.retrieval import Retriever
from state import ChatState


def make_rag_node(retriever: Retriever | None):
    """A node that stores the retrieved passages in the state; nothing to do without documents."""

    def rag(state: ChatState) -> dict:
        if retriever is None:
            return {"retrieved": []}
        passages = retriever.search(state.get("session_id", ""), latest_user_text(state))
        return {"retrieved": passages}

    return rag
