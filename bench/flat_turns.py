"""Time per turn, storage and context of one long session, on SQLite and on PostgreSQL: the engine as the app
runs it (session API, scripted models), 600 and 2,000 turns by default.

    python -m bench.flat_turns                 # both backends, 600 and 2,000 turns
    python -m bench.flat_turns 300 --sqlite    # one length, one backend

Each figure is what the flat-cost target names: mean time of turns 10-19 against the last 10, bytes the database
holds per byte of conversation text, and the tokens sent at the last turn against halfway. Starts its own
PostgreSQL.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench import conversation
from bench.scale_out import in_fresh_process, open_bench_engine
from state.turns import message_text


def long_session(db_path: str, url: str, turns: int) -> dict:
    """One session of `turns` turns, each followed by the engine's background work (as while a person reads)."""
    engine = open_bench_engine(db_path, url)
    session = engine.session("long")
    seconds, context = [], {}
    for turn in range(1, turns + 1):
        started = time.perf_counter()
        events = session.send(conversation.user_text(turn), compression_rate=0.3).wait()
        seconds.append(time.perf_counter() - started)
        if errors := [e.text for e in events if e.kind == "error"]:
            raise RuntimeError(f"turn {turn}: {errors}")
        engine.wait_idle()
        if turn in (turns // 2, turns):
            context[turn] = session.state()["request_report"]["request_tokens"]
    messages = session.messages()
    text = sum(len(message_text(m).encode()) for m in messages)
    humans = [message_text(m) for m in messages if m.type == "human"]
    size = engine.storage.size_bytes()
    engine.close()
    early, late = statistics.mean(seconds[9:19]) * 1000, statistics.mean(seconds[-10:]) * 1000
    return {"early": early, "late": late, "median_late": statistics.median(seconds[-10:]) * 1000,
            "context": context[turns] / context[turns // 2], "storage": size / text,
            "complete": humans == [conversation.user_text(n) for n in range(1, turns + 1)]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.flat_turns", description=__doc__.splitlines()[0])
    parser.add_argument("turns", nargs="*", type=int, default=[600, 2000])
    parser.add_argument("--sqlite", action="store_true", help="SQLite only")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL only")
    arguments = parser.parse_args(argv)
    backends = [name for name, chosen in (("SQLite", not arguments.postgres), ("PostgreSQL", not arguments.sqlite))
                if chosen]
    server = None
    if "PostgreSQL" in backends:
        from bench.postgres import PostgresServer, find_binaries

        binaries = find_binaries()
        if binaries is None:
            raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
        server = PostgresServer(binaries).start()
    folder = Path(tempfile.mkdtemp(prefix="flat-turns-"))
    print("| backend | turns | ms per turn, turns 10-19 | last 10 | ratio | storage / text | context(n)/context(n/2) "
          "| every message, in order |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        for backend in backends:
            for turns in arguments.turns:
                url = server.create_database() if backend == "PostgreSQL" and server else ""
                row = in_fresh_process(long_session, str(folder / f"{turns}.sqlite"), url, turns)
                print(f"| {backend} | {turns:,} | {row['early']:.1f} | {row['late']:.1f} | "
                      f"{row['late'] / row['early']:.2f}x | {row['storage']:.1f}x | {row['context']:.2f} | "
                      f"{'yes' if row['complete'] else 'NO'} |", flush=True)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
