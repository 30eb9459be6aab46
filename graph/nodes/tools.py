"""The agent's tools and the node that runs them; a failing tool answers with `Error: ...`."""

from datetime import datetime

from langchain_core.tools import BaseTool, tool
from langgraph.prebuilt import ToolNode

from graph.calculator import evaluate_expression


@tool
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression, e.g. `123 * 456` or `sqrt(2) + log(10)`."""
    result = evaluate_expression(expression)
    if isinstance(result, float) and result.is_integer() and abs(result) < 1e15:
        result = int(result)
    return str(result)


@tool
def get_current_datetime() -> str:
    """Return the current local date, time and weekday."""
    return datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S %Z (%A)")


DEFAULT_TOOLS: list[BaseTool] = [calculator, get_current_datetime]


def format_tool_error(error: Exception) -> str:
    """The text a failed tool call returns to the model (seed 003's error flow)."""
    return f"Error: {error}"


def make_tool_node(tools: list[BaseTool]) -> ToolNode:
    """Run every tool call of the last AI message; errors become `Error: ...` tool results."""
    return ToolNode(tools, handle_tool_errors=format_tool_error)
