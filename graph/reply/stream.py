"""The model's answer streamed: its tokens written to the graph's custom stream as far as the guard lets them
through, its tool calls kept only as the model gave them."""

from typing import cast

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.runnables import Runnable
from langgraph.config import get_config, get_stream_writer

from graph.models.cancel import stop_event_of
from graph.models.deadline import Deadlines, stream_within
from graph.reply.guard import StreamGuard
from graph.reply.tool_calls import strict_tool_calls


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
