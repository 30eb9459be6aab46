"""The tools the agent may call: arithmetic and the current date and time (in the person's time zone, told the way
the page's language writes it)."""

from datetime import datetime, tzinfo

from langchain_core.tools import BaseTool, tool
from langgraph.prebuilt import ToolRuntime

from graph.tools.calculator import evaluate_expression
from state.session import SessionSettings
from state.texts import localized
from state.time_zones import zone_named


@tool
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression, e.g. `123 * 456` or `sqrt(2) + log(10)`."""
    result = evaluate_expression(expression)
    if isinstance(result, float) and result.is_integer() and abs(result) < 1e15:
        result = int(result)
    return str(result)


def person_zone(runtime: ToolRuntime[SessionSettings] | None) -> tzinfo | None:
    """The time zone of the person the turn answers (their session's setting), None for the server's."""
    return zone_named(getattr(getattr(runtime, "context", None), "time_zone", ""))


def clock_reading(moment: datetime, language: str) -> str:
    """A moment as the clock tells it in a language: `2026-11-29 (일요일) 09:20:03 KST`, `2026-11-29 星期日 …`."""
    weekday = localized(language, "weekday_names").split(",")[moment.weekday()]
    return localized(language, "clock_reading", date=moment.strftime("%Y-%m-%d"), weekday=weekday,
                     time=moment.strftime("%H:%M:%S"), zone=moment.strftime("%Z")).strip()


@tool
def get_current_datetime(runtime: ToolRuntime[SessionSettings] = None) -> str:  # type: ignore[assignment]
    """Return the current local date, time and weekday."""
    language = getattr(getattr(runtime, "context", None), "language", "en")
    return clock_reading(datetime.now().astimezone(person_zone(runtime)), language)


DEFAULT_TOOLS: list[BaseTool] = [calculator, get_current_datetime]
