"""Bring back earlier turns that answer the current message, when they are no longer in the context."""

from typing import TypedDict

from langgraph.runtime import Runtime

from graph.context import first_raw_turn
from graph.graph_config import session_settings
from graph.recall.index import RecallIndex
from graph.recall.lexicon import english_words
from state import ChatState
from state.request_items import RecalledTurn
from state.session import SessionSettings
from state.time_zones import day_in
from state.turns import latest_user_text, message_text, split_turns

INDEXING_WAIT_SECONDS = 0.5  # how long recall waits for turns answered a moment ago to be indexed, under load


class RecallUpdate(TypedDict, total=False):
    """What the recall step writes to the turn's state: the earlier turns it brought back, and whether the message
    names a word only a few earlier turns said."""

    recalled: list[RecalledTurn]
    names_earlier: bool


def recall_query(state: ChatState) -> str:
    """The current user message (with the English of its Korean or Chinese everyday words, so it finds a fact
    told in English) and what the current turn's tools returned."""
    _, current = split_turns(state.get("messages", []))
    results = [message_text(m) for m in current if m.type == "tool"]
    text = latest_user_text(state)
    meant = " ".join(english_words(text))
    return "\n".join([text, *([meant] if meant else []), *results])


def make_recall_node(index: RecallIndex | None, budget_tokens: int, keep_last_turn: bool = False):
    """A node that searches the session's earlier turns (not the raw ones the context carries anyway);
    casual turns, sessions with recall off and graphs without an index recall nothing."""

    def recall(state: ChatState, runtime: Runtime[SessionSettings]) -> RecallUpdate:
        if index is None or not session_settings(runtime).recall or state.get("route") == "casual":
            return {"recalled": [], "names_earlier": False}
        session_id = state.get("session_id", "")
        messages = state.get("messages", [])
        today = day_in(session_settings(runtime).time_zone)  # the person's, not the server's
        turns, _ = split_turns(messages)
        first_raw = first_raw_turn(state.get("summary_history") or [], len(turns), keep_last_turn)
        # the turns recall searches, indexed if they are not yet (saved before the index existed, or still being
        # indexed after their reply, waited for a moment); the raw turns the context carries are indexed after it
        index.index_session(session_id, messages, today, through=first_raw - 1, wait=INDEXING_WAIT_SECONDS)
        pinned = set(state.get("pinned") or [])
        with_pins = frozenset(n for n, turn in enumerate(turns, 1) if any(m.id in pinned for m in turn)) \
            if pinned else frozenset()
        budget = min(budget_tokens, session_settings(runtime).context_budget)  # the llm node keeps what fits
        return {"recalled": index.recall(session_id, recall_query(state), first_raw, budget, with_pins),
                "names_earlier": index.names_earlier(session_id, latest_user_text(state))}

    return recall
