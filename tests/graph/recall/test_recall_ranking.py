"""The pieces recall ranks with: dates stated and asked, rank fusion, feedback words, the budget's bounds."""

from collections import Counter
from datetime import date

import pytest

from graph.recall.dates import DateAsked, date_asked, stated_date
from graph.recall.fusion import feedback_words, fuse
from graph.recall.index import with_neighbours
from state.budgets import DEFAULT_CONTEXT_BUDGET, MIN_CONTEXT_BUDGET, clamp_budget

pytestmark = pytest.mark.unit


def test_a_question_names_a_day_a_month_or_a_month_and_year():
    assert date_asked("Who did Maria have dinner with on May 3, 2023?") == DateAsked(2023, 5, 3)
    assert date_asked("What did she start, as mentioned on 3 June, 2023?") == DateAsked(2023, 6, 3)
    assert date_asked("What did Joanna achieve in January 2022?") == DateAsked(2022, 1, None)
    assert date_asked("Which spot did Joanna visit in May?") == DateAsked(None, 5, None)
    assert date_asked("what happened on 2024-02-29") == DateAsked(2024, 2, 29)
    assert date_asked("I may go there") is None and date_asked("when did we meet?") is None


def test_a_day_covers_what_was_said_that_day_or_told_in_the_week_after():
    day, month = DateAsked(2023, 5, 3), DateAsked(None, 12, None)
    assert day.covers(date(2023, 5, 3)) and day.covers(date(2023, 5, 10))
    assert not day.covers(date(2023, 5, 2)) and not day.covers(date(2023, 5, 20))
    assert month.covers(date(2022, 12, 24)) and month.covers(date(2023, 1, 4)) and not month.covers(date(2023, 1, 20))
    assert not DateAsked(2023, 2, 30).covers(date(2023, 3, 1))  # no such day: nothing matches


def test_a_message_opening_with_a_bracketed_date_states_its_day():
    assert stated_date("[1:56 pm on 8 May, 2023] Maria: hi") == date(2023, 5, 8)
    assert stated_date("[2023-05-08] notes") == date(2023, 5, 8)
    assert stated_date("On 8 May, 2023 I went out") is None and stated_date("[May 2023] hi") is None


def test_fusion_rewards_turns_ranked_well_by_several_rankings():
    assert fuse([[1, 2, 3], [4, 2, 9]]) == [2, 1, 4, 3, 9]
    assert fuse([]) == [] and fuse([[5]]) == [5]


def test_feedback_words_are_the_rare_words_the_first_results_share():
    words_of = {1: frozenset({"kickboxing", "gym", "john"}), 2: frozenset({"taekwondo", "kickboxing", "john"})}
    turns_with = Counter({"john": 100, "gym": 30, "kickboxing": 2, "taekwondo": 1})
    assert feedback_words([1, 2], words_of, ["martial"], turns_with, 100) == ["kickboxing", "taekwondo"]
    assert feedback_words([1, 2], words_of, ["kickboxing"], turns_with, 100) == ["taekwondo"]


def test_the_context_budget_is_kept_within_its_bounds():
    assert clamp_budget("lots") == DEFAULT_CONTEXT_BUDGET and clamp_budget(float("nan")) == DEFAULT_CONTEXT_BUDGET
    assert clamp_budget(10) == MIN_CONTEXT_BUDGET and clamp_budget(6000.9) == 6000


def test_the_best_turns_bring_the_turns_beside_them_but_never_a_later_or_missing_one():
    assert with_neighbours([5, 1, 9], 10, 8) == [5, 6, 4, 1, 2, 9, 8]  # no turn 0, none at or past 10
    weak = list(range(100, 116, 2))
    assert with_neighbours(weak + [50], 200, 8)[-1] == 50  # past the best few, turns come alone
    assert with_neighbours([5, 1], 10, 0) == [5, 1]  # a small budget has no room for them
