"""What a session's handle reads without changing anything: its saved state, the running turn, the last request."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import BaseMessage

from graph.memory.planner import plan_input
from graph.session.access import SessionAccess
from graph.session.turn import read_pending
from state.session import LiveTurn
from state.turns import completed_turn_count, has_unfinished_turn, message_text


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


class SessionReads(SessionAccess):
    """Reading one session (a part of its handle): every call checks the owner, none writes."""

    def state(self) -> dict[str, Any]:
        """The saved ChatState values, for a page, an export or a check; reading changes nothing.

        Returns:
            The values of the session's newest checkpoint (`messages`, `summary_history`, `turn_count`, ...);
            an empty dict for a session not begun.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        return self.services.read_state(self.id)

    def view(self) -> SessionView:
        """The state read once with the last request the model was sent: all a page render needs, read together.

        Returns:
            A `SessionView` of the saved values and `last_context()`.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        return SessionView(self.state(), self.last_context())

    def live_turn(self) -> LiveTurn | None:
        """The turn running now in this process as a page loaded meanwhile shows it, so a reload follows it.

        Returns:
            The question its journal holds until the run saves it and what was streamed so far; None when no
            turn runs, or its answer is saved already (the transcript shows it whole).

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        run = self.services.turns.active(self.id)
        if run is None or run.is_answered.is_set():
            return None  # none runs, or its answer is saved and shown with the transcript
        pending = read_pending(self.services.storage, self.id)
        if pending is None and not self.unfinished():
            return None  # saved already: the transcript shows it whole
        question = message_text(pending["messages"][0]) if pending else ""
        return LiveTurn(question, run.streamed)

    def messages(self) -> list[BaseMessage]:
        """The whole transcript, kept in full whatever the summaries hold.

        Returns:
            Every Human, AI and Tool message of the version shown, oldest first.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        return SessionView(self.state()).messages

    def turns_completed(self) -> int:
        """How many turns have a final answer: the next turn's number is this plus one.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        return SessionView(self.state()).turns_completed

    def unfinished(self) -> bool:
        """Whether the last message still waits for its answer (a failed, stopped or crashed turn: Retry resumes it).

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        return SessionView(self.state()).unfinished

    def last_context(self) -> list[BaseMessage]:
        """Exactly the messages the chat model was sent on its last call, to show what it saw.

        Returns:
            The request as sent (kept in this process's memory only); empty before the first call here.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        return self.services.runner.last_requests.get(self.id)

    def summary_due(self, values: Mapping[str, Any] | None = None) -> list[list[int]]:
        """The turn spans the next turn will summarize before it answers, so a page can say a summary is coming (not
        those it leaves to the summary being made ahead of it).

        Args:
            values: The session's state when already read (`state()`), else None to read it.

        Returns:
            Each span as its turn numbers, e.g. `[[4, 5, 6]]`; empty when no summary is due.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        values, settings = self.state() if values is None else values, self.settings()
        return self.services.planner_of(settings).due_turns(plan_input(values, self.id, settings),
                                                           self.services.preparer.under_way(self.id))
