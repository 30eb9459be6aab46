"""The tree of a session's checkpoints: versions grouped by the forks of their lines, the fork point of a turn,
and what pruning keeps (each line's newest row with what it replays from)."""

import pytest

from graph.storage import checkpoint_tree
from graph.storage.checkpoint_tree import CheckpointTree, Version, parse_forks, prunable

pytestmark = pytest.mark.unit

COUNTS = "counters_since_delta_snapshot"


def run(id_: str, parent: str | None, step: int, turn: int, branch: str = "", behind: int = 0) -> tuple:
    return id_, parent, {"source": "loop", "step": step, "turn": turn, "branch": branch, COUNTS: {"m": [1, behind]}}


def update(id_: str, parent: str, step: int) -> tuple:
    return id_, parent, {"source": "update", "step": step}


ORIGINAL = [("a0", None, {"step": -1, "turn": 1, "branch": ""}), run("a1", "a0", 1, 1), run("a2", "a1", 2, 2),
            update("a2p", "a2", 3), run("a3", "a2p", 4, 3), run("a4", "a3", 5, 4)]


def test_forks_are_read_in_turn_order_and_a_bad_part_is_left_out():
    assert parse_forks("5:cd/2:ab/x:y/3:") == ((2, "ab"), (5, "cd"))


def test_a_fork_at_turn_three_makes_two_versions_and_starts_from_the_end_of_turn_two():
    tree = CheckpointTree(ORIGINAL)
    assert tree.fork_point(3) == "a2p" and tree.fork_point(1) == "a0" and tree.versions(3) == [Version(None, "a4")]
    forked = CheckpointTree([*ORIGINAL, run("b3", "a2p", 4, 3, "3:b"), update("b3p", "b3", 5)])
    assert forked.shown() == ((3, "b"),)
    assert forked.versions(3) == [Version(None, "a4"), Version("b", "b3p")]
    assert forked.fork_turns() == [3] and forked.versions(2) == [Version(None, "b3p")]


def test_versions_of_a_later_turn_are_those_of_the_line_shown():
    rows = [*ORIGINAL, run("b4", "a3", 5, 4, "4:b"), run("c2", "a1", 2, 2, "2:c"), run("d3", "a2p", 4, 3, "3:d"),
            update("e", "a4", 6)]  # the original line shown again
    tree = CheckpointTree(rows)
    assert tree.shown() == ()
    assert [v.key for v in tree.versions(4)] == [None, "b"] and tree.versions(4)[0].leaf == "e"
    assert [v.key for v in tree.versions(2)] == [None, "c"] and [v.key for v in tree.versions(3)] == [None, "d"]


def test_pruning_keeps_each_lines_newest_row_and_the_shown_lines_last_turns(monkeypatch):
    monkeypatch.setattr(checkpoint_tree, "EDITABLE_TURNS", 2)
    rows = [*ORIGINAL[:-1], run("a4", "a3", 5, 4, behind=1), run("b3", "a2p", 4, 3, "3:b", behind=1)]
    rows += [run(f"b{n}", f"b{n - 1}", n + 1, n, "3:b", behind=1) for n in range(4, 9)]
    gone = prunable(rows, newest=1)
    assert {"a4", "a3"}.isdisjoint(gone)  # the original line's newest, and the row it replays from
    assert {"b5", "b6", "b7", "b8"}.isdisjoint(gone)  # turns 6-8 can be forked: from the end of turn 5 on
    assert "b4" not in gone  # what the end of turn 5 replays from
    assert set(gone) == {"a0", "a1", "a2", "a2p", "b3"}


def test_a_session_saved_before_turns_were_tagged_keeps_only_what_its_newest_replays_from():
    rows = [("r0", None, {"source": "loop", "step": 0}), ("r1", "r0", {"source": "loop", "step": 1}),
            run("r2", "r1", 2, 3), run("r3", "r2", 3, 4)]
    assert prunable(rows, newest=1) == ["r0", "r1"]
