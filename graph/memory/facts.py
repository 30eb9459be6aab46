"""Facts of the summarized turns, asked of a capable summary model in the background after a reply: each one
short sentence naming the turn it came from, stored per turn, so recall can find a turn by what it says as
well as by its words. The turn's path never waits for them."""

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage

from graph.context import covered_turn_count
from graph.memory.summarize import ask
from graph.reply.clean_text import clean_model_text
from graph.storage.base import FactStorage
from prompt.summary.facts import facts_request, parse_facts
from state.turns import message_text, split_turns

logger = logging.getLogger(__name__)

TURNS_PER_REQUEST = 6
REQUESTS_PER_RUN = 2  # a long backlog (an imported session) catches up over the next turns


def extract_facts(model: BaseChatModel, turns: Sequence[tuple[int, Sequence[BaseMessage]]],
                  seconds: float | None = None) -> dict[int, list[str]]:
    """The facts of these numbered turns, each turn's list (empty when the model listed none for it)."""
    reply = ask(model, facts_request(turns), seconds)
    facts: dict[int, list[str]] = {number: [] for number, _ in turns}
    for fact in parse_facts(clean_model_text(message_text(reply)), list(facts)):
        facts[fact["turn"]].append(fact["text"])
    return facts


def pending_turns(values: Mapping[str, Any], last_listed: int) -> list[tuple[int, list[BaseMessage]]]:
    """The summarized turns whose facts were not asked for yet, oldest first, as many as one run asks."""
    turns, _ = split_turns(values.get("messages", []))
    covered = min(covered_turn_count(values.get("summary_history") or []), len(turns))
    numbers = range(last_listed + 1, min(covered, last_listed + TURNS_PER_REQUEST * REQUESTS_PER_RUN) + 1)
    return [(number, turns[number - 1]) for number in numbers]


def list_facts(model: BaseChatModel, store: FactStorage, session_id: str, values: Mapping[str, Any],
               still_current: Callable[[], bool], seconds: float | None = None) -> int:
    """Ask for the facts of the summarized turns not asked about yet and store them; returns how many turns.
    A session deleted meanwhile keeps nothing (written first, checked after, as the summary cache does)."""
    pending = pending_turns(values, store.facts_last_turn(session_id))
    done = 0
    for start in range(0, len(pending), TURNS_PER_REQUEST):
        batch = pending[start:start + TURNS_PER_REQUEST]
        try:
            facts = extract_facts(model, batch, seconds)
        except Exception:  # facts only add keys; the next run asks again
            logger.warning("Listing the facts of turns %s-%s failed", batch[0][0], batch[-1][0], exc_info=True)
            return done
        store.facts_put(session_id, facts)
        if not still_current():
            store.facts_remove(session_id, list(facts))
            return done
        done += len(batch)
    return done
