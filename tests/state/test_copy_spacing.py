"""A delta channel's full copies are spaced by its length: a short list is copied every so many updates, a long
one after a share of its items, so the cost of copies per turn stays the same; loads still give every item."""

from typing import Annotated, TypedDict

import pytest
from langchain_core.messages import AIMessage, BaseMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph

from graph.storage.langgraph_private import DeltaSnapshot
from state.channels import COPY_SHARE, TRANSCRIPT_SNAPSHOT_UPDATES, transcript_channel

pytestmark = pytest.mark.unit

PER_STEP = 10  # messages a run adds (a turn adds a few)
STEPS = 300  # runs: the list is longer than COPY_SHARE times the least spacing after 120


class Transcript(TypedDict):
    messages: Annotated[list[BaseMessage], transcript_channel()]


def add_messages_step(state: Transcript) -> dict:
    start = len(state["messages"])
    return {"messages": [AIMessage(f"m{n}", id=f"m{n}") for n in range(start, start + PER_STEP)]}


def copies_made(steps: int) -> tuple[list[tuple[int, int]], InMemorySaver]:
    """(step, items copied) of each full copy of the transcript over `steps` runs of one node."""
    saver = InMemorySaver()
    graph = StateGraph(Transcript).add_node("add", add_messages_step).add_edge(START, "add").compile(
        checkpointer=saver)
    config = {"configurable": {"thread_id": "t"}}
    for _ in range(steps):
        graph.invoke({"messages": []}, config)
    copies = [(c.metadata["step"], len(value.value)) for c in saver.list(config)
              if isinstance(value := c.checkpoint["channel_values"].get("messages"), DeltaSnapshot)]
    return sorted(copies), saver


def test_copies_of_a_long_list_come_after_a_share_of_its_length_and_it_loads_whole():
    copies, saver = copies_made(STEPS)
    sizes = sorted({items for _, items in copies})  # LangGraph may copy in two checkpoints of one run
    spacing = [(earlier, (later - earlier) * 2 // PER_STEP) for earlier, later in zip(sizes, sizes[1:], strict=False)]
    short = [updates for items, updates in spacing if items < COPY_SHARE * TRANSCRIPT_SNAPSHOT_UPDATES]
    long = [(items, updates) for items, updates in spacing if items > COPY_SHARE * TRANSCRIPT_SNAPSHOT_UPDATES]
    assert len(short) >= 3 and len(long) >= 3
    assert set(short) == {TRANSCRIPT_SNAPSHOT_UPDATES}  # a short list: every so many updates (two a run here)
    for items, updates in long:  # a long one: after as many updates as a COPY_SHARE-th of its items, no sooner
        assert updates >= items // COPY_SHARE > TRANSCRIPT_SNAPSHOT_UPDATES
    graph = StateGraph(Transcript).add_node("add", add_messages_step).add_edge(START, "add").compile(
        checkpointer=saver)
    loaded = graph.get_state({"configurable": {"thread_id": "t"}}).values["messages"]
    assert [m.id for m in loaded] == [f"m{n}" for n in range(STEPS * PER_STEP)]


def test_copies_keep_the_least_spacing_and_compare_equal():
    channel = transcript_channel()
    long = channel.from_checkpoint(DeltaSnapshot([AIMessage("x", id=str(n)) for n in range(100 * COPY_SHARE)]))
    assert channel.snapshot_frequency == TRANSCRIPT_SNAPSHOT_UPDATES
    assert long.snapshot_frequency == 100 and long.copy().snapshot_frequency == 100
    assert long.copy().least_frequency == long.least_frequency == TRANSCRIPT_SNAPSHOT_UPDATES
    assert channel == transcript_channel()
