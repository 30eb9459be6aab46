"""One session seen from outside the engine: its state and settings, and its turns as events."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from langchain_core.messages import BaseMessage

from graph.memory.edit import deleted_record, edited_record
from graph.session.payload import turn_input
from graph.session.transcript import completed_turn_count, first_user_text, has_unfinished_turn
from graph.session.user_input import clean_user_text
from state.rates import clamp_rate
from state.session import DocumentInfo, SessionSettings, TurnEvent

if TYPE_CHECKING:
    from graph.engine import Engine

EMPTY_MESSAGE = {"en": "An empty message cannot be sent.", "ko": "빈 메시지는 보낼 수 없습니다."}
_DONE = object()


class TurnRun:
    """A turn running on its own thread: iterate it for events as they come; closing it stops the turn.

    The engine starts it at once, so a turn runs even if nobody iterates; `wait()` returns every event.
    """

    def __init__(self, work: Callable[[threading.Event], Iterator[TurnEvent]],
                 on_exit: Callable[[], None] = lambda: None) -> None:
        self.stop_event = threading.Event()
        self.events: list[TurnEvent] = []
        self._queue: queue.Queue[Any] = queue.Queue()
        self._work, self._on_exit = work, on_exit
        self._thread = threading.Thread(target=self._produce, name="turn", daemon=True)

    def start(self) -> TurnRun:
        """Begin running; returns itself."""
        self._thread.start()
        return self

    def _produce(self) -> None:
        try:
            for event in self._work(self.stop_event):
                self._queue.put(event)
        finally:
            self._on_exit()
            self._queue.put(_DONE)

    def __iter__(self) -> Iterator[TurnEvent]:
        while True:
            item = self._queue.get()
            if item is _DONE:
                self._queue.put(_DONE)  # a second iteration ends at once
                return
            self.events.append(item)
            yield item

    def __enter__(self) -> TurnRun:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """End the model's stream at its next token; what was streamed is kept as the answer."""
        self.stop_event.set()

    def wait(self) -> list[TurnEvent]:
        """Let the turn finish and return all of its events."""
        self._thread.join()
        for _ in self:
            pass
        return self.events

    def close(self) -> None:
        """Stop the turn if it still runs, and wait until it has saved itself."""
        if self.running:
            self.stop()
        self._thread.join()


class Session:
    """A handle on one session; cheap to make, so callers ask the engine for one whenever they need it."""

    def __init__(self, engine: Engine, session_id: str) -> None:
        self.engine, self.id = engine, session_id

    def state(self) -> dict:
        """The ChatState values (messages, summary_history, turn_count, ...), a crashed turn's message restored."""
        if self.id not in self.engine.running:
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
            return TurnRun(lambda stop: iter([refusal])).start()
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
        """Stop the reply this session is streaming (its oldest running turn), keeping what was streamed; a
        message sent after it (another tab) still gets its answer."""
        runs = self.engine.running.get(self.id)
        if runs:
            runs[0].stop()

    def wait_turn(self) -> None:
        """Wait until this session's running turn (if any, in this process) has ended and saved itself."""
        for run in list(self.engine.running.get(self.id, [])):
            run.wait()

    def prepare(self, compression_rate: float | None = None) -> None:
        """Make the next summary ahead of time (after a turn, or when the rate changed)."""
        rate = self.settings().compression_rate if compression_rate is None else compression_rate
        self.engine.prefetcher.schedule(self.id, rate)

    def _start(self, payload: dict | None, rate: float, language: str) -> TurnRun:
        engine = self.engine

        def work(stop: threading.Event) -> Iterator[TurnEvent]:
            yield from engine.runner.run(self.id, payload, stop, language)
            messages = engine.read_state(self.id).get("messages", [])
            engine.recall.index_session(self.id, messages)
            title = first_user_text(messages)
            if title:
                engine.storage.record_session(self.id, title, completed_turn_count(messages))
            engine.prefetcher.schedule(self.id, rate)

        def forget() -> None:
            runs = engine.running.get(self.id, [])
            if run in runs:
                runs.remove(run)
            if not runs:
                engine.running.pop(self.id, None)

        run = TurnRun(work, on_exit=forget)
        engine.running.setdefault(self.id, []).append(run)
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

