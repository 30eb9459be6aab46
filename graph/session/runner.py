"""The graph's side of a turn: its configs, the session's model's graph streamed as events, Stop, failures told."""

import contextlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterator
from typing import Any, Final, NotRequired, TypedDict, cast

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.errors import InvalidUpdateError
from langgraph.types import StreamMode

from graph.builder import ChatGraph
from graph.errors import describe_error
from graph.model_rooms import ModelRoom
from graph.models.cancel import GenerationStopped, StopSignal
from graph.models.local_server import LocalModelServer
from graph.reply.clean_text import StreamCleaner
from graph.session.inputs import StateInput
from graph.storage import Storage
from graph.storage.checkpoint_tree import BRANCH, TURN, CheckpointTree, forks_text
from prompt.tools import TOOL_CANCELLED
from state import ChatState
from state.session import NoticeData, SessionSettings, TurnEvent
from state.turns import STOPPED_MARK, has_unfinished_turn

logger = logging.getLogger(__name__)

STREAM_MODES: list[StreamMode] = ["custom", "updates"]
FORK: Final = "fork"  # a turn input's fork: the checkpoint it starts from and the forks of its new branch
KEPT_SESSIONS = 64  # the sessions whose last request is kept

# where a turn runs: the checkpoint a new branch starts `from` (none: the shown branch's newest) and the forks of
# its `branch`, as `forks_text` writes them (declared by call: `from` is a keyword)
TurnFork = TypedDict("TurnFork", {"from": NotRequired[str], "branch": str})


def thread_config(session_id: str) -> RunnableConfig:
    """The LangGraph config of a session: its id is the thread id."""
    return {"configurable": {"thread_id": session_id}}


def checkpoint_config(session_id: str, checkpoint_id: str | None = None) -> RunnableConfig:
    """The config of a session's shown branch, or of one of its checkpoints."""
    if checkpoint_id is None:
        return thread_config(session_id)
    return {"configurable": {"thread_id": session_id, "checkpoint_ns": "", "checkpoint_id": checkpoint_id}}


def turn_config(session_id: str, turn: int, fork: TurnFork) -> RunnableConfig:
    """The config a turn runs with: from the fork's checkpoint when it starts a new branch, its turn and the forks
    of its branch written into the checkpoint it saves."""
    return {**checkpoint_config(session_id, fork.get("from")),
            "metadata": {TURN: turn, BRANCH: str(fork.get("branch") or "")}}


class LastRequests:
    """The last request each session's model was sent (what `last_context()` hands out), for the most recently
    active sessions: kept in memory rather than in every checkpoint (bounded, safe across threads)."""

    def __init__(self, capacity: int = KEPT_SESSIONS) -> None:
        self._requests: OrderedDict[str, list[BaseMessage]] = OrderedDict()
        self._capacity, self._lock = capacity, threading.Lock()

    def keep(self, session_id: str, request: list[BaseMessage]) -> None:
        with self._lock:
            self._requests.pop(session_id, None)
            self._requests[session_id] = list(request)
            while len(self._requests) > self._capacity:
                self._requests.popitem(last=False)

    def get(self, session_id: str) -> list[BaseMessage]:
        with self._lock:
            return list(self._requests.get(session_id, []))

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._requests.pop(session_id, None)


class GraphRunner:
    """Runs turns of any session on its model's graph (one graph when `room_of` is not given) and the storage."""

    def __init__(self, graph: ChatGraph, storage: Storage, local: bool = False,
                 room_of: Callable[[SessionSettings], ModelRoom] | None = None,
                 server: LocalModelServer | None = None) -> None:
        self.graph, self.storage, self.local = graph, storage, local  # local: the bundled model answers
        self.room_of = room_of  # the room of the model a session's settings choose
        self.server = server  # the bundled model's server, whose end a failed turn is told by
        self.last_requests = LastRequests()

    def messages(self, session_id: str, checkpoint_id: str | None = None) -> list:
        """The transcript of the session's shown branch (or as it was at `checkpoint_id`)."""
        return self.graph.get_state(checkpoint_config(session_id, checkpoint_id)).values.get("messages", [])

    def shown_branch(self, session_id: str) -> TurnFork:
        """The forks of the branch a new turn continues."""
        return {"branch": forks_text(CheckpointTree(self.storage.checkpoint_rows(session_id)).shown())}

    def has_message(self, session_id: str, message_id: str | None) -> bool:
        """Whether the shown branch holds the message (a turn's input, once its run saved it)."""
        return any(message.id == message_id for message in reversed(self.messages(session_id)))

    def has_branch(self, session_id: str, branch: str) -> bool:
        """Whether a checkpoint of the branch `branch` names was saved (a new version's run saved itself)."""
        tree = CheckpointTree(self.storage.checkpoint_rows(session_id))
        return any(forks_text(tree.forks(row)) == branch for row in tree.rows.values())

    def put_input(self, config: RunnableConfig, values: StateInput) -> None:
        """Write `values` as the input of a turn (no node's edges run): a message a crash cut off, or an old turn
        taken back."""
        self.graph.update_state(config, values, as_node="__start__")

    def has_step_to_run(self, config: RunnableConfig) -> bool:
        """Whether the checkpoint `config` names (the shown branch's newest by default) has a step Retry would run."""
        return bool(self.graph.get_state(config).next)

    def restart_turn(self, config: RunnableConfig) -> None:
        """Save the checkpoint `config` names again as the newest, its turn to run from its first node: what a
        version switch does to a branch whose turn is not finished, so Retry still has the turn to run."""
        self.graph.update_state(config, {}, as_node="__start__")

    def make_newest(self, config: RunnableConfig) -> None:
        """Make the checkpoint `config` names the thread's newest (a version switched to). A re-save as the node
        that ran last would drop a step still to run (the input of a turn a crash cut off), so a branch whose turn
        is not finished starts that turn again; one that cannot be re-saved is copied as it is."""
        if self.has_step_to_run(config):
            self.restart_turn(config)
            return
        try:
            self.graph.update_state(config, None)
        except InvalidUpdateError:
            self.graph.update_state(config, None, as_node="__copy__")

    def run(self, config: RunnableConfig, payload: StateInput | None, stop: threading.Event,
            settings: SessionSettings) -> Generator[TurnEvent, None, bool]:
        """Run a turn (or resume the unfinished one with payload None) on the session's model's graph with its
        settings as the runtime context, and describe it as events; returns whether the run saved itself whole."""
        session_id = config["configurable"]["thread_id"]
        streamed: list[str] = []
        graph, local = self.graph, self.local
        server, since = self.server if local else None, 0
        try:
            if self.room_of is not None:  # a model that cannot start fails the turn, which Retry resumes
                room = self.room_of(settings)
                graph, local = room.graph, room.local
                server = room.models.server or (self.server if local else None)
            if server is not None:
                since = server.watch.begin_turn()
            yield from self._stream(graph, config, payload, stop, streamed, settings)
            return True
        except GenerationStopped:
            kept = finish_stopped_turn(graph, session_id, "".join(streamed))
            yield TurnEvent("reply", kept or "", {"stopped": True})
        except Exception as error:  # the message is kept; the caller offers Retry
            if stop.is_set():  # stopped while the engine closed under it: expected, and quiet
                logger.debug("Stopped turn of %s ended with %r", session_id, error)
            else:
                logger.exception("Turn failed in session %s", session_id)
            if server is not None:  # the bundled server's end, when that is what cut the turn
                error = server.watch.cause(error, since) or error
            yield TurnEvent("error", describe_error(error, settings.language, local), {"error": error})
        return False

    def _stream(self, graph: ChatGraph, config: RunnableConfig, payload: StateInput | None, stop: threading.Event,
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
                    text = cleaner.feed(str(written.get("token", "")))
                    if text:
                        streamed.append(text)
                        yield TurnEvent("token", text)
                else:
                    tail = cleaner.flush()
                    if tail:
                        streamed.append(tail)
                        yield TurnEvent("token", tail)
                    for values in cast(dict[str, Any], item).values():  # the request the model was just sent
                        if isinstance(values, dict) and "request" in values:
                            self.last_requests.keep(session_id, values["request"])
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
        if left_out := (values.get("request_report") or {}).get("pins_left_out"):
            yield TurnEvent("notice", data=NoticeData(code="pins_left_out", count=left_out))
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


def finish_stopped_turn(graph: ChatGraph, session_id: str, partial_text: str) -> str | None:
    """Close a turn the person stopped: keep what was streamed as the answer, cancel open tool calls.

    Returns the answer kept, or None when the turn had already ended.
    """
    config = thread_config(session_id)
    messages = graph.get_state(config).values.get("messages", [])
    if not has_unfinished_turn(messages):
        return None
    answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
    last = messages[-1]
    cancelled = [
        ToolMessage(TOOL_CANCELLED, tool_call_id=call["id"], name=call["name"], status="error")
        for call in (last.tool_calls if isinstance(last, AIMessage) else [])
        if call["id"] not in answered
    ]
    text = f"{partial_text.rstrip()} {STOPPED_MARK}".strip()
    graph.update_state(config, {"messages": [*cancelled, AIMessage(text)]}, as_node="llm")
    return text
