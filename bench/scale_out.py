"""Several instances on one PostgreSQL: 20 sessions x 50 turns through the session API with scripted models,
on SQLite with one instance, on PostgreSQL with one and with two instances (processes) that take turns
serving every session; then the flat-cost figures on PostgreSQL. Starts and stops its own PostgreSQL.
"""

import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench import conversation
from graph.engine import Engine, Settings, assemble
from graph.models import ModelProfile, Models
from graph.storage.sqlite import create_checkpointer
from state.turns import message_text

SESSIONS, TURNS = 20, 50
PROFILE = ModelProfile("scripted", "remote", True, True, True, 128_000)


def open_bench_engine(db_path: str, database_url: str = "") -> Engine:
    """The engine as the app assembles it, on the given backend, with scripted models."""
    if database_url:
        from graph.storage.postgres import create_checkpointer as postgres_checkpointer

        saver = postgres_checkpointer(database_url)
    else:
        saver = create_checkpointer(db_path)
    models = Models(conversation.chat_model(), conversation.summary_model(), PROFILE)
    return assemble(Settings(db_path=db_path, database_url=database_url), saver, models)


def text_of(session: str, turn: int) -> str:
    """A user message that names its session, so a message in a foreign session is seen."""
    return f"[{session}] {conversation.user_text(turn)}"


def serve(engine: Engine, sessions: list[str], turns: range, mine, timings: list, errors: list) -> None:
    """Send the turns this instance serves, each once the session has finished the turn before it."""
    def one(session_id: str) -> None:
        session = engine.session(session_id)
        for turn in turns:
            if not mine(session_id, turn):
                continue
            while session.turns_completed() < turn - 1:  # the other instance serves the turn before
                time.sleep(0.005)
            started = time.perf_counter()
            events = session.send(text_of(session_id, turn)).wait()
            timings.append(time.perf_counter() - started)
            errors.extend(e.text for e in events if e.kind == "error")

    threads = [threading.Thread(target=one, args=(sid,)) for sid in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    engine.wait_idle()


def instance(db_path: str, url: str, index: int, count: int, results) -> None:
    """One app instance in its own process: serves the turns whose number falls to it."""
    engine = open_bench_engine(db_path, url)
    timings: list[float] = []
    errors: list[str] = []
    sessions = [f"s{k}" for k in range(SESSIONS)]
    serve(engine, sessions, range(1, TURNS + 1), lambda sid, turn: turn % count == index, timings, errors)
    engine.close()
    results.put((timings, errors))


def check(engine: Engine) -> dict:
    """Foreign, lost or doubled messages, and whether every turn was summarized exactly once."""
    foreign = lost = doubled = bad_summaries = 0
    text_chars = 0
    for k in range(SESSIONS):
        state = engine.session(f"s{k}").state()
        users = [message_text(m) for m in state["messages"] if m.type == "human"]
        text_chars += sum(len(message_text(m)) for m in state["messages"])
        foreign += sum(not text.startswith(f"[s{k}]") for text in users)
        expected = [text_of(f"s{k}", turn) for turn in range(1, TURNS + 1)]
        lost += sum(text not in users for text in expected)
        doubled += len(users) - len(set(users))
        covered = [turn for record in state.get("summary_history", []) for turn in record["turns"]]
        bad_summaries += covered != list(range(1, len(covered) + 1))
    return {"foreign": foreign, "lost": lost, "doubled": doubled, "bad_summaries": bad_summaries,
            "bytes_per_1000": engine.storage.size_bytes() * 1000 / (SESSIONS * TURNS), "text": text_chars}


def run(name: str, db_path: str, url: str, processes: int) -> dict:
    """One row: the sessions served by `processes` instances, then checked from a fresh engine."""
    started = time.perf_counter()
    if processes == 1:
        engine = open_bench_engine(db_path, url)
        timings: list[float] = []
        errors: list[str] = []
        serve(engine, [f"s{k}" for k in range(SESSIONS)], range(1, TURNS + 1), lambda sid, turn: True,
              timings, errors)
        engine.close()
    else:
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        workers = [context.Process(target=instance, args=(db_path, url, i, processes, results))
                   for i in range(processes)]
        for worker in workers:
            worker.start()
        timings, errors = [], []
        for _ in workers:
            more_timings, more_errors = results.get()
            timings += more_timings
            errors += more_errors
        for worker in workers:
            worker.join()
    elapsed = time.perf_counter() - started
    engine = open_bench_engine(db_path, url)
    checks = check(engine)
    engine.close()
    ordered = sorted(timings)
    return {"row": name, "turns_per_s": len(timings) / elapsed, "p50": ordered[len(ordered) // 2] * 1000,
            "p95": ordered[int(len(ordered) * 0.95)] * 1000, "errors": len(errors), **checks}


def in_fresh_process(function: Callable[..., Any], *arguments: Any) -> Any:
    """`function(*arguments)` in a new process started as the app starts (no warm cache, nothing imported); a
    process that dies is an error here, never a wait (a pool would start another in its place, forever)."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh:
        return fresh.submit(function, *arguments).result()


def flat_cost_on_postgres(url: str, turns: int = 600) -> dict:
    """One session of `turns` turns on PostgreSQL: context and time at the start and the end, storage."""
    engine = open_bench_engine(str(Path(tempfile.mkdtemp()) / "unused.sqlite"), url)
    session = engine.session("flat")
    seconds, context = [], {}
    for turn in range(1, turns + 1):
        started = time.perf_counter()
        session.send(conversation.user_text(turn), compression_rate=0.3).wait()
        seconds.append(time.perf_counter() - started)
        engine.wait_idle()
        context[turn] = session.state()["request_report"]["request_tokens"]
    text = sum(len(message_text(m)) for m in session.messages())
    size = engine.storage.size_bytes()
    engine.close()
    early, late = statistics.mean(seconds[9:19]) * 1000, statistics.mean(seconds[-10:]) * 1000
    return {"ratio": context[turns] / context[turns // 2], "early": early, "late": late, "storage": size / text}


def main() -> None:
    """Start PostgreSQL, run the three rows and the flat-cost figures, print them, stop PostgreSQL."""
    from bench.postgres import PostgresServer, find_binaries

    binaries = find_binaries()
    if binaries is None:
        sys.exit("PostgreSQL is not installed: apt-get install postgresql")
    server = PostgresServer(binaries).start()
    folder = Path(tempfile.mkdtemp(prefix="scale-out-"))
    try:
        rows = [run("SQLite, 1 instance", str(folder / "one.sqlite"), "", 1),
                run("PostgreSQL, 1 instance", str(folder / "x.sqlite"), server.create_database(), 1),
                run("PostgreSQL, 2 instances", str(folder / "y.sqlite"), server.create_database(), 2)]
        print(f"{SESSIONS} sessions x {TURNS} turns, scripted models\n")
        print("| backend | turns/s | p50 ms | p95 ms | errors | foreign | lost | doubled | sessions not summarized "
              "exactly once | storage per 1,000 turns |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['row']} | {r['turns_per_s']:.1f} | {r['p50']:.0f} | {r['p95']:.0f} | {r['errors']} | "
                  f"{r['foreign']} | {r['lost']} | {r['doubled']} | {r['bad_summaries']} | "
                  f"{r['bytes_per_1000'] / 1e6:.1f} MB |")
        flat = flat_cost_on_postgres(server.create_database())
        print(f"\nFlat cost on PostgreSQL, 600 turns: context(600)/context(300) {flat['ratio']:.2f}; ms per turn "
              f"{flat['early']:.1f} (turns 10-19) -> {flat['late']:.1f} (last 10), "
              f"{flat['late'] / flat['early']:.2f}x; storage / text {flat['storage']:.1f}x")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
