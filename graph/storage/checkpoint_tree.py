"""A session's checkpoints as a tree of branches. Each run's checkpoint carries its turn and the forks its branch
took ("2:a1b2/5:c3d4": turn 2 answered anew as a1b2, then turn 5 as c3d4), so the versions of a turn are listed,
and the checkpoints each version needs are kept, from the rows alone, even where pruning cut the chain between."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.storage.replay import first_step_needed

TURN = "turn"  # checkpoint metadata: the turn a run ran
BRANCH = "branch"  # checkpoint metadata: the forks of its branch, "turn:key" joined by "/"
EDITABLE_TURNS = 20  # the shown branch keeps its checkpoints this many turns back, so those turns can be forked

Forks = tuple[tuple[int, str], ...]


def parse_forks(text: str) -> Forks:
    """The forks a branch tag names, in turn order."""
    forks = []
    for part in (text or "").split("/"):
        turn, _, key = part.partition(":")
        if turn.isdigit() and key:
            forks.append((int(turn), key))
    return tuple(sorted(forks))


def forks_text(forks: Forks) -> str:
    return "/".join(f"{turn}:{key}" for turn, key in forks)


def before(forks: Forks, turn: int) -> Forks:
    """The forks of a branch taken before `turn`."""
    return tuple(fork for fork in forks if fork[0] < turn)


def fork_at(forks: Forks, turn: int) -> str | None:
    """The version a branch took at `turn` (None: the first one)."""
    return next((key for at, key in forks if at == turn), None)


@dataclass(frozen=True)
class Checkpoint:
    """One checkpoint row: its id, its parent's and its metadata."""

    id: str
    parent: str | None
    metadata: Mapping[str, Any]

    @property
    def step(self) -> int | None:
        step = self.metadata.get("step")
        return step if isinstance(step, int) else None

    @property
    def turn(self) -> int | None:
        turn = self.metadata.get(TURN)
        return turn if isinstance(turn, int) else None


@dataclass(frozen=True)
class Version:
    """One version of a turn: its key (None for the first) and the newest checkpoint of its branch."""

    key: str | None
    leaf: str


class CheckpointTree:
    """The rows of one thread, with the branch of each (a row a run did not write takes its parent's)."""

    def __init__(self, rows: Iterable[tuple[str, str | None, Mapping[str, Any]]]) -> None:
        self.rows = {id_: Checkpoint(id_, parent, metadata or {}) for id_, parent, metadata in rows}
        self._branches: dict[str, tuple[int | None, Forks]] = {}

    @property
    def latest(self) -> Checkpoint | None:
        return self.rows[max(self.rows)] if self.rows else None

    def branch_of(self, row: Checkpoint) -> tuple[int | None, Forks]:
        """The turn `row` belongs to and the forks of its branch (a row a run did not write takes its parent's)."""
        walked = []
        node: Checkpoint | None = row
        while node is not None and node.id not in self._branches and BRANCH not in node.metadata:
            walked.append(node.id)
            node = self.rows.get(node.parent) if node.parent else None
        if node is None:
            found: tuple[int | None, Forks] = (None, ())
        elif node.id in self._branches:
            found = self._branches[node.id]
        else:
            found = self._branches[node.id] = (node.turn, parse_forks(str(node.metadata[BRANCH])))
        for id_ in walked:
            self._branches[id_] = found
        return found

    def forks(self, row: Checkpoint) -> Forks:
        return self.branch_of(row)[1]

    def turn(self, row: Checkpoint) -> int | None:
        return self.branch_of(row)[0]

    def shown(self) -> Forks:
        """The forks of the branch shown (the newest checkpoint's)."""
        return self.forks(self.latest) if self.latest else ()

    def fork_turns(self) -> list[int]:
        """The turns some branch forked at."""
        return sorted({turn for row in self.rows.values() for turn, _ in self.forks(row)})

    def versions(self, turn: int) -> list[Version]:
        """The versions of `turn` on the shown branch: the first one, then the forks in the order they were made."""
        prefix = before(self.shown(), turn)
        groups: dict[str | None, list[str]] = {}
        for row in self.rows.values():
            at, forks = self.branch_of(row)
            if at is not None and at >= turn and before(forks, turn) == prefix:
                groups.setdefault(fork_at(forks, turn), []).append(row.id)
        ordered = sorted(groups.items(), key=lambda item: (item[0] is not None, min(item[1])))
        return [Version(key, max(ids)) for key, ids in ordered]

    def fork_point(self, turn: int) -> str | None:
        """The checkpoint the shown branch ended turn `turn - 1` with (for turn 1, the thread's first, empty one);
        None when it was pruned or written before turns were tagged."""
        if turn <= 1:  # the thread's first checkpoint, before any message
            roots = [row.id for row in self.rows.values() if row.parent is None and (row.step or 0) < 0]
            return min(roots) if roots else None
        forks = before(self.shown(), turn)
        ends = [row.id for row in self.rows.values() if self.branch_of(row) == (turn - 1, forks)]
        return max(ends) if ends else None

    def kept(self, newest: int) -> set[str]:
        """The rows to keep: the `newest` few, what a load of the newest replays from (steps are numbered along
        a branch), each other branch's newest row with what its load replays from, and the shown branch's last
        `EDITABLE_TURNS` turns with what theirs replay from."""
        keep = set(sorted(self.rows)[-newest:]) if newest > 0 else set()
        latest = self.latest
        if latest is None:
            return keep
        needed = first_step_needed(latest.metadata)
        if needed is not None:
            keep |= {row.id for row in self.rows.values() if row.step is not None and row.step >= needed}
        leaves: dict[Forks, str] = {}
        for row in self.rows.values():
            forks = self.forks(row)
            leaves[forks] = max(leaves.get(forks, row.id), row.id)
        for leaf in set(leaves.values()) - {latest.id}:
            keep |= self._chain(self.rows[leaf], first_step_needed(self.rows[leaf].metadata))
        last_turn = self.turn(latest)
        if last_turn is not None:  # the turns that can be forked, each with what its load replays from
            recent = self._recent_branch(latest, last_turn - EDITABLE_TURNS)
            oldest = self.rows[min(recent, key=lambda id_: self.rows[id_].step or 0)]
            keep |= recent | self._chain(oldest, first_step_needed(oldest.metadata))
        return keep

    def _chain(self, row: Checkpoint, needed: int | None) -> set[str]:
        """`row` and its ancestors down to step `needed` (all of them when it cannot be told)."""
        chain, node = set(), row
        while True:
            chain.add(node.id)
            parent = self.rows.get(node.parent) if node.parent else None
            if parent is None or (needed is not None and parent.step is not None and parent.step < needed):
                return chain
            node = parent


    def _recent_branch(self, latest: Checkpoint, from_turn: int) -> set[str]:
        """The shown branch's rows from the end of turn `from_turn - 1` on (not past a row saved before turns were
        tagged)."""
        branch, node = set(), latest
        while True:
            branch.add(node.id)
            parent = self.rows.get(node.parent) if node.parent else None
            if parent is None or BRANCH not in parent.metadata and parent.metadata.get("source") == "loop":
                return branch
            turn = self.turn(parent)
            if turn is None or turn < from_turn - 1:
                return branch
            node = parent


def prunable(rows: Iterable[tuple[str, str | None, Mapping[str, Any]]], newest: int) -> list[str]:
    """The ids of a thread's rows that no branch needs."""
    tree = CheckpointTree(rows)
    keep = tree.kept(newest)
    return sorted(set(tree.rows) - keep)


def saver_rows(saver: BaseCheckpointSaver, session_id: str) -> list[tuple[str, str | None, dict[str, Any]]]:
    """The rows of a thread a saver keeps elsewhere (in memory), read through its own listing."""
    listed = saver.list({"configurable": {"thread_id": session_id, "checkpoint_ns": ""}})
    return [(item.config["configurable"]["checkpoint_id"],
             item.parent_config["configurable"]["checkpoint_id"] if item.parent_config else None,
             dict(item.metadata or {})) for item in listed]
