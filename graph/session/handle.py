"""One session seen from outside the engine: its state and settings, and its turns as events."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from langchain_core.messages import BaseMessage

from graph.memory.edit import deleted_record, edited_record
from graph.session.payload import turn_input
from graph.session.transcript import completed_turn_count, first_user_text, has_unfinished_turn
from graph.session.turn_run import TurnRun
from graph.session.user_input import clean_user_text
from state.rates import clamp_rate
from state.session import DocumentInfo, SessionSettings, TurnEvent

if TYPE_CHECKING:
    from graph.engine import Engine

EMPTY_MESSAGE = {"en": "An empty message cannot be sent.", "ko": "빈 메시지는 보낼 수 없습니다."}
CANCELLED = {"en": "This message was not sent: the chat closed or the session was deleted before its turn came.",
             "ko": "이 메시지는 보내지지 않았습니다: 차례가 오기 전에 대화가 닫히거나 세션이 삭제되었습니다."}


class Session:
    """A handle on one session; cheap to make, so callers ask the engine for one whenever they need it."""

    def __init__(self, engine: Engine, session_id: str) -> None:
        self.engine, self.id = engine, session_id

    def state(self) -> dict:
        """The ChatState values (messages, summary_history, turn_count, ...), a crashed turn's message restored."""
        if not self.engine.turns.busy(self.id):
            with self.engine.storage.session_lock(self.id, wait=False) as free:
                if free:  # nobody runs this session here or on another instance
                    self.engine.runner.recover(self.id)
        return self.engine.read_state(self.id)

    def messages(self) -> list[BaseMessage]:
        """The whole transcript."""
        return list(self.state().get("messages", []))

    def turns_completed(self) -> int:
        """How many turns have a final answer."""
        return completed_turn_count(self.messages())

    def unfinished(self) -> bool:
        """Whether the last message still waits for its answer (a failed, stopped or crashed turn)."""
        return has_unfinished_turn(self.messages())

    def last_context(self) -> list[BaseMessage]:
        """Exactly the messages the chat model was sent on its last call."""
        return list(self.state().get("context_messages", []))

    def settings(self) -> SessionSettings:
        """The session's own settings (policy, prompts, modifiers, compression rate, recall)."""
        return self.engine.storage.load_settings(self.id)

    def save_settings(self, settings: SessionSettings | None = None, **changes: Any) -> SessionSettings:
        """Store new settings (whole, or the fields named); they apply from the next turn."""
        updated = replace(settings or self.settings(), **changes)
        updated = replace(updated, compression_rate=clamp_rate(updated.compression_rate))
        self.engine.storage.save_settings(self.id, updated)
        return updated

    def summary_due(self) -> list[list[int]]:
        """The turn spans the next turn will summarize before it answers."""
        return self.engine.planner.due_turns({**self.state(), **self._policy_values()})

    def _policy_values(self) -> dict:
        settings = self.settings()
        return {"context_policy": settings.context_policy, "session_id": self.id}

    def send(self, text: str, compression_rate: float | None = None, language: str = "en") -> TurnRun:
        """Run a turn for `text`; iterate the result for its events. The rate, when given, becomes the session's."""
        clean = clean_user_text(text)
        if not clean:
            refusal = TurnEvent("error", EMPTY_MESSAGE.get(language, EMPTY_MESSAGE["en"]), {"code": "empty"})
            return TurnRun(lambda run: iter([refusal])).start()
        settings = self.settings()
        if compression_rate is not None and clamp_rate(compression_rate) != settings.compression_rate:
            settings = self.save_settings(settings, compression_rate=compression_rate)
        payload = turn_input(clean, self.id, settings, settings.compression_rate)
        return self._start(payload, settings.compression_rate, language)

    def resume(self, language: str = "en") -> TurnRun:
        """Resume the unfinished turn from its saved step (Retry), streaming its events."""
        return self._start(None, self.settings().compression_rate, language)

    def retry(self, language: str = "en") -> list[TurnEvent]:
        """Resume the unfinished turn and wait for it; returns its events."""
        return self.resume(language).wait()

    def stop(self) -> None:
        """Stop the reply this session is streaming, keeping what was streamed; a message waiting its turn
        (sent from another tab) is not touched and still gets its answer."""
        run = self.engine.turns.active(self.id)
        if run is not None:
            run.stop()

    def wait_turn(self) -> None:
        """Wait until this session's running turn (if any, in this process) has ended and saved itself."""
        for run in self.engine.turns.runs(self.id):
            run.wait()

    def prepare(self, compression_rate: float | None = None) -> None:
        """Make the next summary ahead of time (after a turn, or when the rate changed)."""
        rate = self.settings().compression_rate if compression_rate is None else compression_rate
        generation = self.engine.generation(self.id)
        self.engine.prefetcher.schedule(self.id, rate, lambda: self.engine.generation(self.id) == generation)

    def _start(self, payload: dict | None, rate: float, language: str) -> TurnRun:
        """Queue the turn behind the ones sent before it and start its thread."""
        engine, session_id = self.engine, self.id

        def work(run: TurnRun) -> Iterator[TurnEvent]:
            generation = engine.generation(session_id)
            if not engine.turns.wait_turn(session_id, run):
                yield TurnEvent("error", CANCELLED.get(language, CANCELLED["en"]), {"code": "cancelled"})
                return
            with engine.storage.session_lock(session_id):
                if run.cancelled.is_set():
                    yield TurnEvent("error", CANCELLED.get(language, CANCELLED["en"]), {"code": "cancelled"})
                    return
                engine.turns.begin(session_id, run)
                yield from engine.runner.run(session_id, payload, run.stop_event, language)
                messages = engine.read_state(session_id).get("messages", [])
                engine.recall.index_session(session_id, messages)
                title = first_user_text(messages)
                if title:
                    engine.storage.record_session(session_id, title, completed_turn_count(messages))
            engine.prefetcher.schedule(session_id, rate, lambda: engine.generation(session_id) == generation)

        run = TurnRun(work, on_exit=lambda: engine.turns.leave(session_id, run))
        engine.turns.join(session_id, run)
        return run.start()

    def pin(self, message_id: str, pinned: bool = True) -> None:
        """Keep a message whole in every later context (never summarized away), or stop doing so."""
        with self.engine.storage.session_lock(self.id):
            current = list(self.engine.read_state(self.id).get("pinned") or [])
            updated = [*current, message_id] if pinned and message_id not in current else current
            updated = updated if pinned else [mid for mid in current if mid != message_id]
            self.engine.update_state(self.id, {"pinned": updated})

    def edit_summary(self, first_turn: int, text: str | None, level: int = 1) -> None:
        """Replace a summary's text (what the model sees from the next turn; the record keeps its original),
        or with None take it out of the context (the panel still lists it)."""
        if text is not None and not text.strip():
            raise ValueError("a summary cannot be empty")
        key = "summary_history" if level <= 1 else "consolidated"
        with self.engine.storage.session_lock(self.id):
            records = list(self.engine.read_state(self.id).get(key) or [])
            index = next((i for i, r in enumerate(records) if r["turns"][0] == first_turn
                          and r.get("level", 1) == level), None)
            if index is None:
                raise KeyError(f"no summary starts at turn {first_turn}")
            records[index] = deleted_record(records[index]) if text is None else edited_record(records[index],
                                                                                                 text.strip())
            self.engine.update_state(self.id, {key: records})

    def summarize_now(self, compression_rate: float | None = None) -> bool:
        """Summarize the completed turns not summarized yet (all but the last), at once; False when none."""
        rate = self.settings().compression_rate if compression_rate is None else clamp_rate(compression_rate)
        with self.engine.storage.session_lock(self.id):
            values = {**self.engine.read_state(self.id), **self._policy_values()}
            record = self.engine.planner.summarize_now(values, rate)
            if record is None:
                return False
            history = [*(values.get("summary_history") or []), record]
            self.engine.update_state(self.id, {"summary_history": history})
        return True

    def turn_excerpts(self, turns: list[int]) -> list[dict]:
        """The records of these earlier turns as recall shows them to the model (turn, date, user, assistant)."""
        records = self.engine.storage.recall_records(self.id, turns)
        return [records[turn] for turn in turns if turn in records]

    def documents(self) -> list[DocumentInfo]:
        """The session's documents."""
        return self.engine.documents.list_documents(self.id)

    def add_document(self, name: str, data: bytes) -> DocumentInfo:
        """Read and store an uploaded file; DocumentRefused says why one cannot be added."""
        return self.engine.documents.add(self.id, name, self.engine.read_document(name, data))

    def remove_document(self, document_id: int) -> None:
        """Remove one of the session's documents."""
        self.engine.documents.remove(self.id, document_id)

