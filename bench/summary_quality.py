"""What summaries keep of the person's facts, at each compression rate: the extractive summarizer the bundled
profile uses against the bundled model summarizing itself. The chats of `bench/data/summary_{en,ko,zh}.json`
(blocks of three turns of small talk, questions to the assistant and the person's facts, each block listing the
numbers, names, dates and places the person said) are summarized on a page in their language at rates 0.1, 0.3
and 0.5: per language and rate, the share of those facts each summary keeps, its size as a share of the asked
size (int(original characters x rate)), the share within 10% of it, and the share of summaries that say
anything the block never said (invented). With LoCoMo files (real English conversations) the same at each rate:
the share of the block's names and numbers kept (all, the person's, those only the assistant said).

    python -m bench.summary_quality [FILE.json ...] [--blocks 12] [--rates 0.1,0.3,0.5] [--no-model]
                                    [--languages en,ko,zh]
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
from graph.memory.extractive import ExtractiveSummarizer, summary_lines
from graph.memory.summarize import Summarizer, generate_summary
from graph.models.local_server import LocalModelServer, find_bundled_model
from state.language.sentences import split_sentences

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
    """Three turns of a chat and the numbers, names, dates and places the person said in them."""

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


def stated_calls(messages: Sequence[BaseMessage]) -> list[str]:
    """Each calculation of a block as a summary states it (`17*23 = 391`): its expression and its result."""
    expressions = {call["id"]: call["args"].get("expression") for m in messages if isinstance(m, AIMessage)
                   for call in m.tool_calls}
    return [f"{expressions.get(m.tool_call_id)} = {m.content}" for m in messages if isinstance(m, ToolMessage)]


def unsaid(summary: str, original: str) -> list[str]:
    """The summary's sentences, or the stretches of one a … separates, the block never said word for word."""
    return [part for _, text in summary_lines(summary) for sentence in split_sentences(text)
            for part in sentence.split("…") if part.strip() not in original]


def score_facts(summarize: Callable[[list[BaseMessage], int], str], blocks: Sequence[Block],
                rate: float) -> dict[str, float]:
    """Over the blocks: the share of the person's facts kept; invented, the share of summaries with a sentence,
    a number or one of the chat's names the block never said; the size as a share of the asked size (mean,
    least, most) and the share of summaries within 10% of it."""
    names = {fact for block in blocks for fact in block.facts if not NUMBER.search(fact)}
    kept, invented, sizes, within = [], [], [], []
    for block in blocks:
        original = "\n".join([*(str(m.content) for m in block.messages), *stated_calls(block.messages)])
        target = int(len("".join(str(m.content) for m in block.messages)) * rate)
        summary = summarize(block.messages, target)
        kept.append(sum(fact in summary for fact in block.facts) / len(block.facts))
        written = set(NUMBER.findall(summary)) | {name for name in names if name in summary}
        said = set(NUMBER.findall(original)) | {name for name in names if name in original}
        invented.append(bool(written - said or unsaid(summary, original)))
        sizes.append(len(summary) / target)
        within.append(abs(len(summary) - target) <= 0.1 * target)
    return {"person": statistics.mean(kept), "invented": statistics.mean(invented),
            "size": statistics.mean(sizes), "least": min(sizes), "most": max(sizes),
            "within": sum(within) / len(within)}


def print_languages(rows: dict[tuple[str, str, float], dict[str, float]]) -> None:
    """The table of the chats in bench/data, per summarizer, language and rate."""
    print("\nSummaries of the chats in bench/data (blocks of 3 turns, each on a page in its language)")
    print("| summarizer | language | rate | the person's facts kept | size as % of asked (mean, least-most) | "
          "within ±10% | invented |")
    print("|---|---|---|---|---|---|---|")
    for (name, language, rate), row in rows.items():
        print(f"| {name} | {language} | {rate} | {row['person']:.0%} | {row['size']:.0%} ({row['least']:.0%}-"
              f"{row['most']:.0%}) | {row['within']:.0%} | {row['invented']:.0%} |")


def print_locomo(rows: dict[tuple[str, float], dict[str, float]], blocks: int, paths: int) -> None:
    """The table of the LoCoMo blocks."""
    print(f"\nSummaries of {blocks} blocks of 3 turns from {paths} LoCoMo conversations")
    print("| summarizer | rate | names and numbers kept | the person's kept | the assistant's own kept | invented | "
          "size error (mean) | within ±10% |")
    print("|---|---|---|---|---|---|---|---|")
    for (name, rate), row in rows.items():
        print(f"| {name} | {rate} | {row['kept']:.0%} | {row['person']:.0%} | {row['assistant']:.0%} | "
              f"{row['invented']:.0%} | {row['error']:.0%} | {row['within']:.0%} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="LoCoMo files (English real conversations), when given or found")
    parser.add_argument("--blocks", type=int, default=12, help="blocks of three turns per LoCoMo conversation")
    parser.add_argument("--rates", default="0.1,0.3,0.5")
    parser.add_argument("--no-model", action="store_true", help="leave out the bundled model's rows")
    parser.add_argument("--languages", default="en,ko,zh", help="the chats of bench/data to summarize")
    args = parser.parse_args(argv)
    rates = [float(rate) for rate in args.rates.split(",") if rate]
    chats = {language: chat_blocks(language) for language in args.languages.split(",") if language}
    paths = data_paths(args.paths)
    blocks = [block for path in paths for block in blocks_of(path, args.blocks)]
    summarizers: dict[str, Callable[[str], Callable[[list[BaseMessage], int], str]]] = {
        "extractive": lambda language: summarizer(ExtractiveSummarizer(), language)}
    server = None
    if not args.no_model:
        server = LocalModelServer(find_bundled_model())
        server.start()
        model = ChatOpenAI(base_url=server.base_url, api_key="not-needed", model=server.model_alias,
                           temperature=0, extra_body={"max_tokens": 512}, timeout=MODEL_SECONDS)
        print("summarizing with the bundled model…", file=sys.stderr)
        summarizers["SmolLM2-135M"] = lambda language: summarizer(model, language)
    try:
        chat_rows = {(name, language, rate): score_facts(make(language), chat, rate) for name, make in
                     summarizers.items() for language, chat in chats.items() for rate in rates}
        locomo_rows = {(name, rate): score(make("en"), blocks, rate) for name, make in summarizers.items()
                       for rate in rates} if blocks else {}
    finally:
        if server is not None:
            server.stop()
    if chat_rows:
        print_languages(chat_rows)
    if locomo_rows:
        print_locomo(locomo_rows, len(blocks), len(paths))


if __name__ == "__main__":
    main()
