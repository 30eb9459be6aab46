"""A turn's reply composed in one place: the lead the product writes before the model, the model's text checked,
screened or replaced, the documents and turns it cites, the cap on tool rounds, and no reply left empty."""

from collections.abc import Callable
from dataclasses import dataclass, field

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable
from langgraph.config import get_stream_writer

from graph.documents.answer import document_answer
from graph.models.deadline import Deadlines, ModelDeadlineError
from graph.recall.lead import memory_lead
from graph.recall.quote import led_by_quote
from graph.recall.records import turn_record
from graph.reply.check import turn_check
from graph.reply.checked import Ask, checked_reply, clean_reply
from graph.reply.claims import grounds_of
from graph.reply.guard import StreamGuard
from graph.reply.own_answer import acknowledged_if_empty, language_beyond_model, own_answer
from graph.reply.own_formats import only_app_marks
from graph.reply.screen import ReplyScreen, screened
from graph.reply.stream import stream_reply
from graph.reply.sums import calculation_asked
from graph.reply.tool_calls import well_formed_tool_calls
from graph.reply.tool_results import led_by_results, result_lead, stated_results
from graph.request.blocks import ASKS_BACK_REACH, document_key, document_numbers
from graph.request.budget import RequestParts
from prompt.request_notes import TOOL_LIMIT_REPLY
from state import ChatState
from state.chat_state import RequestFrame
from state.request_items import CitedDocument, DocumentText, QuotableTurn, RecalledTurn
from state.turns import extract_current_turn, latest_user_text, message_text

MAX_TOOL_ROUNDS = 4


class EmptyReplyError(RuntimeError):
    """The model answered with nothing; the turn stays open for Retry."""


def tool_rounds(state: ChatState) -> int:
    """How many times the model has already called tools in the turn in progress."""
    return sum(
        1
        for message in extract_current_turn(state.get("messages", []))
        if isinstance(message, AIMessage) and message.tool_calls
    )


@dataclass(frozen=True)
class ReplyRules:
    """What the answering model is trusted with, fixed when its graph is built."""

    deadlines: Deadlines = Deadlines()  # how long one call may take, to its first token and in all
    quotes_memory: bool = False  # it cannot read its request: memory is quoted, its text screened
    textual_tools: bool = False  # it cannot call tools: their results lead its reply and are stated in it
    other_models: Callable[[], list[str]] = list  # the other models a session may choose now, by name
    offers_downloads: bool = False  # the page offers models to download
    writes: tuple[str, ...] | None = ("en",)  # the languages it writes; None: any

    def cannot_write(self, question: str, page_language: str) -> str | None:
        """The language of a turn this model cannot write, where the product answers alone; None when it can."""
        beyond = language_beyond_model(question, page_language) if self.quotes_memory else None
        return None if beyond is None or (self.writes is None or beyond in self.writes) else beyond


@dataclass(frozen=True)
class ReplyRequest:
    """One turn's request as its reply is composed from it."""

    state: ChatState  # the turn so far
    messages: list[BaseMessage]  # the request exactly as sent
    parts: RequestParts  # the same by part: its framing is what a reply must not merely copy
    frame: RequestFrame  # what it shows besides the conversation, the documents' numbers among it
    prompt: str  # the system prompt it opens with
    language: str  # the page's: the product's own words are written in it
    reach: float = 0.0  # how far back the question reaches (`graph.request.blocks.recall_reach`)
    whole: list[DocumentText] = field(default_factory=list)  # whole documents the message is about
    passages: list[DocumentText] = field(default_factory=list)  # passages retrieved for it
    cited_whole: frozenset[str] = frozenset()  # the titles of whole documents it cites
    recalled: list[RecalledTurn] = field(default_factory=list)  # the earlier turns it carries as excerpts

    @property
    def documents(self) -> list[DocumentText]:
        """Every document the message is about: the whole ones, then the passages."""
        return [*self.whole, *self.passages]


def lead_of(request: ReplyRequest, rules: ReplyRules, question: str) -> tuple[str, bool]:
    """The lines the product writes before the model, and whether they are the tools' results: those results (a
    model that cannot call tools), else, for a model that cannot read its request, the documents' line answering a
    question about them (or that they do not say it), or the person's own words answering a question about
    something said; empty when none applies."""
    turn = extract_current_turn(request.state.get("messages", []))
    if rules.textual_tools and (results := result_lead(turn, request.language)):
        return results, True
    documents = request.documents
    if not rules.quotes_memory or not (request.reach >= ASKS_BACK_REACH or bool(documents and request.reach)):
        return "", False
    parts = request.parts  # recent turns are not recalled: quotable too
    said: list[QuotableTurn] = [{"turn": n, "record": turn_record(n, "", turn)}
                                for n, turn in reversed(list(zip(parts.raw_numbers, parts.raw_turns, strict=False)))]
    recalled: list[QuotableTurn] = [*(request.state.get("recalled") or []), *said]
    if documents and (answer := document_answer(question, documents)) is not None:
        # the documents answer for themselves; a question about the person they do not answer may be remembered
        asks_back = request.reach >= ASKS_BACK_REACH and not answer.found
        return (asks_back and memory_lead(question, recalled)) or answer.text, False
    return memory_lead(question, recalled), False


def led_reply(ask: Ask, request: ReplyRequest, lead: str, by_tools: bool, rules: ReplyRules) -> AIMessage:
    """The lead, then the model's text only when it answers and does not contradict the lead: a model too late,
    or one that cannot read its memory (which adds nothing to the words quoted from it), leaves the lead alone."""
    response = AIMessage("")
    if by_tools or not rules.quotes_memory:
        try:
            response = ask(request.messages, None)
        except ModelDeadlineError:
            pass
    question = latest_user_text(request.state)
    check = turn_check(request.state, request.prompt, request.parts, request.messages)
    text = "" if check.verdict(message_text(response)) else message_text(response)
    follows = (led_by_results(lead, text) if by_tools else led_by_quote(lead, question, text)) != lead
    screen = screen_of(request, rules)
    content = f"{lead}\n\n{screened(screen, text)}".rstrip() if follows else lead
    return response.model_copy(update={"content": content})


def screen_of(request: ReplyRequest, rules: ReplyRules) -> ReplyScreen | None:
    """What the reply of a model that cannot read its request is screened of; None for one that can."""
    if not rules.quotes_memory:
        return None
    transcript = request.state.get("messages", [])
    question = latest_user_text(request.state)
    return ReplyScreen(calculation_asked(question, extract_current_turn(transcript)), grounds_of(question, transcript))


def cited(response: AIMessage, request: ReplyRequest) -> AIMessage:
    """The reply with the documents the request numbered for it and the turns it recalled in its metadata."""
    metadata = dict(response.response_metadata)
    if request.passages or request.cited_whole:
        numbers = document_numbers(request.frame)
        documents = [d for d in request.whole if d.get("title") in request.cited_whole] + request.passages
        metadata["sources"] = [CitedDocument(document=numbers[document_key(d)], title=d.get("title", ""))
                               for d in documents if document_key(d) in numbers]
    if request.recalled:
        metadata["recalled"] = sorted(item["turn"] for item in request.recalled)
    return response.model_copy(update={"response_metadata": metadata})


def without_app_marks(response: AIMessage) -> AIMessage:
    """The model's reply, empty when it holds nothing but the app's own marks (a stop mark, a quote in the app's
    format, a notice): those are never an answer of the model's, so the empty reply's path takes it."""
    return response.model_copy(update={"content": ""}) if only_app_marks(message_text(response)) else response


def finished(response: AIMessage, state: ChatState) -> AIMessage:
    """The reply past the last tool round answers without tools; one with neither text nor tool calls is no
    reply (EmptyReplyError: the turn stays open for Retry)."""
    if response.tool_calls and tool_rounds(state) >= MAX_TOOL_ROUNDS:
        response = AIMessage(response.content or TOOL_LIMIT_REPLY, id=response.id)
    if not response.tool_calls and not message_text(response).strip():
        raise EmptyReplyError("the model returned an empty reply")
    return response


def compose(model: Runnable, request: ReplyRequest, rules: ReplyRules) -> AIMessage:
    """The turn's reply as the person gets it, streamed as it is made: the product's lead first when it has one;
    then the model's text, checked against copying the request or an earlier reply, screened where the model
    cannot read its request, or the product's own answer where it cannot write the person's language; the tools'
    results stated, its sources cited, the tool rounds capped, never empty."""
    write = get_stream_writer()
    question = latest_user_text(request.state)
    lead, by_tools = lead_of(request, rules, question)
    if lead:  # the tools' results or the person's own words first, on screen as in the saved reply
        write({"token": lead + "\n\n"})

    def ask(messages: list[BaseMessage], guard: StreamGuard | None) -> AIMessage:
        return without_app_marks(clean_reply(well_formed_tool_calls(stream_reply(model, messages, rules.deadlines,
                                                                                 guard))))

    beyond = rules.cannot_write(question, request.language)
    if beyond:  # the model cannot write the person's language: the product answers alone, the model unasked
        response = own_answer(lead, question, beyond, request.state.get("messages", []), rules.other_models,
                              rules.offers_downloads)
    elif lead:
        response = led_reply(ask, request, lead, by_tools, rules)
    else:
        check = turn_check(request.state, request.prompt, request.parts, request.messages)
        screen = screen_of(request, rules)
        response = checked_reply(ask, request.messages, check, question, request.language, screen)
        response = acknowledged_if_empty(response, question, request.language) if screen else response
    if (beyond or lead) and message_text(response) != lead:
        write({"token": message_text(response).removeprefix(lead + "\n\n")})
    if rules.textual_tools and not lead and not beyond:
        response = stated_results(response, extract_current_turn(request.state.get("messages", [])))
    return finished(cited(response, request), request.state)
