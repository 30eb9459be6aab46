"""What summaries keep, on real long conversations: the extractive summarizer the bundled profile uses against
the bundled model summarizing itself. Blocks of three turns from LoCoMo files, at one compression rate; for
each summary, the share of the block's names and numbers it keeps (all, the person's, and those only the
assistant said), the share of its own names and numbers the block never said (invented), and how far its length
is from the rate's target. Then the same in Korean and Chinese, on the chats of `bench/data/summary_{ko,zh}.json`
summarized on a page in their language: the share of the names and numbers the person said that each summary
keeps (listed with each block), the share of its names and numbers no one said, and its length.

    python -m bench.summary_quality [FILE.json ...] [--blocks 12] [--rate 0.3] [--no-model] [--languages en,ko,zh]
"""

import argparse
import json
import re
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
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
CHATS = Path(__file__).parent / "data"
NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


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


def summarizer(model: Summarizer, language: str = "en") -> Callable[[list[BaseMessage], int], str]:
    """A summary of a block on a page in `language`, '' when the model gives none."""
    def summarize(block: list[BaseMessage], target: int) -> str:
        try:
            return generate_summary(model, block, target, seconds=MODEL_SECONDS, language=language)
        except ValueError:  # the model returned nothing: it kept nothing
            return ""
    return summarize


@dataclass(frozen=True)
class Block:
    """Three turns of a chat and the names and numbers the person said in them."""

    messages: list[BaseMessage]
    facts: list[str]


def chat_blocks(language: str) -> list[Block]:
    """The blocks of `bench/data/summary_{language}.json`; a turn with a tool call carries its call and result."""
    chat = json.loads((CHATS / f"summary_{language}.json").read_text())
    blocks = []
    for block in chat["blocks"]:
        messages: list[BaseMessage] = []
        for number, turn in enumerate(block["turns"]):
            messages.append(HumanMessage(turn["user"]))
            if tool := turn.get("tool"):
                call_id = f"call-{number}"
                messages += [AIMessage("", tool_calls=[{"name": tool["name"], "id": call_id,
                                                        "args": {"expression": tool["expression"]}}]),
                             ToolMessage(tool["result"], tool_call_id=call_id, name=tool["name"])]
            messages.append(AIMessage(turn["assistant"]))
        blocks.append(Block(messages, block["facts"]))
    return blocks


def score_facts(summarize: Callable[[list[BaseMessage], int], str], blocks: Sequence[Block],
                rate: float) -> dict[str, float]:
    """The person's names and numbers kept, the names and numbers no one said in the block (invented: numbers,
    and the names the chat's other blocks list), and the size error, over the blocks: against the target, and
    against what the summary may keep when that is shorter (an extract keeps the person's words and the tools'
    results, never the assistant's own; a model's summary of the whole block)."""
    names = {fact for block in blocks for fact in block.facts if not NUMBER.search(fact)}
    kept, invented, errors, within_kept = [], [], [], []
    for block in blocks:
        original = "\n".join(str(m.content) for m in block.messages)
        target = int(len("".join(str(m.content) for m in block.messages)) * rate)
        summary = summarize(block.messages, target)
        reachable = min(target, len(summarize(block.messages, 10**9)))
        within_kept.append(abs(len(summary) - reachable) <= 0.1 * reachable)
        kept.append(sum(fact in summary for fact in block.facts) / len(block.facts))
        written = set(NUMBER.findall(summary)) | {name for name in names if name in summary}
        said = set(NUMBER.findall(original)) | {name for name in names if name in original}
        invented.append(len(written - said) / len(written) if written else 0.0)
        errors.append(abs(len(summary) - target) / target)
    return {"person": statistics.mean(kept), "invented": statistics.mean(invented),
            "error": statistics.mean(errors), "within": sum(error <= 0.1 for error in errors) / len(errors),
            "within_kept": sum(within_kept) / len(within_kept)}


def print_languages(rows: dict[str, dict[str, float]], languages: Sequence[str], rate: float) -> None:
    """The table of the Korean and Chinese chats."""
    print(f"\nSummaries of the Korean and Chinese chats in bench/data ({', '.join(languages)}), each block of 3 "
          f"turns on a page in its language, at rate {rate}")
    print("| summarizer | language | the person's names and numbers kept | invented | size error (mean) | "
          "within ±10% | within ±10% of what it may keep |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        summarizer_name, language = name.rsplit(" ", 1)
        print(f"| {summarizer_name} | {language} | {row['person']:.0%} | {row['invented']:.0%} | {row['error']:.0%} | "
              f"{row['within']:.0%} | {row['within_kept']:.0%} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--blocks", type=int, default=12, help="blocks of three turns per conversation")
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--no-model", action="store_true", help="leave out the bundled model's row")
    parser.add_argument("--languages", default="en,ko,zh", help="en (LoCoMo), ko and zh (bench/data)")
    args = parser.parse_args(argv)
    languages = [language for language in args.languages.split(",") if language]
    chats = {language: chat_blocks(language) for language in languages if language != "en"}
    paths = data_paths(args.paths) if "en" in languages else []
    blocks = [block for path in paths for block in blocks_of(path, args.blocks)]
    rows, chat_rows = {}, {}
    if blocks:
        rows["extractive (bundled profile)"] = score(summarizer(ExtractiveSummarizer()), blocks, args.rate)
    for language, chat in chats.items():
        chat_rows[f"extractive {language}"] = score_facts(summarizer(ExtractiveSummarizer(), language), chat,
                                                          args.rate)
    if not args.no_model:
        server = LocalModelServer(find_bundled_model())
        server.start()
        try:
            model = ChatOpenAI(base_url=server.base_url, api_key="not-needed", model=server.model_alias,
                               temperature=0, extra_body={"max_tokens": 512}, timeout=MODEL_SECONDS)
            print("summarizing with the bundled model…", file=sys.stderr)
            if blocks:
                rows["SmolLM2-135M (bundled model)"] = score(summarizer(model), blocks, args.rate)
            for language, chat in chats.items():
                chat_rows[f"SmolLM2-135M {language}"] = score_facts(summarizer(model, language), chat, args.rate)
        finally:
            server.stop()
    if chat_rows:
        print_languages(chat_rows, list(chats), args.rate)
    if not blocks:
        if "en" in languages:
            print("Summary quality in English: no LoCoMo data given or found; skipped.")
        return
    print(f"\nSummaries of {len(blocks)} blocks of 3 turns from {len(paths)} conversations at rate {args.rate}")
    print("| summarizer | names and numbers kept | the person's kept | the assistant's own kept | invented | "
          "size error (mean) | within ±10% |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        print(f"| {name} | {row['kept']:.0%} | {row['person']:.0%} | {row['assistant']:.0%} | {row['invented']:.0%} | "
              f"{row['error']:.0%} | {row['within']:.0%} |")


if __name__ == "__main__":
    main()
