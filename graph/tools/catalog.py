"""The tools the agent may call: arithmetic and the current date and time."""

from datetime import datetime

from langchain_core.tools import BaseTool, tool

from graph.tools.calculator import evaluate_expression


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
