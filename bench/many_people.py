"""A team on one server: N people each sending turns back to back through the session API, to an endpoint with a
known pace (`bench.standin_endpoint`: first token after 0.3 s, 30 tokens a second, for every request at once),
with recall, summaries and the work after each turn as in real use. Prints what the product adds to the first token
and to the whole turn over the endpoint's own time, the engine's CPU per turn, and whether any turn failed, was
lost, doubled or crossed into another person's chat, and how long the work after the answers (indexing,
summaries prepared ahead) went on after the last one: on SQLite and PostgreSQL, with one and two instances. With
`--pause`, each person reads each answer for about that many seconds before the next message (half to one and a
half times it) and sends the first within that time of the start, as a team at work does.

    .venv/bin/python -m bench.many_people [--people 40] [--turns 8] [--rows sqlite,postgres,postgres2] [--pause 0]
"""

import argparse
import multiprocessing
import random
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import conversation  # noqa: E402
from bench.postgres import free_port  # noqa: E402
from bench.standin_endpoint import FIRST_TOKEN_SECONDS, reply_seconds, start_process  # noqa: E402

PEOPLE, TURNS = 40, 8


def text_of(person: str, turn: int) -> str:
    """A message that names its chat, so one seen in another person's chat is found."""
    return f"[{person}] {conversation.user_text(turn)}"


def _engine(db_path: str, database_url: str, endpoint: str) -> Any:
    """The engine as the app assembles it for an OpenAI-compatible endpoint."""
    from graph.engine import assemble
    from graph.models import create_remote_models
    from graph.settings import Settings

    settings = Settings(db_path=db_path, database_url=database_url, openai_base_url=endpoint,
                        openai_api_key="standin", chat_model="standin")
    if database_url:
        from graph.storage.postgres import create_checkpointer as postgres_checkpointer

        return assemble(settings, postgres_checkpointer(database_url), create_remote_models(settings))
    from graph.storage.sqlite import create_checkpointer

    return assemble(settings, create_checkpointer(db_path), create_remote_models(settings))


def instance(db_path: str, database_url: str, endpoint: str, people: list[str], turns: int, results: Any,
             pause: float = 0.0) -> None:
    """One app instance in its own process: its people send their turns at once, each after reading the answer
    before it for about `pause` seconds; the times each waited and the process's CPU per turn go back."""
    engine = _engine(db_path, database_url, endpoint)
    first_tokens: list[float] = []
    wholes: list[float] = []
    failed: list[str] = []
    cpu_before = _cpu_seconds()

    def person(name: str) -> None:
        session = engine.session(name)
        reading = random.Random(name)
        for turn in range(1, turns + 1):
            if pause:  # the first message comes within a pause of the start: a team does not press Enter as one
                time.sleep(pause * (reading.uniform(0.5, 1.5) if turn > 1 else reading.random()))
            started = time.perf_counter()
            first = None
            run = session.send(text_of(name, turn))
            for event in run:
                if event.kind == "token" and first is None:
                    first = time.perf_counter() - started
                elif event.kind == "error":
                    failed.append(event.text)
            wholes.append(time.perf_counter() - started)
            first_tokens.append(first if first is not None else wholes[-1])

    threads = [threading.Thread(target=person, args=(name,)) for name in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cpu_turns = _cpu_seconds() - cpu_before
    last_answer = time.perf_counter()
    engine.wait_idle()
    after = time.perf_counter() - last_answer
    cpu_all = _cpu_seconds() - cpu_before
    engine.close()
    results.put((first_tokens, wholes, failed, cpu_turns, cpu_all, after))


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def check(db_path: str, database_url: str, endpoint: str, people: list[str], turns: int) -> dict[str, int]:
    """Messages lost, doubled or in another person's chat, read from a fresh engine."""
    from state.turns import message_text

    engine = _engine(db_path, database_url, endpoint)
    lost = doubled = crossed = 0
    for name in people:
        said = [message_text(m) for m in engine.session(name).state().get("messages", []) if m.type == "human"]
        crossed += sum(not text.startswith(f"[{name}]") for text in said)
        lost += sum(text_of(name, turn) not in said for turn in range(1, turns + 1))
        doubled += len(said) - len(set(said))
    engine.close()
    return {"lost": lost, "doubled": doubled, "crossed": crossed}


def run(name: str, db_path: str, database_url: str, endpoint: str, processes: int, people: int,
        turns: int, pause: float = 0.0) -> dict[str, Any]:
    """One row: the people split over `processes` instances, every turn timed, then the chats checked."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    everyone = [f"p{k}" for k in range(people)]
    workers = [context.Process(target=instance, args=(db_path, database_url, endpoint,
                                                      everyone[index::processes], turns, results, pause))
               for index in range(processes)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    first_tokens: list[float] = []
    wholes: list[float] = []
    failed: list[str] = []
    cpu_turns = cpu_all = after = 0.0
    for _ in workers:
        more = results.get()
        first_tokens += more[0]
        wholes += more[1]
        failed += more[2]
        cpu_turns += more[3]
        cpu_all += more[4]
        after = max(after, more[5])
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - started
    count = len(wholes) or 1
    return {"row": name, "turns": len(wholes), "elapsed": elapsed, "failed": len(failed),
            "first": _percentiles([t - FIRST_TOKEN_SECONDS for t in first_tokens]),
            "whole": _percentiles([t - reply_seconds() for t in wholes]),
            "cpu_turn": cpu_turns / count, "cpu_all": cpu_all / count, "after": after,
            **check(db_path, database_url, endpoint, everyone, turns)}


def _percentiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values) or [0.0]
    return (ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], ordered[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=PEOPLE)
    parser.add_argument("--turns", type=int, default=TURNS)
    parser.add_argument("--rows", default="sqlite,postgres,postgres2")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds a person reads each answer (0: none)")
    arguments = parser.parse_args(argv)
    port = free_port()
    endpoint = start_process(port)
    url = f"http://127.0.0.1:{port}/v1"
    folder = Path(tempfile.mkdtemp(prefix="many-people-"))
    rows_asked = arguments.rows.split(",")
    server = None
    try:
        rows = []
        if "sqlite" in rows_asked:
            rows.append(run("SQLite, 1 instance", str(folder / "one.sqlite"), "", url, 1, arguments.people,
                            arguments.turns, arguments.pause))
        if {"postgres", "postgres2"} & set(rows_asked):
            from bench.postgres import PostgresServer, find_binaries

            binaries = find_binaries()
            if binaries is None:
                sys.exit("PostgreSQL is not installed: apt-get install postgresql")
            server = PostgresServer(binaries).start()
            for processes, row in ((1, "postgres"), (2, "postgres2")):
                if row in rows_asked:
                    rows.append(run(f"PostgreSQL, {processes} instance{'s' * (processes > 1)}",
                                    str(folder / f"{row}.sqlite"), server.create_database(), url, processes,
                                    arguments.people, arguments.turns, arguments.pause))
        pace = f", each reading an answer for about {arguments.pause:g} s" if arguments.pause else " back to back"
        print(f"{arguments.people} people x {arguments.turns} turns at once{pace}; the endpoint's own time: first "
              f"token {FIRST_TOKEN_SECONDS:.2f} s, whole reply {reply_seconds():.2f} s\n")
        print("| backend | added first token p50 / p95 / max s | added whole turn p50 / p95 / max s | engine CPU "
              "per turn (with the work after) | work after the last answer s | failed | lost | doubled | crossed "
              "| turns/s |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['row']} | {' / '.join(f'{v:.2f}' for v in r['first'])} | "
                  f"{' / '.join(f'{v:.2f}' for v in r['whole'])} | {r['cpu_turn'] * 1000:.0f} ms "
                  f"({r['cpu_all'] * 1000:.0f} ms) | {r['after']:.1f} | {r['failed']} | {r['lost']} | {r['doubled']} | "
                  f"{r['crossed']} | {r['turns'] / r['elapsed']:.1f} |")
    finally:
        endpoint.terminate()
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
