"""What the sidebar's search over every chat costs once 100,000 turns are stored, in Korean, Chinese and English,
with words said inside longer ones (제주 in 제주도에서, 콩이 in 콩이는, 成都 in 去成都的): the latency of each
query (its words read, then the storage's search, as `Engine.search` runs it), p50 and p95 of the time it took and
of this process's CPU time (what the search costs when other work shares the cores), and the hits it shows, on
SQLite and, with `--postgres`, on a throwaway PostgreSQL server.

The turns are the lines of `bench/data/search_turns.json` (each query's words in 1 to 4 of its 60 lines), among
the lines of the multilingual dev conversation (../shared/data/multilingual-dev/, 480 more, not in the repository)
when it is there, one a turn, in turn, in 100 sessions: a query's words are in about 1 turn in 540 to 1 in 135
(185 to 740 of 100,000 turns), or 1 in 60 to 1 in 15 without the conversation.

    python -m bench.search_cost [--turns 100000] [--postgres]
"""

import argparse
import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from graph.request.words import search_words
from graph.storage.base import Storage
from graph.storage.shared.common import record_body
from state.words import index_text

DATA = Path(__file__).parent / "data" / "search_turns.json"
MULTILINGUAL = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "multilingual-dev"
SESSIONS = 100
REPEATS = 20  # each query timed this many times
LIMIT = 20  # hits the sidebar shows
BATCH = 5000  # turns stored in one transaction while filling


def turn_texts() -> tuple[list[str], dict[str, list[str]]]:
    """The lines stored as turns, each language's in turn, and the queries of each language."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    lines = [line for group in zip(data["ko"], data["zh"], data["en"], strict=True) for line in group]
    for language in ("ko", "zh", "en"):
        path = MULTILINGUAL / f"{language}.json"
        if path.exists():
            lines += [turn["user"] for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]]
    return lines, data["queries"]


def fill(storage: Storage, turns: int) -> float:
    """Store `turns` turns across the sessions, each row as recall's `recall_add` writes it (its words as the index
    keeps them), many to a transaction; seconds it took."""
    lines, _ = turn_texts()
    started = time.perf_counter()
    for first in range(0, turns, BATCH):
        with storage.rows() as rows:
            rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, words) "
                             "VALUES (?, ?, '2026-01-01', ?, 20, ?)",
                             [(f"s{number % SESSIONS}", number // SESSIONS + 1, json.dumps(record, ensure_ascii=False),
                               index_text(record_body(record)))
                              for number in range(first, min(first + BATCH, turns))
                              for record in [{"user": lines[number % len(lines)], "assistant": "응, 알겠어."}]])
    for number in range(SESSIONS):
        storage.record_session(f"s{number}", f"chat {number}", turns // SESSIONS)
    return time.perf_counter() - started


def query_figures(storage: Storage, query: str) -> dict:
    """One query's latency over `REPEATS` runs (after one to warm up), and the turns it finds."""
    storage.search_turns(search_words(query), LIMIT)
    timings, working = [], []
    for _ in range(REPEATS):
        started, cpu = time.perf_counter(), time.process_time()
        hits = storage.search_turns(search_words(query), LIMIT)
        timings.append((time.perf_counter() - started) * 1000)
        working.append((time.process_time() - cpu) * 1000)
    return {"p50": float(np.percentile(timings, 50)), "p95": float(np.percentile(timings, 95)),
            "cpu_p50": float(np.percentile(working, 50)), "cpu_p95": float(np.percentile(working, 95)),
            "hits": len(hits)}


@contextmanager
def sqlite_storage() -> Iterator[Storage]:
    """A SQLite storage on a fresh file."""
    from graph.storage.sqlite import SqliteStorage

    with tempfile.TemporaryDirectory() as folder:
        storage = SqliteStorage.open(Path(folder) / "search.sqlite")
        try:
            yield storage
        finally:
            storage.close()


@contextmanager
def postgres_storage() -> Iterator[Storage]:
    """A PostgreSQL storage on a throwaway server."""
    from bench.postgres import PostgresServer, find_binaries
    from graph.storage.postgres import PostgresStorage

    binaries = find_binaries()
    if binaries is None:
        raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
    server = PostgresServer(binaries).start()
    try:
        storage = PostgresStorage.open(server.create_database())
        try:
            yield storage
        finally:
            storage.close()
    finally:
        server.stop()


def each_storage(postgres: bool) -> Iterator[tuple[str, Storage]]:
    """SQLite's storage on a fresh file, then, when `postgres`, PostgreSQL's on a throwaway server, each closed
    before the next opens."""
    with sqlite_storage() as storage:
        yield "SQLite", storage
    if postgres:
        with postgres_storage() as storage:
            yield "PostgreSQL", storage


def run(name: str, storage: Storage, turns: int) -> None:
    """Fill the storage, then print one row per query."""
    seconds = fill(storage, turns)
    _, queries = turn_texts()
    print(f"\n{name}, {turns:,} turns of {len(turn_texts()[0])} lines in {SESSIONS} sessions "
          f"(stored in {seconds:.0f} s)\n")
    print("| language | query | p50 ms | p95 ms | this process's CPU p50 / p95 ms | hits shown |")
    print("|---|---|---|---|---|---|")
    worst = []
    for language, asked in queries.items():
        for query in asked:
            figures = query_figures(storage, query)
            worst.append(figures["p95"])
            print(f"| {language} | {query} | {figures['p50']:.1f} | {figures['p95']:.1f} | "
                  f"{figures['cpu_p50']:.1f} / {figures['cpu_p95']:.1f} | {figures['hits']} |", flush=True)
    print(f"\nSlowest p95 on {name}: {max(worst):.1f} ms")


def main(argv: list[str] | None = None) -> None:
    """Search latency per query at `--turns` turns, on SQLite and, with `--postgres`, on PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=100_000, help="turns stored before searching")
    parser.add_argument("--postgres", action="store_true", help="also on a throwaway PostgreSQL server")
    args = parser.parse_args(argv)
    for name, storage in each_storage(args.postgres):
        run(name, storage, args.turns)


if __name__ == "__main__":
    main()
