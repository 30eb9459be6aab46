"""Running a turn again: the same question answered afresh (regenerate) or the question changed (edit). The new
version forks the conversation from the checkpoint that ended the turn before, so the old one stays in the
thread's history as another version; the recall index and listed facts follow the new line. Where that
checkpoint is gone (a session saved before versions), the last turn is taken back through RemoveMessage.

A rewind only reads and decides: it hands the turn (`graph.session.turn`) the input to run, which journals it
and runs it like any other."""

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from langchain_core.messages import BaseMessage, HumanMessage, RemoveMessage

from graph.request.layout import without_turn
from graph.session.carried import carried_changes
from graph.session.journal import with_message_id
from graph.session.services import SessionServices
from graph.storage.checkpoint_tree import CheckpointTree, before, forks_text
from state.session import TurnEvent
from state.texts import localized
from state.turns import completed_turn_count, has_unfinished_turn, question_indexes


@dataclass(frozen=True)
class Rewind:
    """A turn to run again as a new version: its input and number, the checkpoint its new line starts from and
    the forks of that line (`fork`), or, for a session saved before versions, the update that takes the old turn
    back (`take_back`, written once the new input is journaled)."""

    payload: dict
    turn: int
    fork: dict | None = None
    take_back: dict | None = None


def summarized_turns(values: Mapping[str, Any]) -> set[int]:
    """Every turn a summary (of any level) was made of."""
    records = [*(values.get("summary_history") or []), *(values.get("consolidated") or [])]
    return {turn for record in records for turn in record["turns"]}


def refusal(language: str, key: str) -> TurnEvent:
    """A rewrite that cannot run, said why; nothing was changed."""
    return TurnEvent("error", localized(language, key), {"code": key})


def take_back_last_turn(services: SessionServices, session_id: str, language: str, answered_only: bool,
                        payload_for: Callable[[HumanMessage], dict],
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
    take_back = {
        "messages": [RemoveMessage(id=str(message.id)) for message in removed],
        "pinned": [mid for mid in values.get("pinned") or [] if mid not in gone],
        "feedback": {mid: choice for mid, choice in (values.get("feedback") or {}).items() if mid not in gone},
        **({"frame": without_turn(values["frame"], turn)} if values.get("frame") else {}),
    }
    services.recall.drop_from(session_id, turn)
    services.storage.cache_drop_from(session_id, turn)  # a summary made ahead of the old turn is of nothing now
    return Rewind(payload, turn, take_back=take_back)


def fork_turn(services: SessionServices, session_id: str, language: str, turn: int | None, answered_only: bool,
              payload_for: Callable[[HumanMessage], dict], expected_id: str | None = None) -> Rewind | TurnEvent:
    """`turn` run again as a new version, forked from the checkpoint that ended the turn before: its question, or
    what `payload_for` makes of it. Refused when there is no such turn, when `answered_only` and it has no answer,
    when `expected_id` (the question edited, or the answer regenerated, as the person saw it) is no longer there,
    or when the turn is too far back to fork; `turn` None is the last. Callers hold the session's lock."""
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
    line = forks_text((*before(tree.shown(), turn), (turn, uuid.uuid4().hex[:8])))
    shared = {str(message.id) for message in messages[:start]}  # what the person did to these stays
    payload = {**with_message_id(payload_for(cast(HumanMessage, messages[start]))),
               **carried_changes(values, turn, shared)}
    services.generation(session_id, advance=True)  # what the background began on the old line is not kept
    services.recall.drop_from(session_id, turn)
    services.storage.cache_drop_from(session_id, turn)
    return Rewind(payload, turn, fork={"from": fork, "branch": line})
