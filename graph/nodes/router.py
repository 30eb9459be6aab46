"""Pick the path of a turn without an LLM call: casual fast path, document retrieval, or agent."""

import re
from typing import Literal

from langchain_core.messages import HumanMessage

from graph.context import extract_current_turn, message_text
from graph.retrieval import Retriever
from state import ChatState

Route = Literal["casual", "rag", "agent"]

CASUAL_MAX_CHARS = 40
_CASUAL = re.compile(
    r"^\s*(hi|hello|hey|yo|thanks?|thank you|thx|ok(ay)?|cool|great|nice|bye|good (morning|night|evening)|"
    r"안녕(하세요)?|반가워(요)?|고마워(요)?|감사(합니다|해요)?|ㅎㅎ+|ㅋㅋ+|네|응|좋아(요)?|잘 ?자|"
    r"你好|谢谢|再见|好的)\b[\s!.~?,]*\S{0,12}\s*$",
    re.IGNORECASE,
)


def latest_user_text(state: ChatState) -> str:
    """The text of the newest user message of the turn in progress."""
    for message in reversed(extract_current_turn(state.get("messages", []))):
        if isinstance(message, HumanMessage):
            return message_text(message)
    return ""


def classify(text: str, has_documents: bool, matches_documents: bool) -> Route:
    """Greetings and thanks take the fast path; questions about the documents take rag."""
    if has_documents and matches_documents:
        return "rag"
    if len(text) <= CASUAL_MAX_CHARS and _CASUAL.match(text) and not re.search(r"\d", text):
        return "casual"
    return "agent"


def make_router_node(retriever: Retriever | None):
    """A router that consults the session's documents only when there are any."""

    def router(state: ChatState) -> dict:
        text = latest_user_text(state)
        session_id = state.get("session_id", "")
        has_documents = retriever is not None and retriever.has_documents(session_id)
        matches = has_documents and retriever.matches(session_id, text)
        return {"route": classify(text, has_documents, matches)}

    return router


def route_after_router(state: ChatState) -> Literal["rag", "summary"]:
    """Retrieval first when the router chose rag; otherwise straight to the summary step."""
    return "rag" if state.get("route") == "rag" else "summary"
