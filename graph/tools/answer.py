"""A tool's result must reach the person even when a small model garbles it: check the reply, add it if not."""

import re

_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_DATE_PARTS = re.compile(r"(\d{4}-\d{2}-\d{2})|(\d{1,2}:\d{2})")


def _numbers(text: str) -> set[str]:
    return {match.replace(",", "") for match in _NUMBER.findall(text)}


def states_result(reply: str, tool: str, result: str) -> bool:
    """Whether the reply already gives the tool's result (the number, or the date or time)."""
    if result.startswith("Error:"):
        return True  # the model explains a failure in its own words
    if tool == "get_current_datetime":
        parts = [part for pair in _DATE_PARTS.findall(result) for part in pair if part]
        return any(part in reply for part in parts)
    wanted = _numbers(result)
    if wanted:
        return wanted <= _numbers(reply)
    return re.search(rf"(?<!\w){re.escape(result.strip())}(?!\w)", reply) is not None


def with_result(reply: str, tool: str, result: str) -> str:
    """The reply, with the tool's result stated at its end when the reply does not give it."""
    if states_result(reply, tool, result):
        return reply
    return f"{reply.rstrip()} ({tool}: {result})".strip()
