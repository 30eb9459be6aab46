"""A turn does not wait for a summary model when the summary it needs is still being made ahead: a block just due
is carried raw and applied once prepared, and made by the turn itself only after `LATE_TURNS` turns."""

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from graph.memory.extractive import ExtractiveSummarizer
from graph.memory.planner import LATE_TURNS, SummaryPlanner, plan_input
from state import SummaryRecord
from state.session import SessionSettings
from tests.fakes.models import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.unit


class MemoryPrepared:
    """Prepared summaries kept in a dict, as the storage keeps them in a table."""

    def __init__(self) -> None:
        self.rows: dict[str, SummaryRecord] = {}

    def prepared_put(self, key: str, session_id: str, record: SummaryRecord) -> None:
        self.rows[key] = record

    def prepared_has(self, key: str) -> bool:
        return key in self.rows

    def prepared_take(self, key: str) -> SummaryRecord | None:
        return self.rows.pop(key, None)

    def prepared_drop_from(self, session_id: str, first_turn: int) -> int:
        return 0


def transcript(completed: int) -> list[BaseMessage]:
    """`completed` turns and the next one's question, every message with an id."""
    messages: list[BaseMessage] = []
    for turn in range(1, completed + 2):
        messages.append(HumanMessage(f"Question {turn} about the garden plan and the budget.", id=f"h{turn}"))
        if turn <= completed:
            messages.append(AIMessage(f"Answer {turn}: plant tomatoes in row {turn}.", id=f"a{turn}"))
    return messages


def values(completed: int) -> dict:
    return plan_input({"messages": transcript(completed), "session_id": "s"}, "s", SessionSettings())


def setup() -> tuple[SummaryPlanner, ScriptedChatModel, MemoryPrepared]:
    model, prepared = ScriptedChatModel(reply=summary_reply), MemoryPrepared()
    return SummaryPlanner(model, prepared=prepared), model, prepared


def test_a_block_just_due_waits_for_the_summary_made_ahead():
    planner, model, _ = setup()
    assert planner.due_turns(values(3)) == [[1, 2, 3]]
    assert list(planner.records(values(3), 0.3, wait_for_prepared=True)) == []
    assert model.calls == []  # the turn asked no model


def test_the_summary_made_ahead_is_applied_by_the_next_turn():
    planner, model, prepared = setup()
    planner.prepare(values(3), 0.3)  # the preparer, after turn 3
    made = len(model.calls)
    assert made > 0 and len(prepared.rows) == 1
    records = list(planner.records(values(4), 0.3, wait_for_prepared=True))
    assert [planned.turns for planned in records] == [[1, 2, 3]]
    assert len(model.calls) == made and prepared.rows == {}  # taken, not made again


@pytest.mark.parametrize("later_turns", [1, LATE_TURNS - 1])
def test_a_block_waits_fewer_than_late_turns(later_turns: int):
    planner, model, _ = setup()
    assert list(planner.records(values(3 + later_turns), 0.3, wait_for_prepared=True)) == []
    assert model.calls == []


def test_a_block_due_for_late_turns_is_made_by_the_turn_and_the_next_block_still_waits():
    planner, model, _ = setup()
    completed = 3 + LATE_TURNS  # turns 1-3 due since turn 4, and 4-6 just due
    assert planner.due_turns(values(completed)) == [[1, 2, 3], [4, 5, 6]]
    records = list(planner.records(values(completed), 0.3, wait_for_prepared=True))
    assert [planned.turns for planned in records] == [[1, 2, 3]]
    assert model.calls  # made now: it waited long enough


@pytest.mark.parametrize("completed", [3, 3 + LATE_TURNS - 1, 3 + LATE_TURNS])
def test_the_page_is_told_only_of_the_summaries_the_turn_makes(completed: int):
    """The page's "summarizing" notice names what the turn will summarize before it answers: a block left to the
    preparer is not announced (it would spin through the whole reply)."""
    planner, _, _ = setup()
    for wait in (False, True):
        made = [planned.turns for planned in planner.records(values(completed), 0.3, wait_for_prepared=wait)]
        assert planner.due_turns(values(completed), wait_for_prepared=wait) == made


def test_without_waiting_every_due_block_is_made():
    planner, model, _ = setup()
    records = list(planner.records(values(3), 0.3))
    assert [planned.turns for planned in records] == [[1, 2, 3]] and model.calls


def test_the_texts_own_sentences_are_kept_at_once_without_waiting():
    planner = SummaryPlanner(ExtractiveSummarizer(), prepared=MemoryPrepared())
    records = list(planner.records(values(3), 0.3, wait_for_prepared=True))
    assert [planned.turns for planned in records] == [[1, 2, 3]]  # no model to wait for: made by the turn
