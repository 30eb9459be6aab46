"""Figures for the bundled model on this machine: server start, streaming speed, turn and summary times."""

import statistics
import tempfile
import time
from pathlib import Path

from langchain_openai import ChatOpenAI

from graph.engine import Engine, Session, assemble
from graph.models import Models, bundled_profile
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.request.tokens import count_text
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer

MAX_TOKENS = 96
SUMMARY_RUNS = 3
RATE = 0.3
QUESTIONS = [
    "My name is Ada and I live in Lisbon.",
    "What is the capital of France?",
    "Give me one tip for learning Python.",
    "What is my name?",
    "Which city do I live in?",
    "Summarize what we talked about.",
]


def client(server: LocalModelServer, **kwargs) -> ChatOpenAI:
    """A deterministic client for the local server, as the app would configure it."""
    return ChatOpenAI(
        base_url=server.base_url,
        api_key=server.api_key,
        model=server.model_alias,
        temperature=0,
        extra_body={"max_tokens": MAX_TOKENS},  # llama.cpp ignores max_completion_tokens
        timeout=120,
        **kwargs,
    )


def rss_mb(pid: int) -> float:
    """Resident memory of the server process, read from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure_stream(model: ChatOpenAI) -> tuple[float, float, int]:
    """Seconds to the first token, completion tokens per second, and tokens of one streamed reply."""
    started = time.perf_counter()
    first = None
    text = ""
    for chunk in model.stream("Explain in a few sentences why the sky is blue."):
        if chunk.content and first is None:
            first = time.perf_counter()
        text += chunk.content
    elapsed = time.perf_counter() - started
    tokens = count_text(text)
    return (first or started) - started, tokens / elapsed, tokens


def open_bench_engine(server: LocalModelServer) -> Engine:
    """The engine as the app assembles it for the bundled model, with the deterministic clients above."""
    path = Path(tempfile.mkdtemp(prefix="local-model-")) / "chat.sqlite"
    models = Models(chat=client(server), summary=client(server), profile=bundled_profile())
    return assemble(Settings(db_path=str(path)), create_checkpointer(path), models)


def timed_turn(session: Session, text: str) -> float:
    """Seconds for one turn through the session API; a failed turn stops the benchmark."""
    started = time.perf_counter()
    events = session.send(text, compression_rate=RATE).wait()
    elapsed = time.perf_counter() - started
    if events[-1].kind != "reply":
        raise RuntimeError(f"turn {text!r} failed: {events[-1].text}")
    return elapsed


def measure_turns(engine: Engine) -> tuple[list[float], float]:
    """Seconds per turn over six turns, and the seconds the summary of turns 1-3 took after turn 3."""
    session = engine.session("bench")
    times, summary_seconds = [], 0.0
    for n, text in enumerate(QUESTIONS, start=1):
        times.append(timed_turn(session, text))
        started = time.perf_counter()
        engine.wait_idle()  # the next summary is made while the person reads
        if n == 3:
            summary_seconds = time.perf_counter() - started
    if [r["turns"] for r in session.state()["summary_history"]] != [[1, 2, 3]]:
        raise RuntimeError("turns 1-3 were not summarized")
    return times, summary_seconds


def measure_summaries(engine: Engine, first: float) -> list[float]:
    """Seconds per summary of three turns, prepared ahead of the turn that applies it, in fresh sessions."""
    times = [first]
    for run in range(1, SUMMARY_RUNS):
        session = engine.session(f"bench-summary-{run}")
        for text in QUESTIONS[:3]:
            timed_turn(session, text)
            started = time.perf_counter()
            engine.wait_idle()
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    """Start the server, measure, print one table, stop the server."""
    server = LocalModelServer(find_bundled_model())
    started = time.perf_counter()
    server.start()
    start_seconds = time.perf_counter() - started
    try:
        first_token, tokens_per_second, tokens = measure_stream(client(server, streaming=True))
        engine = open_bench_engine(server)
        try:
            turn_times, first_summary = measure_turns(engine)
            summary_times = measure_summaries(engine, first_summary)
        finally:
            engine.close()
        memory = rss_mb(server._process.pid)
    finally:
        server.stop()
    rows = [
        ("server start", f"{start_seconds:.2f} s"),
        ("first streamed token", f"{first_token:.2f} s"),
        (f"streamed reply ({tokens} tokens)", f"{tokens_per_second:.1f} tokens/s"),
        (f"turn, mean of {len(turn_times)}", f"{statistics.mean(turn_times):.2f} s"),
        (f"turn, max of {len(turn_times)}", f"{max(turn_times):.2f} s"),
        (f"summary of 3 turns, mean of {len(summary_times)}", f"{statistics.mean(summary_times):.2f} s"),
        (f"summary of 3 turns, max of {len(summary_times)}", f"{max(summary_times):.2f} s"),
        ("server memory (RSS)", f"{memory:.0f} MB"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"Local model: {server.model_path.name}, max_tokens={MAX_TOKENS}")
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 16}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
