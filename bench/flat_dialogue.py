"""Time per turn of real dialogue through the session API, as an outside caller builds the engine: LangGraph's
own SqliteSaver handed to `assemble`, recall on, scripted models, each `send` timed.

    python -m bench.flat_dialogue                       # 600 turns of the dev conversations
    python -m bench.flat_dialogue --turns 300 a.json    # other LoCoMo files

Prints the mean of turns 10-19 against the last 10 (the flat-cost target holds the ratio to 1.3x at most), the
p50, and the same with the app's own saver (`create_checkpointer`) for comparison.
"""

import argparse
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from langchain_core.messages import AIMessage
from langgraph.checkpoint.sqlite import SqliteSaver

from bench.locomo import data_paths
from bench.locomo_replay import load, profile_for
from bench.scale_out import in_fresh_process
from graph.engine import Settings, assemble
from graph.models import Models
from graph.storage.sqlite import create_checkpointer
from tests.fakes.models import ScriptedChatModel


def timed_turns(turns: Sequence[tuple[str, str]], stock_saver: bool) -> list[float]:
    """Milliseconds of each `send`, the engine's background work finished between turns (as while one reads)."""
    replies = iter([reply for _, reply in turns])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies, "ok")))
    db = str(Path(tempfile.mkdtemp(prefix="flat-dialogue-")) / "chat.sqlite")
    saver = SqliteSaver(sqlite3.connect(db, check_same_thread=False)) if stock_saver else create_checkpointer(db)
    engine = assemble(Settings(db_path=db), saver, Models(chat=chat, summary=ScriptedChatModel(),
                                                          profile=profile_for("bundled")))
    session = engine.session("dialogue")
    spent = []
    try:
        for user, _ in turns:
            started = time.perf_counter()
            events = session.send(user, compression_rate=0.3).wait()
            spent.append(1000 * (time.perf_counter() - started))
            if errors := [event.text for event in events if event.kind == "error"]:
                raise SystemExit(f"turn {len(spent)} failed: {errors[0]}")
            engine.wait_idle()
    finally:
        engine.close()
    return spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="LoCoMo conversation files (.json), replayed one after another")
    parser.add_argument("--turns", type=int, default=600)
    args = parser.parse_args(argv)
    paths = data_paths(args.paths)
    if not paths:
        print("Flat turns on real dialogue: no LoCoMo data given; skipped.")
        return
    turns = [turn for path in paths for turn in load(path).turns][:args.turns]
    print(f"Flat turns on real dialogue: {len(turns)} turns of {', '.join(p.stem for p in paths)}, recall on")
    print(f"{'saver':<34} {'turns 10-19':>12} {'last 10':>10} {'ratio':>7} {'p50':>9}")
    for label, stock in (("LangGraph's SqliteSaver, given", True), ("the app's own (open_engine)", False)):
        spent = in_fresh_process(timed_turns, turns, stock)
        early_turns = spent[9:19] if len(spent) >= 20 else spent[:max(1, len(spent) // 2)]  # a short file: its half
        early, late = statistics.mean(early_turns), statistics.mean(spent[-10:])
        print(f"{label:<34} {early:>9.1f} ms {late:>7.1f} ms {late / early:>6.2f}x {statistics.median(spent):>6.1f} ms")


if __name__ == "__main__":
    main()
