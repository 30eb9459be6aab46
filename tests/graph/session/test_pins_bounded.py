"""Pinned messages take at most their share of the request: the person's new message is never shortened for them,
and those beyond the share are left out oldest first, which the turn tells the person."""

import pytest
from langchain_core.messages import HumanMessage

from graph.request.budget import PIN_SHARE
from graph.request.tokens import count_message
from graph.settings import Settings
from prompt.request_notes import PINNED_HEADER, RECENT_SHORTENED
from state.turns import message_text
from tests.conftest import make_engine, send

pytestmark = pytest.mark.graph

WINDOW = 16_000
PINS = 40


def fact(n: int) -> str:
    return f"Fact {n}: " + " ".join(f"detail{n}x{k}" for k in range(60))


def test_forty_pins_never_shorten_the_new_message_and_the_oldest_leave_with_a_notice(database):
    engine = make_engine(database, context_window=WINDOW)
    try:
        session = engine.session("pins")
        for n in range(1, PINS // 2 + 5):
            send(session, fact(n))
        messages = session.messages()
        for message in messages[:PINS]:  # both sides of the first twenty turns
            session.pin(message.id)
        question = "Now tell me everything again: " + " ".join(f"point{k}" for k in range(600))
        events = send(session, question)
        context = session.last_context()
        assert message_text(context[-1]) == question and RECENT_SHORTENED not in message_text(context[-1])
        block = next(message_text(m) for m in context if isinstance(m, HumanMessage)
                     and message_text(m).startswith(PINNED_HEADER))
        budget = Settings().budget(WINDOW).context
        assert count_message(HumanMessage(block)) <= int(budget * PIN_SHARE)
        kept = [n for n in range(1, PINS // 2 + 1) if f"Fact {n}:" in block]
        assert kept and kept == list(range(kept[0], PINS // 2 + 1))  # the newest stay, the oldest left first
        notices = [event.data for event in events if event.kind == "notice"
                   and event.data.get("code") == "pins_left_out"]
        left_out = PINS - sum(1 for line in block.splitlines() if line.startswith("- "))
        assert left_out > 0 and notices and notices[-1]["count"] == left_out
        assert session.state()["request_report"]["pins_left_out"] == left_out
    finally:
        engine.close()


def test_pins_within_their_share_are_all_carried_without_a_notice(database):
    engine = make_engine(database, context_window=WINDOW)
    try:
        session = engine.session("few-pins")
        for n in range(1, 8):
            send(session, f"Fact {n}: short")
        session.pin(session.messages()[0].id)
        events = send(session, "What was fact 1?")
        block = [message_text(m) for m in session.last_context() if message_text(m).startswith(PINNED_HEADER)]
        assert block and "- user: Fact 1: short" in block[0]
        assert not [event for event in events if event.kind == "notice" and event.data.get("code") == "pins_left_out"]
    finally:
        engine.close()
