"""FactStorage: the facts listed about each turn, stored, replaced, read after a turn, taken back, alike on
SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def test_facts_are_read_in_turn_order_after_a_turn(storage: Storage):
    assert storage.facts_last_turn("s") == 0 and storage.facts_after("s", 0) == []
    storage.facts_put("s", {2: ["Mina lives in Busan."], 1: [], 3: ["The user's cat is called Miso.", "Miso is grey."]})
    storage.facts_put("other", {9: ["Not this session."]})
    assert storage.facts_after("s", 0) == [(1, []), (2, ["Mina lives in Busan."]),
                                           (3, ["The user's cat is called Miso.", "Miso is grey."])]
    assert storage.facts_after("s", 2) == [(3, ["The user's cat is called Miso.", "Miso is grey."])]
    assert storage.facts_last_turn("s") == 3 and storage.facts_last_turn("other") == 9


def test_facts_asked_again_replace_the_earlier_ones_and_can_be_taken_back(storage: Storage):
    storage.facts_put("s", {1: ["first"], 2: ["second"]})
    storage.facts_put("s", {1: ["first, again", "with a 'quote', a % and a ?"]})
    assert storage.facts_after("s", 0) == [(1, ["first, again", "with a 'quote', a % and a ?"]), (2, ["second"])]
    storage.facts_remove("s", [1, 2])
    assert storage.facts_after("s", 0) == [] and storage.facts_last_turn("s") == 0
