"""Through the engine, a remote summary model that writes far too much or too little still gives summaries at
the slider's rate within 10%, and the record measures what it keeps; a failing second ask fails no turn."""

import pytest
from langchain_core.messages import BaseMessage

from graph.memory.length import within_bounds
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_calls
from tests.graph.memory.test_extractive_summaries import TURNS
from tests.graph.recall.test_recall import play

pytestmark = pytest.mark.graph

RAMBLING = " ".join(f"They met on day {n}." for n in range(200))  # a sentence end every 18 characters


def read_each_answer(engine, session, texts) -> None:
    """Turns sent as a person sends them, each after the answer before it and the work that follows it."""
    for text in texts:
        play(session, [text])
        engine.wait_idle()


def rambling(messages: list[BaseMessage]) -> str:
    return RAMBLING


def terse_then_failing(messages: list[BaseMessage]) -> str:
    if len(messages) > 1:
        raise RuntimeError("the endpoint failed on the second ask")
    return "The user met friends."


@pytest.mark.parametrize("streaming", [True, False])
@pytest.mark.parametrize("rate", [0.1, 0.5])
def test_an_overlong_remote_summary_is_held_to_the_rate(database, rate, streaming):
    summaries = ScriptedChatModel(reply=rambling, disable_streaming=not streaming)
    engine = make_engine(database, summary=summaries)
    try:
        session = engine.session("long")
        session.save_settings(compression_rate=rate)
        read_each_answer(engine, session, TURNS[:4])
        [record] = session.state()["summary_history"]
        target = int(record["original_chars"] * rate)
        assert within_bounds(record["summary"], target), (len(record["summary"]), target)
        assert record["summary"].endswith(".") and record["summary_chars"] == len(record["summary"])
        assert abs(record["measured_ratio"] - rate) <= rate * 0.1 + 0.001
        assert all(len(call) == 1 for call in summary_calls(summaries))  # trimmed at a sentence end, not asked again
    finally:
        engine.close()


def test_a_short_remote_summary_whose_second_ask_fails_is_kept_and_the_turn_answers(database):
    summaries = ScriptedChatModel(reply=terse_then_failing)
    engine = make_engine(database, summary=summaries)
    try:
        session = engine.session("short")
        read_each_answer(engine, session, TURNS[:4])
        [record] = session.state()["summary_history"]
        assert record["summary"] == "The user met friends." and record["summary_chars"] == len(record["summary"])
        asks = summary_calls(summaries)  # the block may also have been prepared ahead, after turn 3
        again = [call for call in asks if len(call) == 3]
        assert again and len(again) == len(asks) - len(again)  # each first ask asked once more, no more
        assert all("characters" in str(call[-1].content) for call in again)
        assert len(session.state()["messages"]) == 8  # every turn answered
    finally:
        engine.close()
