"""What recall costs as a session grows, in each language the page speaks: the time to index a turn once it is
answered, and the time of the recall step once a session holds 1,000 turns, with the sidebar's search over every
session. Korean and Chinese are segmented into words before they are indexed, so they are timed on their own.

Each language plays the multilingual dev conversation (../shared/data/multilingual-dev/, 160 turns, not in the
repository) when it is there, else the built-in English script alone: the first pass indexes one turn at a time
(the cost after each answer), then the conversation repeats up to 1,000 turns and its questions are recalled.

    python -m bench.recall_cost [--turns 1000]
"""

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from bench.recall_script import build_script
from graph.engine import Engine, Settings, assemble
from graph.models import Models, bundled_profile
from graph.storage.sqlite import create_checkpointer
from tests.fakes.models import ScriptedChatModel

MULTILINGUAL = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "multilingual-dev"
LANGUAGES = ("en", "ko", "zh")
BUDGET = 4000  # the app's default context budget
SEARCH_QUERIES = ["wifi password", "sister birthday", "plumber rate", "parking spot", "genmaicha tea"]


@contextmanager
def bench_engine() -> Iterator[Engine]:
    """The engine as the app assembles it, on a fresh database, with scripted models (recall needs none)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "recall.sqlite"
        models = Models(chat=ScriptedChatModel(), summary=ScriptedChatModel(),
                        profile=bundled_profile())
        engine = assemble(Settings(db_path=str(path)), create_checkpointer(path), models)
        try:
            yield engine
        finally:
            engine.close()


def conversations() -> dict[str, tuple[list[tuple[str, str]], list[str]]]:
    """Each language's turns (the person's line, the reply) and its questions."""
    found = {}
    for language in LANGUAGES:
        path = MULTILINGUAL / f"{language}.json"
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            found[language] = ([(turn["user"], turn["assistant"]) for turn in data["turns"]],
                               [question["q"] for question in data["questions"]])
    if not found:
        script = build_script()
        found["en"] = (list(zip(script.user_turns, script.assistant_turns, strict=True)),
                       [question.text for questions in script.questions.values() for question in questions])
    return found


def as_messages(turns: list[tuple[str, str]], count: int) -> list[BaseMessage]:
    """`count` turns of the conversation, repeated from its start once it ends."""
    messages: list[BaseMessage] = []
    for number in range(count):
        user, reply = turns[number % len(turns)]
        messages += [HumanMessage(user, id=f"h{number}"), AIMessage(reply, id=f"a{number}")]
    return messages


def language_costs(turns: list[tuple[str, str]], questions: list[str], total: int) -> dict[str, float]:
    """Milliseconds to index each turn of the first pass (as after each answer), and of the recall step at
    `total` turns."""
    messages = as_messages(turns, total)
    first_pass = min(len(turns), total)
    with bench_engine() as engine:
        indexing = []
        for number in range(1, first_pass + 1):
            started = time.perf_counter()
            engine.recall.index_session("cost", messages[: 2 * number])
            indexing.append((time.perf_counter() - started) * 1000)
        engine.recall.index_session("cost", messages)
        recall = []
        for question in questions:
            started = time.perf_counter()
            engine.recall.recall("cost", question, total - 5, BUDGET)
            recall.append((time.perf_counter() - started) * 1000)
    return {"index_p50": float(np.percentile(indexing, 50)), "index_p95": float(np.percentile(indexing, 95)),
            "recall_p50": float(np.percentile(recall, 50)), "recall_p95": float(np.percentile(recall, 95))}


def search_figures(turns: int = 100_000, sessions: int = 100) -> dict:
    """Milliseconds for the sidebar search over every session once `turns` turns are indexed."""
    script = build_script()
    texts = [f"{u}\n{a}" for u, a in zip(script.user_turns, script.assistant_turns, strict=True)]
    with bench_engine() as engine:
        for number in range(turns):
            engine.storage.recall_add(f"s{number % sessions}", number // sessions + 1, "2026-01-01",
                                      {"turn": number, "date": "2026-01-01", "user": texts[number % len(texts)],
                                       "assistant": ""}, 100)
        timings = []
        for query in SEARCH_QUERIES * 4:
            started = time.perf_counter()
            engine.search(query)
            timings.append((time.perf_counter() - started) * 1000)
    return {"turns": turns, "mean_ms": statistics.mean(timings), "max_ms": max(timings)}


def main(argv: list[str] | None = None) -> None:
    """One row per language, then the search over every session."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns in the session when recall is timed")
    args = parser.parse_args(argv)
    print(f"| language | index a turn p50 / p95 | recall at {args.turns:,} turns p50 / p95 |")
    print("|---|---|---|")
    for language, (turns, questions) in conversations().items():
        cost = language_costs(turns, questions, args.turns)
        print(f"| {language} | {cost['index_p50']:.1f} / {cost['index_p95']:.1f} ms | "
              f"{cost['recall_p50']:.1f} / {cost['recall_p95']:.1f} ms |", flush=True)
    search = search_figures()
    print(f"\nSearch over every session, {search['turns']:,} turns: {search['mean_ms']:.1f} ms mean, "
          f"{search['max_ms']:.1f} ms max.")


if __name__ == "__main__":
    main()
