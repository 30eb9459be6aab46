"""Figures for the bundled model on this machine: server start, streaming speed, turn and summary times."""

import statistics
import time
from pathlib import Path

from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.context import message_text, split_turns
from graph.local_server import LocalModelServer, find_bundled_model
from graph.nodes.summary import generate_summary
from graph.tokens import count_text

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
        api_key="not-needed",
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


def measure_turns(server: LocalModelServer) -> tuple[list[float], ChatOpenAI, list]:
    """Seconds per graph turn over six turns; returns the summary client and the transcript too."""
    summary_model = client(server)
    graph = build_graph(client(server), summary_model, InMemorySaver(), tools=[])
    times, state = [], {}
    for n, text in enumerate(QUESTIONS, start=1):
        started = time.perf_counter()
        turn = {"messages": [HumanMessage(text)], "turn_count": n, "session_id": "bench"}
        turn["compression_rate"] = RATE
        state = graph.invoke(turn, {"configurable": {"thread_id": "bench"}})
        times.append(time.perf_counter() - started)
    return times, summary_model, state["messages"]


def measure_summaries(summary_model: ChatOpenAI, messages: list) -> list[float]:
    """Seconds per summary of the first three turns, as the summary node requests it."""
    block = [message for turn in split_turns(messages)[0][:3] for message in turn]
    target = int(len("".join(message_text(message) for message in block)) * RATE)
    times = []
    for _ in range(SUMMARY_RUNS):
        started = time.perf_counter()
        generate_summary(summary_model, block, target)
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
        turn_times, summary_model, messages = measure_turns(server)
        summary_times = measure_summaries(summary_model, messages)
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
