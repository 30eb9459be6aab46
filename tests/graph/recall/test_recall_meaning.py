"""Recall by meaning: a turn is found by the one line of it that answers, in other words than the question's, or
in another language, and turns indexed before these vectors (or without any) gain them after later turns."""

import pytest

import graph.recall.gather
import graph.recall.index
from graph.recall.embeddings import DIMENSIONS, from_bytes
from graph.recall.indexed import BACKFILL_TURNS
from tests.graph.recall import test_recall_fusion
from tests.graph.recall.test_recall import context_text, filler, play
from tests.graph.recall.test_recall_fusion import recalled_turns

pytestmark = pytest.mark.graph

engine = test_recall_fusion.engine  # the bundled profile's engine on each backend in turn

OLD_VECTOR = bytes(512)  # what the earlier 256-dimension model stored for one turn


def test_a_turn_is_found_by_the_one_line_that_answers_in_other_words(engine):
    session = engine.session("one-line")
    play(session, [filler(n) for n in range(1, 30)])
    play(session, ["Long week at the office, the printer broke twice.\n"
                   "My neighbour's kids were loud all Sunday.\n"
                   "Anyway, tonight I'm off to my taekwondo class again.\n"
                   "Then groceries, the fridge is empty."])
    play(session, [filler(n) for n in range(31, 120)])
    play(session, ["Which martial art do I practise?"])
    assert "taekwondo" in context_text(session.last_context())
    assert 30 in recalled_turns(session)


def test_a_korean_question_finds_a_fact_told_in_english_by_meaning(engine):
    session = engine.session("across-languages")
    play(session, [filler(n) for n in range(1, 30)])
    play(session, ["My knee has been hurting since the marathon, so the physiotherapist told me to stop running "
                   "for a month."])
    play(session, [filler(n) for n in range(31, 120)])
    play(session, ["물리치료사가 한 달 동안 뭘 하지 말라고 했어?"])  # what was I told not to do for a month?
    assert 30 in recalled_turns(session)
    assert "stop running" in context_text(session.last_context())


def test_a_question_is_embedded_only_once_earlier_turns_left_the_context(engine, monkeypatch):
    """A question's vector costs a turn about 25 ms of a core: not spent while every earlier turn is still sent raw
    (recall has nothing to search), and once per turn after."""
    asked: list[str] = []
    for module in (graph.recall.index, graph.recall.gather):
        monkeypatch.setattr(module, "embed_query",
                            lambda text, embedded=module.embed_query: (asked.append(text), embedded(text))[1])
    session = engine.session("all-raw")
    play(session, [filler(1), filler(2), "Which martial art do I practise?"])
    assert asked == []
    play(session, [filler(n) for n in range(3, 40)])
    asked.clear()
    play(session, ["Which martial art do I practise?"])
    assert asked and len(set(asked)) == 1


def test_turns_stored_with_the_earlier_vectors_are_embedded_again_a_few_after_each_turn(engine):
    session = engine.session("older")
    play(session, [filler(n) for n in range(1, 20)])
    storage = engine.storage
    for turn in range(1, 20):  # as the earlier release left them
        storage.recall_set_vector("older", turn, OLD_VECTOR)
    engine.recall.forget("older")
    play(session, [filler(20)])
    rows = {turn: blob for turn, blob, *_ in storage.recall_vectors("older", 0)}
    embedded = [turn for turn in range(1, 20) if from_bytes(rows[turn]) is not None]
    assert len(embedded) == BACKFILL_TURNS - 1  # one turn's share beside its own: never the whole backlog at once
    play(session, [filler(21), filler(22)])
    rows = {turn: blob for turn, blob, *_ in storage.recall_vectors("older", 0)}
    vectors = [from_bytes(rows[turn]) for turn in range(1, 23)]
    assert all(v is not None and v.shape[1] == DIMENSIONS for v in vectors)
