"""One turn around the graph: the session's lock, the journal, the turn number, Stop, and events.

The run is saved once, when it ends (also on failure or stop); until then the person's message is
kept in the turn journal, so even a crash loses nothing (Retry resumes from it).
"""

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any, cast

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.types import StreamMode

from graph.builder import ChatGraph
from graph.errors import describe_error
from graph.model_rooms import ModelRoom
from graph.reply.clean_text import StreamCleaner
from graph.session.journal import read_pending, with_message_id, write_pending
from graph.session.last_requests import LastRequests as LastContexts
from graph.session.stop import GenerationStopped, StopSignal, finish_stopped_turn
from graph.session.transcript import (
    FORK,
    checkpoint_config,
    thread_config,
    turn_config,
    without_fork,
)
from graph.storage import Storage
from graph.storage.checkpoint_tree import CheckpointTree, forks_text
from state import ChatState
from state.session import SessionSettings, TurnEvent
from state.turns import completed_turn_count

logger = logging.getLogger(__name__)

STREAM_MODES: list[StreamMode] = ["custom", "updates"]
TURN_INPUT_KEYS = ("messages", "session_id", "compression_rate", "turn_count", "pinned", "feedback")


class TurnRunner:
    """Runs turns of any session on its model's graph (one graph when `room_of` is not given) and the storage."""

    def __init__(self, graph: ChatGraph, storage: Storage, local: bool = False,
                 room_of: Callable[[SessionSettings], ModelRoom] | None = None) -> None:
        self.graph, self.storage, self.local = graph, storage, local  # local: the bundled model answers
        self.room_of = room_of  # the room of the model a session's settings choose
        self.last_contexts = LastContexts()

    def messages(self, session_id: str, checkpoint_id: str | None = None) -> list:
        """The transcript of the session's shown line (or as it was at `checkpoint_id`)."""
        return self.graph.get_state(checkpoint_config(session_id, checkpoint_id)).values.get("messages", [])

    def shown_branch(self, session_id: str) -> dict:
        """The forks of the line a new turn continues."""
        return {"branch": forks_text(CheckpointTree(self.storage.checkpoint_rows(session_id)).shown())}

    def _has_message(self, session_id: str, message_id: str) -> bool:
        return any(message.id == message_id for message in reversed(self.messages(session_id)))

    def recover(self, session_id: str) -> bool:
        """After a crash, put the message the journal kept back into the session, ready for Retry; True when
        there was one to put back."""
        pending = read_pending(self.storage, session_id)
        if pending is None:
            return False
        with self.storage.session_lock(session_id):
            restored = not self._has_message(session_id, pending["messages"][0].id)
            if restored:
                values = {key: pending[key] for key in TURN_INPUT_KEYS if key in pending}  # older rows held more
                fork = pending.get(FORK)  # a new line's first message goes back on that line
                config = turn_config(session_id, pending.get("turn_count") or 0, fork) if fork else \
                    thread_config(session_id)
                self.graph.update_state(config, values, as_node="__start__")
            self.storage.journal_clear(session_id)
        return restored

    def run(self, session_id: str, payload: dict | None, stop: threading.Event, language: str = "en",
            settings: SessionSettings | None = None) -> Iterator[TurnEvent]:
        """Run a turn (or resume the unfinished one with payload None) with the session's settings as the
        graph's runtime context, and describe it as events."""
        with self.storage.session_lock(session_id):  # one run per session at a time (tabs, instances)
            self.recover(session_id)
            fork = payload.get(FORK) if payload is not None else None
            turn = completed_turn_count(self.messages(session_id, fork and fork["from"])) + 1
            if payload is not None:
                payload = with_message_id({**payload, "turn_count": turn})
                write_pending(self.storage, session_id, payload)
            config = turn_config(session_id, turn, fork or self.shown_branch(session_id))
            streamed: list[str] = []
            saved = False  # a stream that ran to its end has saved the message with the turn
            settings, graph, local = settings or SessionSettings(), self.graph, self.local
            try:
                if self.room_of is not None:  # a model that cannot start fails the turn, which Retry resumes
                    room = self.room_of(settings)
                    graph, local = room.graph, room.local
                yield from self._stream(graph, config, without_fork(payload), stop, streamed, settings)
                saved = True
            except GenerationStopped:
                kept = finish_stopped_turn(self.graph, session_id, "".join(streamed))
                yield TurnEvent("reply", kept or "", {"stopped": True})
            except Exception as error:  # the message is kept; the caller offers Retry
                if stop.is_set():  # stopped while the engine closed under it: expected, and quiet
                    logger.debug("Stopped turn of %s ended with %r", session_id, error)
                else:
                    logger.exception("Turn failed in session %s", session_id)
                yield TurnEvent("error", describe_error(error, language, local), {"error": error})
            finally:
                if payload is not None and (saved or self._has_message(session_id, payload["messages"][0].id)):
                    self.storage.journal_clear(session_id)

    def _stream(self, graph: ChatGraph, config: RunnableConfig, payload: dict | None, stop: threading.Event,
                streamed: list[str], settings: SessionSettings) -> Iterator[TurnEvent]:
        """Stream the graph, turning chunks and updates into events; the state is saved once, at the end."""
        config = {**config, "callbacks": [StopSignal(stop)]}
        session_id = config["configurable"]["thread_id"]
        cleaner = StreamCleaner()
        stream = graph.stream(cast(ChatState | None, payload), config, stream_mode=STREAM_MODES,
                              durability="exit", context=settings)
        try:
            for mode, item in stream:  # type: ignore[misc]
                if mode == "custom":
                    written = cast(dict[str, Any], item)
                    if "context" in written:
                        self.last_contexts.keep(session_id, written["context"])
                        continue
                    text = cleaner.feed(str(written.get("token", "")))
                    if text:
                        streamed.append(text)
                        yield TurnEvent("token", text)
                else:
                    tail = cleaner.flush()
                    if tail:
                        streamed.append(tail)
                        yield TurnEvent("token", tail)
                    for event in update_events(item):  # type: ignore[arg-type]
                        if event.kind == "tool" and event.tool["phase"] == "call":
                            streamed.clear()  # the text before a tool call is not the answer
                        yield event
        finally:
            with contextlib.suppress(GenerationStopped):
                stream.close()  # type: ignore[attr-defined]


def update_events(update: dict[str, Any]) -> Iterator[TurnEvent]:
    """Tool calls, tool results, summaries, notices and the reply from one node's state update."""
    for values in update.values():
        if not isinstance(values, dict):
            continue
        if values.get("summarized"):
            spans = values["summarized"]
            yield TurnEvent("summary", ", ".join(f"{t[0]}-{t[-1]}" for t in spans), {"turns": spans})
        if values.get("compression_notice"):
            yield TurnEvent("notice", data={"code": "compressed", **values["compression_notice"]})
        for message in values.get("messages", []):
            if isinstance(message, AIMessage) and message.tool_calls:
                for call in message.tool_calls:
                    yield TurnEvent("tool", call["name"],
                                    {"phase": "call", "id": call["id"] or "", "args": call["args"]})
            elif isinstance(message, ToolMessage):
                yield TurnEvent("tool", str(message.content), {"phase": "result", "id": message.tool_call_id,
                                                                "name": message.name, "status": message.status})
            elif isinstance(message, AIMessage):
                yield TurnEvent("reply", str(message.content),
                                {"sources": message.response_metadata.get("sources") or []})
