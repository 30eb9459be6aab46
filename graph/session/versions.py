"""A turn's versions: run again (regenerate, edit) as a fork that keeps the old one, then listed and switched."""

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from time import monotonic, sleep
from typing import Any, cast

from langchain_core.messages import BaseMessage, HumanMessage, RemoveMessage

from graph.request.layout import without_turn
from graph.session.access import SessionAccess, SessionServices
from graph.session.inputs import StateInput, checked_turn
from graph.session.runner import checkpoint_config
from graph.session.turn import Rewind, follow_shown_branch, refusal, with_message_id
from graph.storage.checkpoint_tree import CheckpointTree, before, fork_at, forks_text
from state import SummaryRecord
from state.session import TurnEvent
from state.turns import completed_turn_count, has_unfinished_turn, question_indexes

HOUSEKEEPING_WAIT = 5.0  # tidying checkpoints after a turn takes well under this
LOCK_POLL = 0.05


def records_before(records: list[SummaryRecord] | None, turn: int) -> list[SummaryRecord]:
    """The summary records that cover only turns before `turn`, as the old version has them now."""
    return [record for record in records or [] if record["turns"][-1] < turn]


def carried_changes(values: Mapping[str, Any], turn: int, shared_ids: set[str]) -> StateInput:
    """The input keys that give a version of `turn` what the shown branch holds for the turns before it: its summary
    records (with the person's edits and removals, and those made at once), and the pins and thumbs on the
    messages `shared_ids` names. The version forks from the checkpoint before its turn, which was saved before
    those changes; from there each version keeps its own."""
    carried: StateInput = {
        "pinned": [mid for mid in values.get("pinned") or [] if mid in shared_ids],
        "feedback": {mid: choice for mid, choice in (values.get("feedback") or {}).items() if mid in shared_ids},
    }
    if history := records_before(values.get("summary_history"), turn):
        carried["summary_history"] = history
    if values.get("consolidated"):
        carried["consolidated"] = records_before(values.get("consolidated"), turn)
    return carried


def summarized_turns(values: Mapping[str, Any]) -> set[int]:
    """Every turn a summary (of any level) was made of."""
    records = [*(values.get("summary_history") or []), *(values.get("consolidated") or [])]
    return {turn for record in records for turn in record["turns"]}


def take_back_last_turn(services: SessionServices, session_id: str, language: str, answered_only: bool,
                        payload_for: Callable[[HumanMessage], StateInput],
                        expected_id: str | None = None) -> Rewind | TurnEvent:
    """The last turn (its question, tool calls and answer) replaced by the turn input `payload_for` makes of its
    question; a refusal when there is no such turn, when `answered_only` and it has no answer yet (Retry is for
    that), when a summary was already made of it, or when `expected_id` (the question edited, or the answer
    regenerated, as the person saw it) is no longer the last one. Callers hold the session's lock."""
    values = services.read_state(session_id)
    messages: list[BaseMessage] = list(values.get("messages", []))
    starts = question_indexes(messages)
    start = starts[-1] if starts else None
    if start is None:
        return refusal(language, "rewrite_nothing")
    if answered_only and has_unfinished_turn(messages):
        return refusal(language, "regenerate_unanswered")
    if expected_id is not None and expected_id != (messages[-1] if answered_only else messages[start]).id:
        return refusal(language, "rewrite_moved")
    turn = completed_turn_count(messages[:start]) + 1
    if turn in summarized_turns(values):
        return refusal(language, "rewrite_summarized")
    removed = messages[start:]
    payload = with_message_id(payload_for(cast(HumanMessage, removed[0])))
    gone = {message.id for message in removed}
    take_back: StateInput = {
        "messages": [RemoveMessage(id=str(message.id)) for message in removed],
        "pinned": [mid for mid in values.get("pinned") or [] if mid not in gone],
        "feedback": {mid: choice for mid, choice in (values.get("feedback") or {}).items() if mid not in gone},
    }
    if values.get("frame"):
        take_back["frame"] = without_turn(values["frame"], turn)
    services.recall.drop_from(session_id, turn)
    services.storage.prepared_drop_from(session_id, turn)  # a summary prepared ahead of the old turn is of nothing now
    return Rewind(payload, turn, take_back=take_back)


def fork_turn(services: SessionServices, session_id: str, language: str, turn: int | None, answered_only: bool,
              payload_for: Callable[[HumanMessage], StateInput], expected_id: str | None = None) -> Rewind | TurnEvent:
    """`turn` run again as a new version, forked from the checkpoint that ended the turn before (the old one stays
    in the thread's history as another version): its question, or what `payload_for` makes of it. A rewind only
    reads and decides: the turn (`graph.session.turn`) journals the input it hands over and runs it like any other.
    Refused when there is no such turn, when `answered_only` and it has no answer, when `expected_id` (the question
    edited, or the answer regenerated, as the person saw it) is no longer there, or when the turn is too far back to
    fork; `turn` None is the last. Callers hold the session's lock."""
    values = services.read_state(session_id)
    messages: list[BaseMessage] = list(values.get("messages", []))
    starts = question_indexes(messages)
    turn = len(starts) if turn is None else turn
    if not 1 <= turn <= len(starts):
        return refusal(language, "rewrite_nothing")
    start, end = starts[turn - 1], (starts[turn] if turn < len(starts) else len(messages))
    answer = next((m for m in reversed(messages[start:end]) if not isinstance(m, HumanMessage)), None)
    if answered_only and (answer is None or (turn == len(starts) and has_unfinished_turn(messages))):
        return refusal(language, "regenerate_unanswered")
    if expected_id is not None and expected_id != (answer.id if answered_only and answer else messages[start].id):
        return refusal(language, "rewrite_moved")
    tree = CheckpointTree(services.storage.checkpoint_rows(session_id))
    fork = tree.fork_point(turn)
    if fork is None:
        if turn == len(starts):  # a session saved before versions: the last turn is replaced
            return take_back_last_turn(services, session_id, language, answered_only, payload_for, expected_id)
        return refusal(language, "rewrite_too_old")
    branch = forks_text((*before(tree.shown(), turn), (turn, uuid.uuid4().hex[:8])))
    shared = {str(message.id) for message in messages[:start]}  # what the person did to these stays
    payload: StateInput = {**with_message_id(payload_for(cast(HumanMessage, messages[start]))),
                           **carried_changes(values, turn, shared)}
    services.resets(session_id, reset=True)  # what the background began on the old branch is not kept
    services.recall.drop_from(session_id, turn)
    services.storage.prepared_drop_from(session_id, turn)
    return Rewind(payload, turn, fork={"from": fork, "branch": branch})


@dataclass(frozen=True)
class TurnVersions:
    """Which version of a turn is shown (1 is the first), how many there are, and how many turns follow this one in
    each version (`later[0]` for the first), so a page can say what another version still holds."""

    shown: int
    count: int
    later: tuple[int, ...] = field(default=(), compare=False)


def turn_versions(tree: CheckpointTree) -> dict[int, TurnVersions]:
    """The turns of the shown branch that have more than one version."""
    shown = tree.shown()
    found = {}
    for turn in tree.fork_turns():
        versions = tree.versions(turn)
        keys = [version.key for version in versions]
        if len(versions) > 1 and fork_at(shown, turn) in keys:
            later = tuple(max(0, (tree.turn(tree.rows[version.leaf]) or turn) - turn) for version in versions)
            found[turn] = TurnVersions(keys.index(fork_at(shown, turn)) + 1, len(versions), later)
    return found


class SessionVersions(SessionAccess):
    """Listing and switching versions (a part of a session's handle): the versions are read from LangGraph's
    checkpoint history, and the one switched to has its branch's newest checkpoint made the thread's newest again,
    recall and search following it."""

    def versions(self) -> dict[int, TurnVersions]:
        """The turns that have several versions, so a page can draw ‹ 1/2 › under them.

        Returns:
            Turn number -> `TurnVersions`: the version shown (1 is the first), how many there are, and how many
            turns follow the turn in each.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        return turn_versions(CheckpointTree(self.services.storage.checkpoint_rows(self.id)))

    def show_version(self, turn: int, shown: int) -> bool:
        """Show another version of a turn, with everything said after it on that branch; recall and search follow.

        Tidying after a turn holds the session a moment: the switch waits it out (at most `HOUSEKEEPING_WAIT`
        seconds).

        Args:
            turn: The turn number.
            shown: The version to show (1 is the first).

        Returns:
            True when switched; False when there is no such version, it is shown already, or a turn of the
            session is running.

        Raises:
            WrongType: The turn or version is not a whole number.
            SessionNotFound: No session of this owner has the id.
        """
        turn, shown = checked_turn(turn), checked_turn(shown)
        self._existing()
        deadline = monotonic() + HOUSEKEEPING_WAIT
        while not self.services.turns.busy(self.id):
            with self.services.storage.session_lock(self.id, wait=False) as free:
                if free:
                    return self._switch(turn, shown)
            if monotonic() > deadline:
                break
            sleep(LOCK_POLL)
        return False

    def _switch(self, turn: int, shown: int) -> bool:
        """Make the version the shown branch, under the session's lock."""
        services, session_id = self.services, self.id
        tree = CheckpointTree(services.storage.checkpoint_rows(session_id))
        versions = tree.versions(turn)
        if not 1 <= shown <= len(versions) or tree.latest is None or \
                fork_at(tree.shown(), turn) == versions[shown - 1].key:
            return False
        config = checkpoint_config(session_id, versions[shown - 1].leaf)
        services.runner.make_newest(config)
        services.resets(session_id, reset=True)  # what the background began on the other branch is not kept
        services.recall.drop_from(session_id, turn)
        services.storage.prepared_drop_from(session_id, turn)
        follow_shown_branch(services, session_id)
        return True
