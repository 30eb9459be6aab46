"""What summaries keep, on real long conversations: the extractive summarizer the bundled profile uses against
the bundled model summarizing itself. Blocks of three turns from LoCoMo files, at one compression rate; for
each summary, the share of the block's names and numbers it keeps (all, the person's, and those only the
assistant said), the share of its own names and numbers the block never said (invented), and how far its length
is from the rate's target.

    python -m bench.summary_quality [FILE.json ...] [--blocks 12] [--rate 0.3] [--no-model]
"""

import argparse
import re
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_openai import ChatOpenAI

from bench.locomo import data_paths
from bench.locomo_replay import load
from graph.memory.extractive import ExtractiveSummarizer
from graph.memory.summarize import Summarizer, generate_summary
from graph.models.local_server import LocalModelServer, find_bundled_model

WORD = re.compile(r"[A-Z][a-z]{2,}|\d+(?:[.,:]\d+)*")
SENTENCE_START = re.compile(r"(?:^|[.!?…]\s+|\n)\W*$")
SPEAKER = re.compile(r"\b[A-Z]\w*: ")
MODEL_SECONDS = 180


def entities(text: str, anywhere: bool = False) -> set[str]:
    """Names and numbers without the speaker labels: capitalized words inside a sentence (a sentence's first
    word may be any word), or every capitalized word when `anywhere`."""
    text = SPEAKER.sub("\n", text)
    return {match.group() for match in WORD.finditer(text)
            if anywhere or match.group()[0].isdigit() or not SENTENCE_START.search(text[:match.start()])}


def blocks_of(path: Path, count: int) -> list[list[BaseMessage]]:
    """`count` blocks of three turns spread over the conversation."""
    turns = load(path).turns
    starts = list(range(0, len(turns) - 2, 3))
    chosen = starts[:: max(1, len(starts) // count)][:count]
    return [[m for user, reply in turns[s:s + 3] for m in (HumanMessage(user), AIMessage(reply))] for s in chosen]


def score(summarize: Callable[[list[BaseMessage], int], str], blocks: Sequence[list[BaseMessage]],
          rate: float) -> dict[str, float]:
    """Kept and invented names and numbers, and the size error, over the blocks."""
    kept, invented, errors, within, person, assistant = [], [], [], [], [], []
    for block in blocks:
        original = "\n".join(str(m.content) for m in block)
        target = int(len("".join(str(m.content) for m in block)) * rate)
        summary = summarize(block, target)
        said, written, shown = entities(original), entities(summary), entities(summary, anywhere=True)
        kept.append(len(said & shown) / len(said) if said else 1.0)
        persons = "\n".join(str(m.content) for m in block if isinstance(m, HumanMessage))
        by_person = entities(persons)
        only_assistant = entities("\n".join(str(m.content) for m in block if isinstance(m, AIMessage))) - \
            entities(persons, anywhere=True)
        person.append(len(by_person & shown) / len(by_person) if by_person else 1.0)
        assistant.append(len(only_assistant & shown) / len(only_assistant) if only_assistant else 0.0)
        invented.append(len(written - entities(original, anywhere=True)) / len(written) if written else 0.0)
        errors.append(abs(len(summary) - target) / target)
        within.append(errors[-1] <= 0.1)
    return {"kept": statistics.mean(kept), "person": statistics.mean(person), "assistant": statistics.mean(assistant),
            "invented": statistics.mean(invented),
            "error": statistics.mean(errors), "within": sum(within) / len(within)}


def summarizer(model: Summarizer) -> Callable[[list[BaseMessage], int], str]:
    def summarize(block: list[BaseMessage], target: int) -> str:
        try:
            return generate_summary(model, block, target, seconds=MODEL_SECONDS)
        except ValueError:  # the model returned nothing: it kept nothing
            return ""
    return summarize


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--blocks", type=int, default=12, help="blocks of three turns per conversation")
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--no-model", action="store_true", help="leave out the bundled model's row")
    args = parser.parse_args(argv)
    paths = data_paths(args.paths)
    if not paths:
        print("Summary quality: no LoCoMo data given or found; skipped.")
        return
    blocks = [block for path in paths for block in blocks_of(path, args.blocks)]
    rows = {"extractive (bundled profile)": score(summarizer(ExtractiveSummarizer()), blocks, args.rate)}
    if not args.no_model:
        server = LocalModelServer(find_bundled_model())
        server.start()
        try:
            model = ChatOpenAI(base_url=server.base_url, api_key="not-needed", model=server.model_alias,
                               temperature=0, extra_body={"max_tokens": 512}, timeout=MODEL_SECONDS)
            print("summarizing with the bundled model…", file=sys.stderr)
            rows["SmolLM2-135M (bundled model)"] = score(summarizer(model), blocks, args.rate)
        finally:
            server.stop()
    print(f"Summaries of {len(blocks)} blocks of 3 turns from {len(paths)} conversations at rate {args.rate}")
    print("| summarizer | names and numbers kept | the person's kept | the assistant's own kept | invented | "
          "size error (mean) | within ±10% |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        print(f"| {name} | {row['kept']:.0%} | {row['person']:.0%} | {row['assistant']:.0%} | {row['invented']:.0%} | "
              f"{row['error']:.0%} | {row['within']:.0%} |")


if __name__ == "__main__":
    main()
