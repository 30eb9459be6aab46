"""For a model that cannot call tools: its turns show tool results as notes, and its reply is made to state them."""

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.reply.tool_results import with_result
from prompt.tools import RESULT_AS_TEXT
from state.messages import message_text


def tools_as_text(turn: Sequence[BaseMessage]) -> list[BaseMessage]:
    """A turn for a model that cannot call tools: tool calls leave, tool results become plain notes."""
    shown: list[BaseMessage] = []
    for message in turn:
        if isinstance(message, ToolMessage):
            shown.append(HumanMessage(RESULT_AS_TEXT.format(name=message.name or "tool", text=message_text(message)),
                                      id=message.id))
        elif isinstance(message, AIMessage) and message.tool_calls:
            if message_text(message).strip():
                shown.append(AIMessage(message_text(message), id=message.id))
        else:
            shown.append(message)
    return shown


def stated_results(response: AIMessage, current: Sequence[BaseMessage]) -> AIMessage:
    """The reply with every result of the current turn's tools in it (a small model may garble them)."""
    text = message_text(response)
    for message in current:
        if isinstance(message, ToolMessage):
            text = with_result(text, message.name or "", message_text(message))
    return response if text == message_text(response) else response.model_copy(update={"content": text})
