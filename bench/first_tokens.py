"""What a person waits for on the bundled model: seconds from sending to the first character and to the end of the
turn (Stop gone), over the first turns of each real conversation, sent back to back through the session API with
the app's defaults (bundled SmolLM2 on its own llama.cpp server, recall, summaries prepared ahead), while another
process keeps wanting a core the way the page and its embeddings do.

    .venv/bin/python -m bench.first_tokens [--turns 40] [--load 0.5] [FILE.json ...]

`--load` is the share of one core the other process takes (0 for a quiet machine). The last line holds the
figures of every conversation together as key=value.
"""

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.prefix_reuse import pct  # noqa: E402  (the nearest-rank percentile the other benches print)

DATA = ROOT.parent / "shared" / "data" / "locomo-dev"
LOAD_PERIOD = 0.1  # seconds of one busy-then-idle cycle of the other process


def user_lines(path: Path, count: int) -> list[str]:
    """Speaker A's lines of a LoCoMo conversation, one a turn, in order."""
    data = json.loads(path.read_text())
    lines, number = [], 1
    while f"session_{number}" in data and len(lines) < count:
        lines += [u["text"] for u in data[f"session_{number}"] if u["speaker"] == data["speaker_a"]]
        number += 1
    return lines[:count]


def busy(share: float, stop: "multiprocessing.synchronize.Event") -> None:
    """Keep one core busy `share` of the time until stopped, as a page's reruns and embeddings do."""
    while not stop.is_set():
        until = time.monotonic() + LOAD_PERIOD * share
        while time.monotonic() < until:
            pass
        time.sleep(LOAD_PERIOD * (1 - share))


@dataclass
class Waits:
    """Per turn: seconds to the first character, to the end of the turn, and from the last character to the end."""

    firsts: list[float] = field(default_factory=list)
    wholes: list[float] = field(default_factory=list)
    tails: list[float] = field(default_factory=list)
    failed: int = 0

    def __add__(self, other: "Waits") -> "Waits":
        return Waits(self.firsts + other.firsts, self.wholes + other.wholes, self.tails + other.tails,
                     self.failed + other.failed)


def chat(engine, lines: Sequence[str], name: str) -> Waits:
    """Send each line as a turn and time what the person waits for."""
    waits = Waits()
    session = engine.session(f"first-tokens-{name}")
    for number, line in enumerate(lines, 1):
        start, first, last, error = time.monotonic(), None, None, False
        for event in session.send(line):
            if event.kind in ("token", "reply"):
                last = time.monotonic() - start
                first = last if first is None else first
            error = error or event.kind == "error"
        whole = time.monotonic() - start
        waits.failed += error
        waits.firsts.append(whole if first is None else first)
        waits.wholes.append(whole)
        waits.tails.append(whole - (whole if last is None else last))
        print(f"  {name} turn {number}: first {waits.firsts[-1]:.2f} s, whole {whole:.2f} s, after the last "
              f"character {waits.tails[-1]:.2f} s{' FAILED' if error else ''}", flush=True)
    return waits


def figures(waits: Waits) -> str:
    """The row printed for a conversation and for all of them."""
    firsts, wholes = waits.firsts, waits.wholes
    return (f"turns={len(firsts)} first_p50={statistics.median(firsts):.2f} first_p95={pct(firsts, 0.95):.2f} "
            f"first_max={max(firsts):.2f} whole_p50={statistics.median(wholes):.2f} "
            f"whole_p95={pct(wholes, 0.95):.2f} whole_max={max(wholes):.2f} "
            f"after_last_p95={pct(waits.tails, 0.95):.2f} after_last_max={max(waits.tails):.2f} "
            f"failed={waits.failed}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="*", type=Path)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--load", type=float, default=0.5)
    args = parser.parse_args(argv)
    paths = args.data or sorted(DATA.glob("*.json"))
    if not paths:
        print(f"first_tokens: no conversation in {DATA} (LoCoMo data is not in the repository)")
        return
    for key in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "DATABASE_URL", "CHAT_MODEL"):
        os.environ.pop(key, None)
    from graph.engine import open_engine
    from graph.settings import Settings

    stop = multiprocessing.Event()
    load = multiprocessing.Process(target=busy, args=(args.load, stop), daemon=True) if args.load > 0 else None
    engine = open_engine(Settings(db_path=str(Path(tempfile.mkdtemp(prefix="first-tokens-")) / "chat.sqlite")))
    every = Waits()
    try:
        if load is not None:
            load.start()
        print(f"First token and whole turn on the bundled model, {args.turns} turns a conversation, back to back, "
              f"another process using {args.load:.0%} of a core")
        for path in paths:
            waits = chat(engine, user_lines(path, args.turns), path.stem)
            print(f"{path.name}: {figures(waits)}", flush=True)
            every = every + waits
    finally:
        stop.set()
        engine.close()
    print(f"all: {figures(every)}")


if __name__ == "__main__":
    main()
