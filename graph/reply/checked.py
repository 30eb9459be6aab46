"""The reply kept once it is an answer: cleaned of markup, and checked: a reply that only repeats the request's
framing or an earlier reply is asked for once more with a short correction, then replaced by a message saying
why."""

import logging
from collections.abc import Callable

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.config import get_stream_writer

from graph.reply.check import ReplyCheck
from graph.reply.clean_text import clean_model_text
from graph.reply.framing import before_marker
from graph.reply.guard import StreamGuard
from graph.reply.screen import ReplyScreen, ScreenedGuard
from graph.request.blocks import tells_about_self
from prompt.request_notes import FRAMING_CORRECTION, REPEAT_CORRECTION
from state.texts import localized
from state.turns import message_text

logger = logging.getLogger(__name__)

CORRECTIONS = {"framing": FRAMING_CORRECTION, "repeat": REPEAT_CORRECTION}

Ask = Callable[[list[BaseMessage], StreamGuard | None], AIMessage]


def clean_reply(response: AIMessage) -> AIMessage:
    """The reply without HTML entities or chat-template markup the model emitted, nor a reminder of the request
    it copied after its own words."""
    if not isinstance(response.content, str):
        return response
    cleaned = before_marker(clean_model_text(response.content))
    return response if cleaned == response.content else response.model_copy(update={"content": cleaned})


def checked_reply(ask: Ask, context: list[BaseMessage], check: ReplyCheck, user_text: str,
                  language: str, screen: ReplyScreen | None = None) -> AIMessage:
    """The reply once it is an answer: asked again once with a correction when it only repeats framing or an
    earlier reply, replaced by a clear message when the second is no better (a statement about the person, which
    asks nothing, by a short acknowledgement). Held-back text is never shown;
    when some of a rejected reply was shown, what follows starts on a new paragraph. The message is in `language`,
    the page's (the session's setting), whatever language the person wrote in. With a `screen`, only the sentences
    it shows are shown and kept."""
    write = get_stream_writer()
    request = context
    for attempt in range(2):
        guard = StreamGuard(check) if screen is None else ScreenedGuard(check, screen)
        response = ask(request, guard)
        verdict = None if response.tool_calls else check.verdict(message_text(response))
        if verdict is None:
            if rest := guard.rest():
                write({"token": rest})
            return guard.kept(response)
        logger.info("The reply repeated %s (attempt %d)", "the request's framing" if verdict == "framing"
                    else "an earlier reply", attempt + 1)
        if guard.written:
            write({"token": "\n\n"})
        if attempt == 0:
            request = [*context, HumanMessage(CORRECTIONS[verdict])]
    key = "reply_acknowledged" if tells_about_self(user_text) else f"reply_withheld_{verdict}"
    text = localized(language, key)
    write({"token": text})
    return AIMessage(text, id=response.id, response_metadata={**response.response_metadata, "withheld": verdict})
