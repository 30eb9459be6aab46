"""The node that runs the agent's tool calls; a failing tool answers with `Error: ...`."""

from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from langgraph.prebuilt import ToolNode
from langgraph.prebuilt.tool_node import ToolCallRequest

MALFORMED_ARGUMENTS = "__malformed_arguments__"


def format_tool_error(error: Exception) -> str:
    """The text a failed tool call returns to the model (seed 003's error flow)."""
    return f"Error: {error}"


def refuse_malformed_calls(request: ToolCallRequest, execute):
    """A call whose arguments were not valid JSON is answered with an error the model can act on."""
    args = request.tool_call["args"]
    if MALFORMED_ARGUMENTS in args:
        return ToolMessage(
            f"Error: the arguments for {request.tool_call['name']} were not valid JSON "
            f"({str(args[MALFORMED_ARGUMENTS])[:200]!r}); call the tool again with valid JSON arguments.",
            tool_call_id=request.tool_call["id"],
            name=request.tool_call["name"],
            status="error",
        )
    return execute(request)


def make_tool_node(tools: list[BaseTool]) -> ToolNode:
    """Run every tool call of the last AI message; errors become `Error: ...` tool results."""
    return ToolNode(tools, handle_tool_errors=format_tool_error, wrap_tool_call=refuse_malformed_calls)
