"""Pick the path of a turn without an LLM call: casual fast path, document retrieval, or agent. A question is
about the session's documents when they match its words, when it speaks of them in words: by name, or as "the
document", "this file", "the pdf", "문서", "파일", "文件", or when a line of a small one answers it in other words."""

import logging
import re
from collections.abc import Iterable
from typing import Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from pydantic import BaseModel, Field

from graph.documents.answer import answered_in
from graph.documents.store import Retriever
from graph.intent.detect import detect_tool_call
from prompt.router import ROUTER_PROMPT
from state import ChatState
from state.turns import latest_user_text

logger = logging.getLogger(__name__)

Route = Literal["casual", "rag", "agent"]
MATCH_SCORE = 1.0      # bm25 score that sends a question to retrieval without asking
AMBIGUOUS_SCORE = 0.3  # between this and MATCH_SCORE a capable model decides

CASUAL_MAX_CHARS = 40
_CASUAL = re.compile(
    r"^\s*(hi|hello|hey|yo|thanks?|thank you|thx|ok(ay)?|cool|great|nice|bye|good (morning|night|evening)|"
    r"안녕(하세요)?|반가워(요)?|고마워(요)?|감사(합니다|해요)?|ㅎㅎ+|ㅋㅋ+|네|응|좋아(요)?|잘 ?자|"
    r"你好|谢谢|再见|好的)\b[\s!.~?,]*\S{0,12}\s*$",
    re.IGNORECASE,
)
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
    """Whether the question names one of the documents or speaks of documents and files as such: cheap, so it can
    route a question before any model is asked."""
    if _SPOKEN_OF.search(text):
        return True
    lowered = text.lower()
    return any(re.search(rf"(?<![a-z0-9_]){re.escape(name)}(?![a-z0-9_])", lowered)  # "회의록에": with its particle
               for title in titles for name in names_of(title))


def classify(text: str, has_documents: bool, matches_documents: bool) -> Route:
    """Greetings and thanks take the fast path; questions about the documents take rag, but a calculation or the
    clock is the tools' whatever the documents say ("12만원씩 3명이면 얼마야?" beside a file with prices)."""
    tool = detect_tool_call(text)
    if has_documents and matches_documents and tool is None:
        return "rag"
    if len(text) <= CASUAL_MAX_CHARS and _CASUAL.match(text) and not re.search(r"\d", text) \
            and tool is None:  # "你好，现在几点了？" opens with a greeting but asks the clock
        return "casual"
    return "agent"


class RouteUpdate(TypedDict, total=False):
    """What the router writes to the turn's state: the path the turn takes."""

    route: Route


class RouteDecision(BaseModel):
    """The model's answer when the documents' score leaves the route in doubt."""

    route: Literal["rag", "agent"] = Field(description="rag: the question is about the uploaded documents")
    reason: str = Field(default="", description="one short sentence")


def make_router_node(retriever: Retriever | None, router_model: BaseChatModel | None = None):
    """A router that consults the session's documents only when there are any, and a model only
    when their score is ambiguous and the model supports structured output."""

    def ask_model(model: BaseChatModel, text: str, titles: str) -> bool:
        try:
            decider = model.with_structured_output(RouteDecision, method="function_calling")
            decision = decider.invoke([HumanMessage(ROUTER_PROMPT.format(titles=titles, question=text))])
            return isinstance(decision, RouteDecision) and decision.route == "rag"
        except Exception:  # no decision: fall back to the score alone
            logger.info("Router model gave no decision", exc_info=True)
            return False

    def router(state: ChatState) -> RouteUpdate:
        text = latest_user_text(state)
        session_id = state.get("session_id", "")
        if retriever is None or not retriever.has_documents(session_id):
            return {"route": classify(text, False, False)}
        score = retriever.best_score(session_id, text)
        matches = score >= MATCH_SCORE
        if not matches:  # a question may name the documents, or ask what a line of them answers, in other words
            titles = [document.title for document in retriever.list_documents(session_id)]
            matches = mentions_documents(text, titles) or answered_in(text, retriever.whole_documents(session_id))
            if not matches and score >= AMBIGUOUS_SCORE and router_model is not None:
                matches = ask_model(router_model, text, ", ".join(titles))
        return {"route": classify(text, True, matches)}

    return router


def route_after_router(state: ChatState) -> Literal["rag", "summary"]:
    """Retrieval first when the router chose rag; otherwise straight to the summary step."""
    return "rag" if state.get("route") == "rag" else "summary"
