"""Faults a model endpoint really produces, and a model that produces them on chosen calls."""

import httpx
import openai
from langchain_core.messages import AIMessage

from tests.fakes import ScriptedChatModel

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
