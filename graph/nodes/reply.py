"""The model's reply as the person gets it: streamed as far as it is safe to show, cleaned of markup, and
checked: a reply that only repeats the request's framing or an earlier reply is asked for once more with a
short correction, then replaced by a message saying why."""

import logging
from collections.abc import Callable
from typing import cast

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage
from langchain_core.runnables import Runnable
from langgraph.config import get_config, get_stream_writer

from graph.models.cancel import stop_event_of
from graph.models.clean_text import clean_model_text
from graph.models.deadline import Deadlines, stream_within
from graph.nodes.reply_check import ReplyCheck, StreamGuard
from graph.nodes.tool_calls import strict_tool_calls
from graph.request.blocks import tells_about_self
from graph.request.framing import before_marker
from prompt.context import FRAMING_CORRECTION, REPEAT_CORRECTION
from state.messages import message_text
from state.texts import localized

logger = logging.getLogger(__name__)

CORRECTIONS = {"framing": FRAMING_CORRECTION, "repeat": REPEAT_CORRECTION}

Ask = Callable[[list[BaseMessage], StreamGuard | None], AIMessage]


def stream_reply(model: Runnable, context: list[BaseMessage], deadlines: Deadlines,
                 guard: StreamGuard | None = None) -> AIMessage:
    """The model's answer, its tokens written to the graph's custom stream as the guard lets them through (the
    turn runner shows them); cheaper than LangGraph's "messages" stream mode, which rescans every node's input.

    A model that does not stream (only `_generate`, or `disable_streaming`) yields one whole message. Without a
    guard nothing is written (the caller shows the reply once it is checked).
    """
    write = get_stream_writer()
    reply: AIMessageChunk | None = None
    chunks = stream_within(model, context, deadlines, stop_event_of(get_config()))
    try:
        for chunk in chunks:
            if guard is not None and isinstance(chunk.content, str) and chunk.content:
                if shown := guard.feed(chunk.content):
                    write({"token": shown})
            if not isinstance(chunk, AIMessageChunk):
                return cast(AIMessage, chunk)
            reply = chunk if reply is None else reply + chunk
            if guard is not None and guard.doomed:
                break  # held back and already no answer: the model stops writing it
    finally:
        chunks.close()  # the server stops generating for a stream nobody reads
    if reply is None:
        return AIMessage("")
    return strict_tool_calls(reply)


def clean_reply(response: AIMessage) -> AIMessage:
    """The reply without HTML entities or chat-template markup the model emitted, nor a reminder of the request
    it copied after its own words."""
    if not isinstance(response.content, str):
        return response
    cleaned = before_marker(clean_model_text(response.content))
    return response if cleaned == response.content else response.model_copy(update={"content": cleaned})


def checked_reply(ask: Ask, context: list[BaseMessage], check: ReplyCheck, user_text: str,
                  language: str) -> AIMessage:
    """The reply once it is an answer: asked again once with a correction when it only repeats framing or an
    earlier reply, replaced by a clear message when the second is no better (a statement about the person, which
    asks nothing, by a short acknowledgement). Held-back text is never shown;
    when some of a rejected reply was shown, what follows starts on a new paragraph. The message is in `language`,
    the page's (the session's setting), whatever language the person wrote in."""
    write = get_stream_writer()
    request = context
    for attempt in range(2):
        guard = StreamGuard(check)
        response = ask(request, guard)
        verdict = None if response.tool_calls else check.verdict(message_text(response))
        if verdict is None:
            if rest := guard.rest():
                write({"token": rest})
            return response
        logger.info("The reply repeated %s (attempt %d)", "the request's framing" if verdict == "framing"
                    else "an earlier reply", attempt + 1)
        if guard.shown:
            write({"token": "\n\n"})
        if attempt == 0:
            request = [*context, HumanMessage(CORRECTIONS[verdict])]
    key = "reply_acknowledged" if tells_about_self(user_text) else f"reply_withheld_{verdict}"
    text = localized(language, key)
    write({"token": text})
    return AIMessage(text, id=response.id, response_metadata={**response.response_metadata, "withheld": verdict})
