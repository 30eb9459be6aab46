"""EntityStorage: the entities each turn names, stored, replaced, read after a turn, taken out from a turn on,
alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def test_entities_are_read_in_turn_order_and_a_turn_naming_none_is_kept_as_read(storage: Storage):
    assert storage.entities_after("s", 0) == []
    storage.entities_put("s", {2: ["little women", "max"], 1: [], 3: ["부산", "上海", "o'neill's"]})
    storage.entities_put("other", {9: ["not this session"]})
    assert storage.entities_after("s", 0) == [(1, []), (2, ["little women", "max"]), (3, ["o'neill's", "上海", "부산"])]
    assert storage.entities_after("s", 2) == [(3, ["o'neill's", "上海", "부산"])]


def test_entities_put_again_replace_the_turns_and_are_taken_out_from_a_turn_on(storage: Storage):
    storage.entities_put("s", {1: ["dune"], 2: ["max", "max"], 3: ["chess"]})
    storage.entities_put("s", {1: ["arrakis"]})
    assert storage.entities_after("s", 0) == [(1, ["arrakis"]), (2, ["max"]), (3, ["chess"])]
    storage.entities_remove_from("s", 2)
    assert storage.entities_after("s", 0) == [(1, ["arrakis"])]
