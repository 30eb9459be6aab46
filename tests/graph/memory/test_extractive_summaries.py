"""With the bundled model the summaries are the conversation's own sentences, at the slider's rate within 10%,
made without a model call; a remote model keeps summarizing itself."""

import re

import pytest

from graph.models import bundled_profile
from state.turns import message_text
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_calls, summary_reply
from tests.graph.recall.test_recall import play

pytestmark = pytest.mark.graph

TURNS = [f"On day {n} I met {name} in {city}; we talked for {n + 1} hours about the {topic} and agreed to meet "
         f"again on {n + 3} June. It was a long and friendly conversation, and I enjoyed it a lot."
         for n, (name, city, topic) in enumerate([("Mina", "Busan", "garden plan"), ("Jun", "Seoul", "budget"),
                                                  ("Ana", "Lisbon", "marathon"), ("Leo", "Porto", "reading list"),
                                                  ("Sara", "Osaka", "database migration"),
                                                  ("Tom", "Oslo", "birthday party")], start=1)]


@pytest.mark.parametrize("rate", [0.1, 0.3, 0.5])
def test_bundled_summaries_are_extracts_at_the_rate(database, rate):
    summaries = ScriptedChatModel(reply=summary_reply)
    engine = make_engine(database, summary=summaries, profile=bundled_profile())
    try:
        session = engine.session("extracts")
        session.save_settings(compression_rate=rate)
        play(session, TURNS)
        engine.wait_idle()
        history = session.state()["summary_history"]
        assert [record["turns"] for record in history] == [[1, 2, 3], [4, 5, 6]][: len(history)] and history
        said = "\n".join(message_text(message) for message in session.state()["messages"])
        for record in history:
            assert abs(record["measured_ratio"] - rate) <= rate * 0.1, record
            assert record["requested_rate"] == rate
            for line in record["summary"].splitlines():
                for sentence in re.split(r"(?<=[.!?])\s+|…", line.split(": ", 1)[1]):
                    assert sentence.strip() in said, sentence  # the conversation's own words (… marks a gap)
        assert summary_calls(summaries) == []  # no model was asked
    finally:
        engine.close()


def test_a_remote_model_summarizes_itself(database):
    summaries = ScriptedChatModel(reply=summary_reply)
    engine = make_engine(database, summary=summaries)
    try:
        play(engine.session("remote"), TURNS)
        engine.wait_idle()
        assert summary_calls(summaries)
        assert engine.session("remote").state()["summary_history"][0]["summary"].startswith("Summary of")
    finally:
        engine.close()
