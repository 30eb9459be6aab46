"""One session seen from outside the engine: its state as a page reads it, its settings, its turns as events."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage

from graph.memory.planner import plan_input
from graph.session.access import SessionNotFound
from graph.session.edits import SessionEdits
from graph.session.inputs import (
    checked_language,
    checked_rewrite,
    checked_settings,
    checked_text,
    clean_user_text,
    turn_input,
)
from graph.session.queue import TurnRun
from graph.session.turn import RewindFor, read_pending, restore_pending, start_turn
from graph.session.versions import SessionVersions, fork_turn
from state.refusals import Refused
from state.session import LiveTurn, SessionSettings, TurnEvent
from state.texts import localized
from state.turns import completed_turn_count, has_unfinished_turn, message_text


def refused(event: TurnEvent) -> TurnRun:
    """A turn that does not run: its one event says why."""
    return TurnRun(lambda run: iter([event])).start()


def refused_for(error: Refused, language: object) -> TurnRun:
    """A turn refused for what it was given, said in the page's language (English when that is what is wrong)."""
    return refused(TurnEvent("error", error.text(language if isinstance(language, str) else "en"),
                             {"code": error.key}))


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


class Session(SessionEdits, SessionVersions):
    """A handle on one session; cheap to make, so callers ask the engine for one whenever they need it."""

    def state(self) -> dict:
        """The saved ChatState values (messages, summary_history, turn_count, ...); reading changes nothing."""
        self._check()
        return self.services.read_state(self.id)

    def view(self) -> SessionView:
        """The state read once, with the last request the model was sent: all a page render needs."""
        return SessionView(self.state(), self.last_context())

    def recover(self) -> bool:
        """Put back the message of a turn a crash cut off (ready for Retry), unless a turn of the session runs
        here or on another instance; True when there was one. Every turn does this as it starts."""
        self._check()
        if self.services.turns.busy(self.id):
            return False
        with self.services.storage.session_lock(self.id, wait=False) as free:
            return bool(free) and restore_pending(self.services.runner, self.services.storage, self.id)

    def live_turn(self) -> LiveTurn | None:
        """The turn of this session running now in this process, as a page loaded meanwhile shows it: the question
        its journal holds until the run saves it, and what was streamed so far; None when none runs."""
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
        """The whole transcript."""
        return SessionView(self.state()).messages

    def turns_completed(self) -> int:
        """How many turns have a final answer."""
        return SessionView(self.state()).turns_completed

    def unfinished(self) -> bool:
        """Whether the last message still waits for its answer (a failed, stopped or crashed turn)."""
        return SessionView(self.state()).unfinished

    def last_context(self) -> list[BaseMessage]:
        """Exactly the messages the chat model was sent on its last call (kept by this process)."""
        self._check()
        return self.services.runner.last_requests.get(self.id)

    def save_settings(self, settings: SessionSettings | None = None, **changes: Any) -> SessionSettings:
        """Store new settings (whole, or the fields named); they apply from the next turn. ValueError says why a
        prompt or reminder cannot be saved (over its share of the budget)."""
        before = self.settings()
        updated = checked_settings(before, replace(settings or before, **changes), self.services.request_limit)
        self._claim()
        self.services.storage.save_settings(self.id, updated)
        return updated

    def summary_due(self, values: dict | None = None) -> list[list[int]]:
        """The turn spans the next turn will summarize before it answers (from `values` when already read)."""
        values, settings = self.state() if values is None else values, self.settings()
        return self.services.planner_of(settings).due_turns(plan_input(values, self.id, settings))

    def send(self, text: str, compression_rate: float | None = None, language: str = "en",
             attachments: Sequence[Mapping[str, object]] = ()) -> TurnRun:
        """Run a turn for `text`; iterate the result for its events. The rate, when given, becomes the session's;
        `attachments` describe the files sent with the message (`name`, and `tokens` or `refused`); a text or
        language that is not text is refused with an error event."""
        try:
            checked_language(language)
            clean = clean_user_text(checked_text(text))
        except Refused as error:
            return refused_for(error, language)
        if not clean:
            return refused(TurnEvent("error", localized(language, "empty_message"), {"code": "empty"}))
        try:
            rate = self._chosen_rate(compression_rate)
        except SessionNotFound:  # someone else's now: as if unknown, and nothing written
            return refused(TurnEvent("error", localized(language, "missing_session"), {"code": "not_found"}))
        except Refused as error:  # a rate that is no number
            return refused_for(error, language)
        return self._start(language, turn_input(clean, self.id, rate, attachments))

    def _chosen_rate(self, compression_rate: float | None) -> float:
        """The rate a turn runs at: the one given becomes the session's, else the session's own."""
        settings = self.settings()
        chosen = settings.with_rate(compression_rate)
        return (self.save_settings(chosen) if chosen != settings else settings).compression_rate  # saved if changed

    def regenerate(self, language: str = "en", answer_id: str | None = None, turn: int | None = None) -> TurnRun:
        """Answer a question again (the last one, or turn `turn`'s) as a new version of its turn, forked from the
        turn before; the earlier answer stays a version (`versions`, `show_version`). Refused (an error event,
        nothing changed) when the question has no answer yet or `answer_id` is no longer its answer, and when the
        turn is no number or the id no text."""
        try:
            checked_rewrite(language, turn, answer_id)
        except Refused as error:
            return refused_for(error, language)

        def same_question(question: HumanMessage) -> dict:
            return turn_input(question, self.id, self.settings().compression_rate)
        return self._start(language, rewind=lambda: fork_turn(self.services, self.id, language, turn, True,
                                                               same_question, answer_id))

    def edit_last(self, text: str, compression_rate: float | None = None, language: str = "en",
                  question_id: str | None = None) -> TurnRun:
        """Ask `text` in place of the last question, as a new version of that turn (see `edit`)."""
        return self.edit(None, text, compression_rate, language, question_id)

    def edit(self, turn: int | None, text: str, compression_rate: float | None = None, language: str = "en",
             question_id: str | None = None) -> TurnRun:
        """Ask `text` in place of turn `turn`'s question (None: the last): the conversation forks from the turn
        before, and the earlier question with all that followed it stays a version. Refused like `send` when
        `text` is empty, and when `question_id` is no longer that turn's question; refused as well when the turn is
        no number, or the text, language or id no text."""
        try:
            checked_rewrite(language, turn, question_id, text)
        except Refused as error:
            return refused_for(error, language)
        clean = clean_user_text(text)
        if not clean:
            return self.send(text, compression_rate, language)
        try:
            rate = self._chosen_rate(compression_rate)
        except SessionNotFound:
            return refused(TurnEvent("error", localized(language, "missing_session"), {"code": "not_found"}))
        except Refused as error:
            return refused_for(error, language)
        edited = turn_input(clean, self.id, rate)
        return self._start(language, rewind=lambda: fork_turn(
            self.services, self.id, language, turn, False, lambda question: edited, question_id))

    def resume(self, language: str = "en") -> TurnRun:
        """Resume the unfinished turn from its saved step (Retry), streaming its events."""
        try:
            checked_language(language)
        except Refused as error:
            return refused_for(error, language)
        return self._start(language)

    def retry(self, language: str = "en") -> list[TurnEvent]:
        """Resume the unfinished turn and wait for it; returns its events."""
        return self.resume(language).wait()

    def stop(self) -> None:
        """Stop the reply this session is streaming, keeping what was streamed; a message waiting its turn
        (sent from another tab) is not touched and still gets its answer."""
        self._check()
        run = self.services.turns.active(self.id)
        if run is not None:
            run.stop()

    def wait_turn(self) -> None:
        """Wait until this session's running turn (if any, in this process) has ended and saved itself."""
        for run in self.services.turns.runs(self.id):
            run.wait()

    def prepare(self, compression_rate: float | None = None, language: str = "") -> None:
        """Make the next summary ahead of time (after a turn, or when the rate changed), labelled in the page's
        `language` ('' for the saved settings')."""
        rate = self.settings().with_rate(compression_rate).compression_rate
        generation = self.services.generation(self.id)
        self.services.prefetcher.schedule(self.id, rate, lambda: self.services.generation(self.id) == generation,
                                          checked_language(language))

    def _start(self, language: str, payload: dict | None = None, rewind: RewindFor | None = None) -> TurnRun:
        """Queue the turn behind the ones sent before it and start it (`graph.session.turn`)."""
        return start_turn(self.services, self.id, self.owner, language, payload, rewind)
