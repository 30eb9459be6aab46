"""Does what was said earlier reach the model when it matters? A scripted 320-turn conversation with
76 planted facts, asked about at turns 100, 200 and 300 (half paraphrased), through the session API.

`python -m bench.recall` prints one row per policy with and without recall, two reference rows, and the
cost of recall and of the search over every session. `--bundled` adds a row with SmolLM2 as summarizer.
"""

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench import recall_cost
from bench.recall_measure import answer_present, chat_reply_for, context_text, scripted_summary_reply
from bench.recall_script import Question, RecallScript, build_script
from graph.engine import Engine, SessionSettings, Settings, assemble
from graph.models import Models, bundled_profile
from graph.policies import DEFAULT_POLICY, POLICIES
from graph.request.tokens import count_text
from graph.storage.sqlite import create_checkpointer
from state.request_items import RecalledTurn
from tests.fakes.models import ScriptedChatModel

CHECKPOINTS = (100, 200, 300)


def open_bench_engine(folder: Path, script: RecallScript, summary: object | None = None) -> Engine:
    """The engine as the app assembles it on the bundled model's profile, with scripted models."""
    path = folder / "recall.sqlite"
    models = Models(chat=ScriptedChatModel(reply=chat_reply_for(script)),
                    summary=summary or ScriptedChatModel(reply=scripted_summary_reply),  # type: ignore[arg-type]
                    profile=bundled_profile())
    return assemble(Settings(db_path=str(path)), create_checkpointer(path), models)


class RecallTimer:
    """Times the recall step inside the engine."""

    def __init__(self, engine: Engine) -> None:
        self.samples: list[float] = []
        original = engine.recall.recall

        def timed(*args: object, **kwargs: object) -> list[RecalledTurn]:
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)  # type: ignore[arg-type]
            finally:
                self.samples.append((time.perf_counter() - started) * 1000)

        engine.recall.recall = timed  # type: ignore[method-assign]


def run_policy(script: RecallScript, policy: str, recall: bool, summary: object | None = None) -> dict:
    """Play the conversation, ask the questions at each checkpoint, and measure what the model was sent."""
    with tempfile.TemporaryDirectory() as folder:
        engine = open_bench_engine(Path(folder), script, summary)
        timer = RecallTimer(engine)
        session = engine.session("bench")
        session.save_settings(SessionSettings(context_policy=policy, recall=recall))
        rows, tokens_at, history_at = [], {}, {}
        for turn, text in enumerate(script.user_turns[: CHECKPOINTS[-1]], start=1):
            session.send(text).wait()
            engine.wait_idle()
            report = session.state()["request_report"]
            tokens_at[turn], history_at[turn] = report["request_tokens"], report["history_tokens"]
            for question in script.questions.get(turn, []):
                session.send(question.text).wait()
                engine.wait_idle()
                context = session.last_context()
                report = session.state()["request_report"]
                rows.append((question, answer_present(context_text(context), question), report["request_tokens"],
                             report["history_tokens"]))
        engine.close()
    return {"rows": rows, "tokens_at": tokens_at, "recall_ms": timer.samples,
            "history_growth": history_at[300] / history_at[150]}


def recent_only(script: RecallScript, question: Question, budget: int) -> bool:
    """Whether the answer is in the most recent raw turns cut to `budget` tokens (a reference row)."""
    lines: list[str] = []
    used = 0
    for turn in range(question.asked_turn, 0, -1):
        text = f"{script.user_turns[turn - 1]}\n{script.assistant_turns[turn - 1]}"
        used += count_text(text)
        if used > budget:
            break
        lines.append(text)
    return any(answer_present(line, question) for line in lines)


def figures(name: str, result: dict) -> dict:
    """One table row: shares answered, context tokens, growth, recall cost."""
    rows = result["rows"]
    paraphrased = [answered for question, answered, _, _ in rows if question.paraphrased]
    tokens = [count for _, _, count, _ in rows]
    at = result["tokens_at"]
    samples = result["recall_ms"] or [0.0]
    return {
        "row": name,
        "answered": sum(answered for _, answered, _, _ in rows) / len(rows),
        "paraphrased": sum(paraphrased) / max(len(paraphrased), 1),
        "mean_tokens": statistics.mean(tokens),
        "max_tokens": max(tokens),
        "growth": at[300] / at[150],
        "recall_ms": statistics.mean(samples),
    }


def print_table(rows: list[dict]) -> None:
    """The table in docs/benchmarks.md."""
    print("| row | answer in context | paraphrased half | mean context tokens | max | context(300)/context(150) "
          "| recall ms/turn |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['row']} | {row['answered']:.0%} | {row['paraphrased']:.0%} | {row['mean_tokens']:,.0f} | "
              f"{row['max_tokens']:,} | {row['growth']:.2f} | {row['recall_ms']:.2f} |")


def reference_rows(script: RecallScript, default: dict, budget: int) -> list[dict]:
    """The whole history, and the most recent raw turns cut to the default row's mean context."""
    rows = default["rows"]
    whole = [history for *_, history in rows]
    recent = [(q, recent_only(script, q, budget)) for q, *_ in rows]
    paraphrased = [ok for q, ok in recent if q.paraphrased]
    return [
        {"row": "whole history (reference)", "answered": 1.0, "paraphrased": 1.0,
         "mean_tokens": statistics.mean(whole), "max_tokens": max(whole), "growth": default["history_growth"],
         "recall_ms": 0.0},
        {"row": f"recent raw turns cut to {budget:,} tokens (reference)",
         "answered": sum(ok for _, ok in recent) / len(recent), "paraphrased": sum(paraphrased) / len(paraphrased),
         "mean_tokens": float(budget), "max_tokens": budget, "growth": 1.0, "recall_ms": 0.0},
    ]


def main(argv: list[str] | None = None, progress: Callable[[str], None] = print) -> None:
    """Every row of the table in docs/benchmarks.md, then the cost figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bundled", action="store_true", help="add a row with the bundled model summarizing")
    args = parser.parse_args(argv)
    script = build_script()
    results, rows = {}, []
    for policy in POLICIES:
        for recall in (True, False):
            name = f"{policy} {'with' if recall else 'without'} recall"
            progress(f"running {name}…")
            results[name] = run_policy(script, policy, recall)
            rows.append(figures(name, results[name]))
    default = results[f"{DEFAULT_POLICY} with recall"]
    rows += reference_rows(script, default, int(figures("", default)["mean_tokens"]))
    if args.bundled:
        rows.append(bundled_row(script))
    print_table(rows)
    print()
    recall_cost.main([])


def bundled_row(script: RecallScript) -> dict:
    """The default policy with recall, SmolLM2 on llama.cpp writing the summaries."""
    from graph.models import create_bundled_models
    from graph.models.local_server import LocalModelServer, find_bundled_model

    with LocalModelServer(find_bundled_model()) as server:
        summary = create_bundled_models(Settings(), server.base_url, server).summary
        return figures(f"{DEFAULT_POLICY} with recall, SmolLM2 summarizing",
                       run_policy(script, DEFAULT_POLICY, True, summary))


if __name__ == "__main__":
    main()
