"""A session as one page render sees it: its state read once, with what the UI derives from it."""

from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import BaseMessage

from state.turns import completed_turn_count, has_unfinished_turn


@dataclass(frozen=True)
class SessionView:
    """The saved values of a session at one moment, and the last request its model was sent."""

    values: dict[str, Any]
    last_context: list[BaseMessage] = field(default_factory=list)

    @property
    def messages(self) -> list[BaseMessage]:
        return list(self.values.get("messages", []))

    @property
    def turns_completed(self) -> int:
        return completed_turn_count(self.values.get("messages", []))

    @property
    def unfinished(self) -> bool:
        return has_unfinished_turn(self.values.get("messages", []))

    def get(self, key: str, default: Any = None) -> Any:
        """A saved value by its ChatState key."""
        return self.values.get(key, default)
