"""Recall on conversations as people have them: a fact said once in other words, two facts from distant
sessions, a question about a day, and the person's context budget deciding how much comes back."""

import pytest

from graph.request.tokens import count_messages
from tests.conftest import make_engine, reader_profile, recalled
from tests.graph.recall.test_recall import context_text, filler, play

pytestmark = pytest.mark.graph


@pytest.fixture
def engine(database):
    """An engine with the bundled model's window, reading all it is sent, on each backend in turn."""
    engine = make_engine(database, profile=reader_profile())
    yield engine
    engine.close()


def recalled_turns(session) -> list[int]:
    return sorted(item["turn"] for item in session.state()["request_report"]["recalled"])


def test_a_fact_said_once_in_300_turns_is_found_by_a_question_in_other_words(engine):
    session = engine.session("paraphrase")
    play(session, [filler(n) for n in range(1, 40)])
    play(session, ["My sister moved to Busan last spring and loves the seafood there."])
    play(session, [filler(n) for n in range(41, 300)])
    play(session, ["Which city does my sibling live in nowadays?"])
    assert "Busan" in context_text(session.last_context())
    assert 40 in recalled_turns(session)


def test_a_question_naming_two_facts_from_distant_sessions_gets_both(engine):
    session = engine.session("two-facts")
    play(session, [filler(n) for n in range(1, 10)])
    play(session, ["We adopted a grey cat and named her Miso."])
    play(session, [filler(n) for n in range(11, 200)])
    play(session, ["My daughter got a green parrot for her birthday; she calls it Kiwi."])
    play(session, [filler(n) for n in range(201, 230)])
    play(session, ["What are the names of our cat and of the parrot?"])
    text = context_text(session.last_context())
    assert "Miso" in text and "Kiwi" in text
    assert {10, 200} <= set(recalled_turns(session))


def test_a_question_about_a_day_finds_the_turn_of_that_day(engine):
    session = engine.session("dated")
    days = ["2 March, 2023", "3 May, 2023", "9 June, 2023", "20 August, 2023"]
    dishes = ["a lentil stew", "a mushroom risotto", "a plum cake", "a pumpkin soup"]
    for day, dish in zip(days, dishes, strict=True):
        play(session, [f"[10:00 am on {day}] Good morning!", f"[10:05 am on {day}] Today I cooked {dish} for dinner."])
        play(session, [filler(n) for n in range(1, 30)])
    play(session, ["What did I cook for dinner on 3 May, 2023?"])
    text = context_text(session.last_context())
    assert "mushroom risotto" in text
    excerpts = session.turn_excerpts([item["turn"] for item in recalled(session)])
    records = [record for record in excerpts if "risotto" in record["assistant"] or "risotto" in record["user"]]
    assert records and records[0]["date"] == "2023-05-03"  # the turn carries the day it was said


def test_the_context_budget_bounds_every_request_and_recall_fills_what_is_left(engine):
    session = engine.session("budget")
    facts = [f"Note {n}: the storage unit {n} holds the winter tyres and camping gear." for n in range(1, 60)]
    play(session, facts)
    counts = []
    for budget in (2000, 4000):
        session.save_settings(context_budget=budget)
        play(session, ["Which storage unit holds my winter tyres and camping gear?"])
        tokens = count_messages(session.last_context())
        assert budget * 0.8 <= tokens <= budget, (budget, tokens)  # filled by recall, never over
        counts.append(len(recalled_turns(session)))
    assert session.settings().context_budget == 4000
    assert 0 < counts[0] < counts[1]
