"""Faults a model endpoint really produces, and a model that produces them on chosen calls."""

import httpx
import openai
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from tests.fakes.models import ScriptedChatModel

_REQUEST = httpx.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


def timeout() -> Exception:
    return openai.APITimeoutError(request=_REQUEST)


def connection_refused() -> Exception:
    return openai.APIConnectionError(request=_REQUEST)


def server_error() -> Exception:
    return openai.InternalServerError("boom", response=httpx.Response(500, request=_REQUEST), body=None)


def malformed_tool_call() -> AIMessage:
    return AIMessage("", invalid_tool_calls=[{"name": "calculator", "args": "{'expression': 1+", "id": "bad-1",
                                              "error": "not JSON", "type": "invalid_tool_call"}])


def empty_reply() -> AIMessage:
    return AIMessage("")


FAULTS = [timeout, connection_refused, server_error, malformed_tool_call, empty_reply]
RAISING = [timeout, connection_refused, server_error]


class FaultyModel(ScriptedChatModel):
    """A scripted model that answers call number k (0-based) with `faults[k]` instead."""

    faults: dict = {}

    def _next(self, messages):
        index = len(self.calls)
        if index in self.faults:
            self.calls.append(list(messages))
            fault = self.faults[index]()
            if isinstance(fault, Exception):
                raise fault
            return fault
        return super()._next(messages)


class GenerateOnlyFaultyModel(FaultyModel):
    """The same model implementing only `_generate`: its `stream()` yields one whole AIMessage."""

    _stream = BaseChatModel._stream  # type: ignore[assignment]


MODEL_KINDS = ["streaming", "generate_only", "disable_streaming", "tool_calling"]
CLOCK_CALL = "clock-"


def calling_a_tool_first(reply):
    """A reply function that asks for the date (a real tool call) before every answer `reply` gives."""
    def answer(messages: list[BaseMessage]) -> AIMessage | str:
        last = messages[-1]
        if isinstance(last, HumanMessage):
            return AIMessage("", tool_calls=[{"name": "get_current_datetime", "args": {},
                                              "id": f"{CLOCK_CALL}{len(messages)}"}])
        if isinstance(last, ToolMessage) and last.tool_call_id.startswith(CLOCK_CALL):
            return reply(messages[:-2])
        return reply(messages)
    return answer


def model_of_kind(kind: str, reply, faults: dict | None = None, **fields) -> FaultyModel:
    """A faulty model of one kind of the matrix every turn-level fault test runs over."""
    if kind == "generate_only":
        return GenerateOnlyFaultyModel(reply=reply, faults=faults or {}, **fields)
    if kind == "disable_streaming":
        return FaultyModel(reply=reply, faults=faults or {}, disable_streaming=True, **fields)
    if kind == "tool_calling":
        return FaultyModel(reply=calling_a_tool_first(reply), faults=faults or {}, **fields)
    return FaultyModel(reply=reply, faults=faults or {}, **fields)
