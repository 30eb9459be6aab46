"""One session seen from outside the engine: its turns as events, its settings; the reads and edits are its parts."""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from langchain_core.messages import HumanMessage

from graph.session.access import SessionNotFound
from graph.session.edits import SessionEdits
from graph.session.inputs import (
    StateInput,
    checked_language,
    checked_rewrite,
    checked_settings,
    checked_text,
    clean_user_text,
    turn_input,
)
from graph.session.queue import TurnRun
from graph.session.reads import SessionReads
from graph.session.turn import RewindFor, restore_pending, start_turn
from graph.session.versions import SessionVersions, fork_turn
from state.refusals import Refused
from state.session import SessionSettings, TurnEvent
from state.texts import localized


def refused(event: TurnEvent) -> TurnRun:
    """A turn that does not run: its one event says why."""
    return TurnRun(lambda run: iter([event])).start()


def refused_for(error: Refused, language: object) -> TurnRun:
    """A turn refused for what it was given, said in the page's language (English when that is what is wrong)."""
    return refused(TurnEvent("error", error.text(language if isinstance(language, str) else "en"),
                             {"code": error.key}))


class Session(SessionReads, SessionEdits, SessionVersions):
    """A handle on one session; cheap to make, so callers ask the engine for one whenever they need it.

    Its turns (`send`, `regenerate`, `edit`, `resume`) never raise for what a caller passes: a refused one is a
    `TurnRun` whose one event is an "error" with a readable text and a `code`. Reading is in `SessionReads`, pins,
    summaries and documents in `SessionEdits`, versions in `SessionVersions`.
    """

    def recover(self) -> bool:
        """Put back the message of a turn a crash cut off, so it waits for Retry instead of being lost.

        Every turn does this as it starts; a page calls it on load. Nothing is done while a turn of the session
        runs here or on another instance.

        Returns:
            True when a cut-off message was put back.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        if self.services.turns.busy(self.id):
            return False
        with self.services.storage.session_lock(self.id, wait=False) as free:
            return bool(free) and restore_pending(self.services.runner, self.services.storage, self.id)

    def save_settings(self, settings: SessionSettings | None = None, **changes: Any) -> SessionSettings:
        """Store the session's own settings (policy, prompts, budget, rate, model); they apply from the next turn.

        Args:
            settings: The whole new settings, or None to start from the saved ones.
            **changes: `SessionSettings` fields to change, e.g. `context_policy="sliding_window"`.

        Returns:
            The settings as saved: texts cleaned, numbers brought within their bounds.

        Raises:
            ValueError: A prompt or reminder that changed is over its share of the budget (nothing is saved).
            TypeError: A keyword names no `SessionSettings` field.
            SessionNotFound: The id is another owner's session.
        """
        before = self.settings()
        updated = checked_settings(before, replace(settings or before, **changes), self.services.request_limit)
        self._claim()
        self.services.storage.save_settings(self.id, updated)
        return updated

    def send(self, text: str, compression_rate: float | None = None, language: str = "en",
             attachments: Sequence[Mapping[str, object]] = ()) -> TurnRun:
        """Run a turn for the person's message: everything a turn needs, in the order the session's turns were sent.

        The turn waits behind the session's earlier ones, takes its lock, journals the message, numbers the turn,
        runs the graph and saves once; recall's index, the title and the next summary follow in the background.

        Args:
            text: The person's message (control characters are removed; empty text is refused).
            compression_rate: The summaries' rate (0.1-0.5); when given it becomes the session's.
            language: The page's language ("ko", "en" or "zh") for notices, labels and refusals.
            attachments: The files sent with the message: `name`, and `tokens` or `refused`.

        Returns:
            The running turn: iterate it for `TurnEvent`s ("token", "tool", "summary", "notice", "reply",
            "error") or `wait()` for all of them. A refused message (empty, not text, another owner's session, a
            rate that is no number) gives a turn whose one event is an "error".
        """
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
        """Answer a question again as a new version of its turn; the earlier answer stays a version to switch back to.

        The conversation forks from the turn before (`versions`, `show_version`).

        Args:
            language: The page's language for the turn's events.
            answer_id: The id of the answer the person saw, or None; refused when it is no longer the answer.
            turn: The turn to answer again, or None for the last one.

        Returns:
            The running turn, as `send` returns it; refused (one "error" event, nothing changed) when the question
            has no answer yet, `answer_id` is stale, the turn is no number or the id no text.
        """
        try:
            checked_rewrite(language, turn, answer_id)
        except Refused as error:
            return refused_for(error, language)

        def same_question(question: HumanMessage) -> StateInput:
            return turn_input(question, self.id, self.settings().compression_rate)
        return self._start(language, rewind=lambda: fork_turn(self.services, self.id, language, turn, True,
                                                               same_question, answer_id))

    def edit_last(self, text: str, compression_rate: float | None = None, language: str = "en",
                  question_id: str | None = None) -> TurnRun:
        """Ask `text` in place of the last question: `edit(None, ...)`, for a page's last bubble."""
        return self.edit(None, text, compression_rate, language, question_id)

    def edit(self, turn: int | None, text: str, compression_rate: float | None = None, language: str = "en",
             question_id: str | None = None) -> TurnRun:
        """Ask `text` in place of an earlier question; the earlier question with all that followed stays a version.

        Args:
            turn: The turn whose question is replaced, or None for the last one.
            text: The new question; empty text is refused like `send`'s.
            compression_rate: The summaries' rate; when given it becomes the session's.
            language: The page's language for the turn's events.
            question_id: The id of the question the person edited, or None; refused when it is no longer that
                turn's question.

        Returns:
            The running turn, as `send` returns it; refused (one "error" event, nothing changed) for a stale id, a
            turn that is no number, or a text, language or id that is no text.
        """
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
        """Resume the unfinished turn from its saved step (Retry), so a failed call costs no message.

        Args:
            language: The page's language for the turn's events.

        Returns:
            The running turn, as `send` returns it.
        """
        try:
            checked_language(language)
        except Refused as error:
            return refused_for(error, language)
        return self._start(language)

    def retry(self, language: str = "en") -> list[TurnEvent]:
        """Resume the unfinished turn and wait for it, for callers that do not stream (the terminal, scripts).

        Args:
            language: The page's language for the turn's events.

        Returns:
            The turn's events, in order.
        """
        return self.resume(language).wait()

    def stop(self) -> None:
        """Stop the reply this session is streaming, keeping what was streamed as the answer.

        A message waiting its turn (sent from another tab) is not touched and still gets its answer.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        run = self.services.turns.active(self.id)
        if run is not None:
            run.stop()

    def wait_turn(self) -> None:
        """Block until this session's turns running in this process have ended and saved themselves."""
        for run in self.services.turns.runs(self.id):
            run.wait()

    def prepare(self, compression_rate: float | None = None, language: str = "") -> None:
        """Make the next summary ahead of time in the background, so the turn that needs it does not wait.

        Args:
            compression_rate: The rate to summarize at, or None for the session's.
            language: The page's language for the summary's labels, or "" for the saved settings'.

        Raises:
            WrongType: The language is not text.
            SessionNotFound: The id is another owner's session.
        """
        rate = self.settings().with_rate(compression_rate).compression_rate
        resets_before = self.services.resets(self.id)
        self.services.preparer.schedule(self.id, rate, lambda: self.services.resets(self.id) == resets_before,
                                        checked_language(language))

    def _start(self, language: str, payload: StateInput | None = None, rewind: RewindFor | None = None) -> TurnRun:
        """Queue the turn behind the ones sent before it and start it (`graph.session.turn`)."""
        return start_turn(self.services, self.id, self.owner, language, payload, rewind)
