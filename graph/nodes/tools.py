"""The node that runs the agent's tool calls; a failing, slow or stopped tool answers with `Error: ...`.

Every call runs under a deadline and its result under a size cap, enforced from outside the tool.
"""

from collections.abc import Callable

from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from langgraph.prebuilt import ToolNode
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from graph.models.cancel import GenerationStopped, stop_event_of
from graph.models.deadline import ModelDeadlineError, call_within
from graph.reply.tool_calls import MALFORMED_ARGUMENTS
from prompt.tools import MALFORMED_CALL, TOOL_CANCELLED, TOOL_ERROR, TOOL_RESULT_CUT, TOOL_TOO_SLOW

TOOL_TIMEOUT_SECONDS = 10.0
TOOL_RESULT_CHARS = 4_000  # about a thousand tokens: an eighth of the bundled model's context

Execute = Callable[[ToolCallRequest], ToolMessage | Command]


def format_tool_error(error: Exception) -> str:
    """The text a failed tool call returns to the model (seed 003's error flow)."""
    return TOOL_ERROR.format(error=error)


def _error(request: ToolCallRequest, text: str) -> ToolMessage:
    """A tool result the model can act on, marked as an error."""
    call = request.tool_call
    return ToolMessage(text, tool_call_id=call["id"], name=call["name"], status="error")


def refuse_malformed_calls(request: ToolCallRequest, execute: Execute) -> ToolMessage | Command:
    """A call the model got wrong (no name, arguments not a JSON object, a repeated id) is answered with an
    error the model can act on; the reason was written into it where the reply was read."""
    args = request.tool_call["args"]
    if MALFORMED_ARGUMENTS in args:
        return _error(request, MALFORMED_CALL.format(reason=str(args[MALFORMED_ARGUMENTS])[:300]))
    return execute(request)


def run_with_deadline(request: ToolCallRequest, execute: Execute, seconds: float) -> ToolMessage | Command:
    """Run the call on a worker thread in the caller's context (config and callbacks reach the tool) and stop
    waiting at the deadline or at Stop, so a slow tool cannot hold the turn."""
    try:
        return call_within(lambda: execute(request), seconds, stop_event_of(request.runtime.config))
    except GenerationStopped:
        return _error(request, TOOL_CANCELLED)
    except ModelDeadlineError:
        return _error(request, TOOL_TOO_SLOW.format(name=request.tool_call["name"], seconds=seconds))


def cap_result(result: ToolMessage | Command, chars: int) -> ToolMessage | Command:
    """Cut a text result past `chars` characters, saying so, so one tool cannot flood the context."""
    if not isinstance(result, ToolMessage) or not isinstance(result.content, str) or len(result.content) <= chars:
        return result
    note = TOOL_RESULT_CUT.format(total=len(result.content), shown=chars)
    return result.model_copy(update={"content": result.content[:chars] + note})


def make_tool_node(tools: list[BaseTool], timeout_seconds: float = TOOL_TIMEOUT_SECONDS,
                   result_chars: int = TOOL_RESULT_CHARS) -> ToolNode:
    """Run every tool call of the last AI message within its budget; errors become `Error: ...` results."""

    def bounded_call(request: ToolCallRequest, execute: Execute) -> ToolMessage | Command:
        return refuse_malformed_calls(
            request, lambda checked: cap_result(run_with_deadline(checked, execute, timeout_seconds), result_chars)
        )

    return ToolNode(tools, handle_tool_errors=format_tool_error, wrap_tool_call=bounded_call)
