"""Facts from the summaries: a capable summary model lists the facts of the summarized turns in the
background, they point to the turns they came from, recall finds a turn by them when its own words differ,
and they go with the session."""

import threading

import pytest
from langchain_core.messages import AIMessage, BaseMessage

from graph.models import bundled_profile
from graph.request.words import query_words
from tests.conftest import make_engine, recalled
from tests.fakes import ScriptedChatModel
from tests.fakes.models import facts_request_turns, summary_reply
from tests.graph.recall.test_recall import context_text, filler, play

pytestmark = pytest.mark.graph

TRIP = "Booked it! Flying out on the 14th, cannot wait for the pastel de nata."
TRIP_FACT = "The user's holiday in Portugal starts on the 14th."
QUESTION = "When does my holiday in Portugal start?"
ASKED_ON: list[str] = []  # the threads facts were asked on
SCRIPTED_FACTS = {"Flying out on the 14th": TRIP_FACT}  # what a capable model would say about a turn


def fact_reply(messages: list[BaseMessage]) -> AIMessage:
    """Facts as `turn | fact` for the facts request (from a fixed table, deterministically); a summary
    otherwise."""
    turns = facts_request_turns(messages)
    if turns is None:
        return summary_reply(messages)
    ASKED_ON.append(threading.current_thread().name)
    lines = []
    for number, body in turns:
        lines += [f"{number} | {fact}" for marker, fact in SCRIPTED_FACTS.items() if marker in body]
        lines.append(f"{number} | The user asked: {body.splitlines()[0].removeprefix('User: ')}")
    return AIMessage("\n".join(lines))


def is_facts_request(messages: list[BaseMessage]) -> bool:
    return facts_request_turns(messages) is not None


@pytest.fixture
def summaries() -> ScriptedChatModel:
    return ScriptedChatModel(reply=fact_reply)


def rank_of(session, turn: int) -> float:
    """Where a turn came in recall's order, best first (the budget takes many turns; the order says why)."""
    return next((item["rank"] for item in recalled(session) if item["turn"] == turn), float("inf"))


def play_trip(engine, session_id: str, turns: int = 120):
    session = engine.session(session_id)
    play(session, [filler(n) for n in range(1, 20)])
    play(session, [TRIP])
    play(session, [filler(n) for n in range(21, turns)])
    engine.wait_idle()
    return session


def stored_facts(engine, session_id: str) -> dict[int, list[str]]:
    return dict(engine.storage.facts_after(session_id, 0))


def test_facts_point_to_the_turns_they_came_from(database, summaries):
    engine = make_engine(database, summary=summaries)
    try:
        session = play_trip(engine, "facts", turns=40)
        facts = stored_facts(engine, "facts")
        assert TRIP_FACT in facts[20]
        assert facts[7] == ["The user asked: Turn 7: tell me something about the weather in the mountains, please."]
        covered = {turn for record in session.state()["summary_history"] for turn in record["turns"]}
        assert set(facts) == covered  # every summarized turn was asked about once, none other
        requests = [call for call in summaries.calls if is_facts_request(call)]
        assert all(str(call[-1].content).count("[turn ") <= 6 for call in requests)
        assert ASKED_ON and all(name.startswith("summary-preparer") for name in ASKED_ON)  # never on a turn
    finally:
        engine.close()


def test_a_turn_is_found_by_its_fact_when_its_own_words_differ(database, summaries, tmp_path):
    with_facts = make_engine(database, summary=summaries)
    without = make_engine(tmp_path / "plain.sqlite", summary=ScriptedChatModel(reply=summary_reply))
    try:
        for engine in (with_facts, without):
            session = play_trip(engine, "trip")
            play(session, [QUESTION])
        assert rank_of(with_facts.session("trip"), 20) <= 3
        assert "pastel de nata" in context_text(with_facts.session("trip").last_context())
        words = query_words(QUESTION)  # the facts are keys of their own to the turn: "Portugal", "holiday"
        assert with_facts.recall._session_keys("trip").ranked(words, 200, 0.5)[:1] == [20]
        assert without.recall._session_keys("trip").ranked(words, 200, 0.5) == []
    finally:
        with_facts.close()
        without.close()


def test_facts_go_with_the_deleted_session(database, summaries):
    engine = make_engine(database, summary=summaries)
    try:
        play_trip(engine, "gone", turns=60)
        assert TRIP_FACT in stored_facts(engine, "gone")[20]
        engine.delete("gone")
        assert stored_facts(engine, "gone") == {}
        again = engine.session("gone")
        play(again, [filler(n) for n in range(1, 26)] + [QUESTION])
        engine.wait_idle()
        assert stored_facts(engine, "gone") and all(TRIP_FACT not in texts
                                                    for texts in stored_facts(engine, "gone").values())
        keys = engine.recall._session_keys("gone").ranked(query_words(QUESTION), 200, 0.5)
        assert 20 not in keys  # no key of the deleted session points into the new one
        assert "Portugal" not in context_text(again.last_context()).replace(QUESTION, "")
    finally:
        engine.close()


def test_the_bundled_model_is_never_asked_for_facts(database, summaries):
    small = ScriptedChatModel(reply=fact_reply)
    bundled = make_engine(database, summary=small, profile=bundled_profile())
    try:
        play_trip(bundled, "small", turns=30)
        assert not [call for call in small.calls if is_facts_request(call)]
        assert stored_facts(bundled, "small") == {}
    finally:
        bundled.close()
