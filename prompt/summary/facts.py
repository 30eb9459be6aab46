"""The facts request: the turns of a block, each under its number, and one line per fact back."""

import re
from collections.abc import Sequence
from typing import TypedDict

from langchain_core.messages import BaseMessage, HumanMessage

from prompt.summary.summary_generator import render_transcript

FACTS_PROMPT = """List the facts stated in the conversation below, for the assistant's own memory.

Rules:
- One fact per line, written as: <turn number> | <fact>
- Each fact is one short, complete sentence that makes sense on its own: name people and things, never
  "he", "she" or "it".
- Keep every name, number, place, date, plan and preference; write a date as the conversation gives it.
- Write in the same language as the conversation; no greetings, no opinions about the conversation.

Conversation:
{transcript}

Facts:"""

FACT_LINE = re.compile(r"^\W*(?:turn\s*)?(\d+)\s*[|:\])-]\s*(.+?)\s*$", re.IGNORECASE)
MAX_FACT_CHARS = 300
FACTS_PER_TURN = 8


class ListedFact(TypedDict):
    """One fact the model listed, with the turn it came from."""

    turn: int
    text: str


def render_numbered(turns: Sequence[tuple[int, Sequence[BaseMessage]]]) -> str:
    """Each turn's transcript under `[turn N]`."""
    return "\n\n".join(f"[turn {number}]\n{render_transcript(messages)}" for number, messages in turns)


def get_facts_prompt(turns: Sequence[tuple[int, Sequence[BaseMessage]]]) -> str:
    """The request for the facts of these numbered turns."""
    return FACTS_PROMPT.format(transcript=render_numbered(turns))


def facts_request(turns: Sequence[tuple[int, Sequence[BaseMessage]]]) -> list[BaseMessage]:
    """The facts request as chat messages."""
    return [HumanMessage(get_facts_prompt(turns))]


def parse_facts(text: str, numbers: Sequence[int]) -> list[ListedFact]:
    """The `turn | fact` lines about the given turns, each fact once, at most a few per turn."""
    allowed, seen, per_turn = set(numbers), set(), dict.fromkeys(numbers, 0)
    facts: list[ListedFact] = []
    for line in text.splitlines():
        match = FACT_LINE.match(line)
        if not match or int(match.group(1)) not in allowed:
            continue
        turn, fact = int(match.group(1)), match.group(2)[:MAX_FACT_CHARS].strip()
        if fact and fact.lower() not in seen and per_turn[turn] < FACTS_PER_TURN:
            seen.add(fact.lower())
            per_turn[turn] += 1
            facts.append({"turn": turn, "text": fact})
    return facts
