"""Memory on real long conversations (LoCoMo, Maharana et al. 2024, CC BY-NC 4.0, not in this repository):
does the evidence a question needs reach the model, at each context budget, through the session API?

Each conversation is replayed once (speaker A as the person, speaker B's real lines as the replies, extractive
summaries), then every question of categories 1-4 is asked as a new turn on its own copy of the session.
`evidence`: every evidence line of the question was in the request; `answer`: the literal answer was (only
questions whose answer is said verbatim). Baselines: the most recent raw text cut to the engine's mean tokens,
and the whole history.

    python -m bench.locomo [FILE.json ...] [--budgets 2000,4000,8000] [--profile bundled|remote] [--quick N]

Without files it reads ../shared/data/locomo-dev/*.json when that folder exists.
"""

import argparse
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bench.locomo_replay import CATEGORIES, Conversation, Question, ask, load, norm, profile_for, replay
from graph.request.tokens import count_text

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "locomo-dev"
DEFAULT_BUDGETS = "2000,4000,8000"
WHOLE = "whole history"

Outcome = tuple[int, bool | None, bool | None]  # category, all evidence seen, answer seen (None: not scored)


@dataclass
class Row:
    """One table row's raw outcomes, so rows of several conversations pool into the overall line."""

    name: str
    outcomes: list[Outcome] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    recall_ms: list[float] = field(default_factory=list)

    def add(self, other: "Row") -> "Row":
        """This row's outcomes followed by another's: a mean over both weighted by question count."""
        return Row(self.name, self.outcomes + other.outcomes, self.tokens + other.tokens,
                   self.recall_ms + other.recall_ms)


def outcome(question: Question, text: str) -> Outcome:
    """Whether a normalized text holds every evidence line of the question, and its literal answer."""
    evidence = all(line in text for line in question.evidence) if question.evidence else None
    answer = None if question.answer is None else question.answer in text
    return question.category, evidence, answer


def share(hits: Sequence[bool | None]) -> float | None:
    """The share of scored outcomes that hit, None when none was scored."""
    scored = [hit for hit in hits if hit is not None]
    return sum(scored) / len(scored) if scored else None


def recent_text(lines: Sequence[str], budget: float) -> str:
    """The most recent raw lines of the transcript that fit in `budget` tokens."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        used += count_text(line + "\n")
        if used > budget:
            break
        kept.append(line)
    return "\n".join(reversed(kept))


def reference_row(name: str, questions: Sequence[Question], text: str) -> Row:
    """A baseline row: the same text shown for every question."""
    tokens, seen = count_text(text), norm(text)
    return Row(name, [outcome(q, seen) for q in questions], [tokens] * len(questions))


def measure(conversation: Conversation, budgets: Sequence[int], profile: str, quick: int = 0,
            progress: Callable[[str], None] = lambda message: None, facts: bool = False) -> list[Row]:
    """Engine rows per budget, a recent-text row cut to each engine row's mean tokens, the whole history."""
    questions = conversation.questions[:quick] if quick else conversation.questions
    lines = conversation.transcript_lines
    engine_rows, recent_rows = [], []
    with tempfile.TemporaryDirectory(prefix="locomo-") as folder:
        progress(f"{conversation.name}: replaying {len(conversation.turns)} turns…")
        replayed = replay(conversation, profile_for(profile), Path(folder), facts)
        for budget in budgets:
            progress(f"{conversation.name}: asking {len(questions)} questions at {budget:,} tokens…")
            asked = [ask(replayed, question, budget) for question in questions]
            row = Row(f"engine@{budget}", [outcome(a.question, norm(a.request)) for a in asked],
                      [a.tokens for a in asked], [a.recall_ms for a in asked if a.recall_ms is not None])
            engine_rows.append(row)
            mean = float(np.mean(row.tokens)) if row.tokens else 0.0
            recent_rows.append(reference_row(f"recent@{budget}", questions, recent_text(lines, mean)))
    return [*engine_rows, *recent_rows, reference_row(WHOLE, questions, "\n".join(lines))]


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def _ms(samples: Sequence[float], q: int) -> str:
    return f"{np.percentile(samples, q):.1f}" if samples else "–"


def format_row(row: Row) -> str:
    """One markdown table line of a row's figures."""
    categories = [_percent(share([ev for cat, ev, _ in row.outcomes if cat == c])) for c in CATEGORIES]
    mean = f"{np.mean(row.tokens):,.0f}" if row.tokens else "–"
    return " | ".join(["", row.name, _percent(share([ev for _, ev, _ in row.outcomes])),
                       _percent(share([ans for *_, ans in row.outcomes])), *categories, mean,
                       f"{max(row.tokens, default=0):,}", _ms(row.recall_ms, 50), _ms(row.recall_ms, 95), ""]).strip()


def table(title: str, rows: Sequence[Row]) -> str:
    """A titled markdown table of rows."""
    header = ["row", "evidence", "answer", *(f"{name} ev." for name in CATEGORIES.values()), "mean tokens",
              "max tokens", "recall p50 ms", "recall p95 ms"]
    lines = [title, "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join([*lines, *(format_row(row) for row in rows)])


def describe(conversation: Conversation, quick: int) -> str:
    """A conversation's title line: its size and how many questions each measure scores."""
    questions = conversation.questions[:quick] if quick else conversation.questions
    evidence = sum(bool(q.evidence) for q in questions)
    answers = sum(q.answer is not None for q in questions)
    return (f"{conversation.name}: {len(conversation.turns)} turns, {len(questions)} questions "
            f"({evidence} with evidence, {answers} with a verbatim answer)")


def data_paths(given: Sequence[str]) -> list[Path]:
    """The files named, or every file of the default data folder when it exists."""
    if given:
        return [Path(path) for path in given]
    return sorted(DEFAULT_DATA.glob("*.json")) if DEFAULT_DATA.is_dir() else []


def main(argv: list[str] | None = None, progress: Callable[[str], None] | None = None) -> None:
    """A table per conversation, then the overall line (pooled, so weighted by question count)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="LoCoMo conversation files (.json)")
    parser.add_argument("--budgets", default=DEFAULT_BUDGETS, help="context budgets in tokens, comma-separated")
    parser.add_argument("--profile", default="remote", choices=["bundled", "remote"],
                        help="remote (default): what reaches a model that reads its context; the bundled model is "
                             "sent only a slow reader's share, and a quote from memory answers without it")
    parser.add_argument("--quick", type=int, default=0, metavar="N", help="ask only the first N questions")
    parser.add_argument("--facts", action="store_true",
                        help="the summary model lists the dataset's annotated facts of each turn (remote profile)")
    args = parser.parse_args(argv)
    paths = data_paths(args.paths)
    if not paths:
        print(f"LoCoMo: no data given and {DEFAULT_DATA} does not exist; skipped.")
        return
    budgets = [int(budget) for budget in args.budgets.split(",") if budget.strip()]
    progress = progress or (lambda message: print(message, file=sys.stderr))
    overall: list[Row] = []
    facts = ", the annotated facts listed by the summary model" if args.facts else ""
    print(f"LoCoMo memory, profile {args.profile}{facts}; "
          "recent@N is the latest raw text cut to engine@N's mean tokens.")
    for path in paths:
        conversation = load(path)
        rows = measure(conversation, budgets, args.profile, args.quick, progress, args.facts)
        print(table(describe(conversation, args.quick), rows) + "\n")
        overall = rows if not overall else [total.add(row) for total, row in zip(overall, rows, strict=True)]
    print(table(f"overall: {len(paths)} conversations, weighted by question count", overall))


if __name__ == "__main__":
    main()
