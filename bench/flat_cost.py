"""Flat cost over a 600-turn conversation: context, engine time, storage, latency, counting.

Three rows measured in one run with the same scripted models: this engine as the app runs it,
seed 000 taken literally (every summary kept, made inline, SqliteSaver as it comes), and a
plain LangGraph chat on SqliteSaver that sends the whole history.
"""

import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import START, MessagesState, StateGraph

from bench import conversation
from graph.builder import build_graph
from graph.engine import assemble
from graph.graph_config import GraphConfig
from graph.models import ModelProfile, Models
from graph.request.tokens import count_messages
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from state.turns import message_text

TURNS = 600
LATENCY_TURNS = 31
WINDOW = 128_000
SESSION = "bench"
THREAD = {"configurable": {"thread_id": SESSION}}


@dataclass
class Row:
    name: str
    context: dict[int, int] = field(default_factory=dict)
    history: dict[int, int] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)
    io_seconds: list[float] = field(default_factory=list)
    storage_ratio: float = 0.0
    ttft_summary: float = 0.0
    ttft_normal: float = 0.0


class IoTimer:
    """Wraps a saver's read and write calls to measure checkpoint (de)serialization time."""

    def __init__(self, saver) -> None:
        self.total = 0.0
        for name in ("get_tuple", "put", "put_writes"):
            original = getattr(saver, name)
            setattr(saver, name, self._timed(original))

    def _timed(self, original):
        def call(*args, **kwargs):
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.total += time.perf_counter() - started
        return call


def plain_chat(model, saver):
    """A plain LangGraph chat: one node that sends the whole history."""
    builder = StateGraph(MessagesState)
    builder.add_node("chat", lambda state: {"messages": [model.invoke(state["messages"])]})
    builder.add_edge(START, "chat")
    return builder.compile(checkpointer=saver)


def text_bytes(messages) -> int:
    return sum(len(message_text(m).encode()) for m in messages)


def file_bytes(path: Path) -> int:
    """Bytes of a SQLite file and its write-ahead log."""
    return sum(file.stat().st_size for file in (path, Path(f"{path}-wal")) if file.exists())


def run_this_engine(path: Path, turns: int, chat_delay=0.0, summary_delay=0.0, row=None) -> Row:
    saver = create_checkpointer(path)
    timer = IoTimer(saver)
    profile = ModelProfile("scripted", "remote", True, True, True, WINDOW)
    models = Models(conversation.chat_model(chat_delay), conversation.summary_model(summary_delay), profile)
    engine = assemble(Settings(db_path=str(path)), saver, models)
    session = engine.session(SESSION)
    row = row or Row("this engine")
    for n in range(1, turns + 1):
        due = n >= 4 and (n - 1) % 3 == 0
        io_before, started, first = timer.total, time.perf_counter(), None
        for event in session.send(conversation.user_text(n), compression_rate=0.3):
            if event.kind == "error":
                raise RuntimeError(f"turn {n} failed: {event.text}")
            if event.kind in ("token", "reply") and first is None and event.text:
                first = time.perf_counter() - started
        row.seconds.append(time.perf_counter() - started)
        row.io_seconds.append(timer.total - io_before)
        record_latency(row, n, due, first)
        engine.wait_idle()  # the summary prepared ahead and housekeeping, while the person reads
        record_context(row, n, session.state())
    row.storage_ratio = engine.storage.size_bytes() / text_bytes(session.messages())
    engine.close()
    return row


def stock_saver(path: Path) -> SqliteSaver:
    """SqliteSaver as it comes, for the comparison rows."""
    return SqliteSaver(sqlite3.connect(path, check_same_thread=False))


def run_seed_literal(path: Path, turns: int, chat_delay=0.0, summary_delay=0.0, row=None) -> Row:
    saver = stock_saver(path)
    timer = IoTimer(saver)
    graph = build_graph(conversation.chat_model(chat_delay), conversation.summary_model(summary_delay), saver,
                        GraphConfig(summary_budget_tokens=None))
    row = row or Row("seed 000 literally")
    for n in range(1, turns + 1):
        payload = {"messages": [HumanMessage(conversation.user_text(n))], "turn_count": n,
                   "session_id": SESSION, "compression_rate": 0.3}
        io_before, started, first = timer.total, time.perf_counter(), None
        for chunk, metadata in graph.stream(payload, THREAD, stream_mode="messages"):
            if metadata.get("langgraph_node") == "llm" and chunk.content and first is None:
                first = time.perf_counter() - started
        row.seconds.append(time.perf_counter() - started)
        row.io_seconds.append(timer.total - io_before)
        record_latency(row, n, n >= 4 and (n - 1) % 3 == 0, first)
        state = graph.get_state(THREAD).values
        record_context(row, n, state)
    row.storage_ratio = file_bytes(path) / text_bytes(state["messages"])
    return row


def run_plain(path: Path, turns: int) -> Row:
    saver = stock_saver(path)
    timer = IoTimer(saver)
    graph = plain_chat(conversation.chat_model(), saver)
    row = Row("plain LangGraph chat")
    for n in range(1, turns + 1):
        io_before, started = timer.total, time.perf_counter()
        state = graph.invoke({"messages": [HumanMessage(conversation.user_text(n))]}, THREAD)
        row.seconds.append(time.perf_counter() - started)
        row.io_seconds.append(timer.total - io_before)
        if n in MEASURED_AT:
            tokens = count_messages(state["messages"][:-1])
            row.context[n] = row.history[n] = tokens
    row.storage_ratio = file_bytes(path) / text_bytes(state["messages"])
    return row


MEASURED_AT = {TURNS // 2, TURNS}


def record_context(row: Row, n: int, state: dict) -> None:
    if n in MEASURED_AT:
        report = state["request_report"]
        row.context[n], row.history[n] = report["request_tokens"], report["history_tokens"]


def record_latency(row: Row, n: int, summary_turn: bool, first: float | None) -> None:
    if first is None or n < 4 or n > LATENCY_TURNS:
        return
    bucket = "ttft_summary_list" if summary_turn else "ttft_normal_list"
    row.__dict__.setdefault(bucket, []).append(first)


def latency(runner, path: Path, name: str) -> Row:
    """Time to the first reply token with a 0.1 s chat model and a 0.4 s summary model."""
    row = runner(path, LATENCY_TURNS, chat_delay=0.1, summary_delay=0.4, row=Row(name))
    row.ttft_summary = statistics.mean(row.__dict__["ttft_summary_list"])
    row.ttft_normal = statistics.mean(row.__dict__["ttft_normal_list"])
    return row


def counting_figure() -> tuple[int, float]:
    """Milliseconds to count the history of a 100k-token transcript after one more turn."""
    from bench.conversation import chat_reply
    from graph.request.tokens import count_transcript

    messages = []
    n = 0
    while count_messages(messages) < 100_000:
        n += 1
        human = HumanMessage(conversation.user_text(n), id=f"h{n}")
        messages += [human, chat_reply([human]).model_copy(update={"id": f"a{n}"})]
    count_transcript(messages)
    started = time.perf_counter()
    for extra in range(10):
        messages.append(HumanMessage(f"one more question {extra}", id=f"x{extra}"))
        count_transcript(messages)
    return count_messages(messages), (time.perf_counter() - started) / 10 * 1000


def ratio(values: list[float]) -> tuple[float, float, float]:
    early, late = statistics.mean(values[9:19]) * 1000, statistics.mean(values[-10:]) * 1000
    return early, late, late / early


def main(turns: int = TURNS) -> None:
    MEASURED_AT.clear()
    MEASURED_AT.update({turns // 2, turns})
    folder = Path(tempfile.mkdtemp(prefix="flat-cost-"))
    rows = [run_this_engine(folder / "engine.sqlite", turns), run_seed_literal(folder / "seed.sqlite", turns),
            run_plain(folder / "plain.sqlite", turns)]
    lat = [latency(run_this_engine, folder / "engine-lat.sqlite", "this engine"),
           latency(run_seed_literal, folder / "seed-lat.sqlite", "seed 000 literally")]
    half, full = turns // 2, turns
    print(f"Flat cost over {turns} turns (scripted models; times in ms per turn)\n")
    print(f"{'row':<22}{'ctx@'+str(half):>9}{'ctx@'+str(full):>9}{'ratio':>7}{'%hist@'+str(half):>10}"
          f"{'t 10-19':>9}{'t last10':>9}{'ratio':>7}{'excl.io':>9}{'db/text':>9}")
    for row in rows:
        early, late, growth = ratio(row.seconds)
        compute = [s - io for s, io in zip(row.seconds, row.io_seconds, strict=True)]
        share = 100 * row.context[half] / row.history[half]
        print(f"{row.name:<22}{row.context[half]:>9,}{row.context[full]:>9,}"
              f"{row.context[full] / row.context[half]:>7.2f}{share:>9.1f}%"
              f"{early:>9.1f}{late:>9.1f}{growth:>7.2f}{ratio(compute)[2]:>9.2f}{row.storage_ratio:>8.1f}x")
    print("\nTime to first reply token (chat model 0.1 s, summary model 0.4 s)")
    for row in lat:
        print(f"{row.name:<22} normal {row.ttft_normal * 1000:7.1f} ms   summary turns "
              f"{row.ttft_summary * 1000:7.1f} ms   ratio {row.ttft_summary / row.ttft_normal:.2f}")
    tokens, ms = counting_figure()
    print(f"\nToken counting per turn with {tokens:,} tokens of history: {ms:.3f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else TURNS)
