"""The person's reply first: time to the first token over 30 turns of one session on the bundled model, sent
back to back (each message right after the previous reply, while that turn's background work runs), with
the background work on and with it switched off. With the bundled profile summaries and merges are
extractive, so the background never asks the model server; the two rows should agree within 10%.

    python -m bench.reply_first [--turns 30]
"""

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import Future
from pathlib import Path

from graph.engine import Engine, Settings, assemble
from graph.models import create_bundled_models
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.storage.sqlite import create_checkpointer

MESSAGES = [
    "My name is Ada and I live in Lisbon.", "What is a good way to start running?",
    "I have a meeting with Jun on Friday at 10.", "Give me one tip for learning Python.",
    "My sister Mina moved to Busan last spring.", "What should I cook for dinner tonight?",
    "Remind me what I said about Friday.", "Name a book about the sea.",
    "I prefer tea over coffee in the morning.", "How do tides work, in two sentences?",
]


def open_engine_on(server: LocalModelServer, background: bool) -> Engine:
    """The engine as the app assembles it for the bundled model (its own reply limits); without background
    work when asked."""
    path = Path(tempfile.mkdtemp(prefix="reply-first-")) / "chat.sqlite"
    settings = Settings(db_path=str(path))
    engine = assemble(settings, create_checkpointer(path), create_bundled_models(settings, server.base_url, server))
    if not background:
        def nothing(*args, **kwargs) -> Future:
            done: Future = Future()
            done.set_result(None)
            return done
        engine.preparer.schedule = nothing  # type: ignore[method-assign]
    return engine


def first_tokens(engine: Engine, turns: int) -> list[float]:
    """Seconds from each send to its first token."""
    session = engine.session("reply-first")
    seconds = []
    for n in range(turns):
        started = time.perf_counter()
        first = None
        for event in session.send(MESSAGES[n % len(MESSAGES)], compression_rate=0.3):
            if event.kind == "token" and first is None:
                first = time.perf_counter() - started
            if event.kind == "error":
                raise RuntimeError(f"turn {n + 1} failed: {event.text}")
        seconds.append(first if first is not None else time.perf_counter() - started)
        print(f"turn {n + 1}: first token after {seconds[-1]:.2f} s", file=sys.stderr, flush=True)
    return seconds


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=30, help="turns per row (each takes seconds on 2 cores)")
    args = parser.parse_args(argv)
    server = LocalModelServer(find_bundled_model())
    server.start()
    rows = {}
    try:
        for background in (True, False):
            engine = open_engine_on(server, background)
            try:
                rows["background on" if background else "background off"] = first_tokens(engine, args.turns)
            finally:
                engine.close()
    finally:
        server.stop()
    print(f"Time to first token, {args.turns} turns sent back to back, bundled model")
    print("| background work | p50 | p95 | mean |")
    print("|---|---|---|---|")
    for name, values in rows.items():
        print(f"| {name} | {percentile(values, 0.5):.2f} s | {percentile(values, 0.95):.2f} s | "
              f"{statistics.mean(values):.2f} s |")


if __name__ == "__main__":
    main()
