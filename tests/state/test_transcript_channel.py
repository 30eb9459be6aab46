"""The delta channels' reducers: the transcript's is `add_messages` for a batch (chunks kept as whole messages),
and every reducer gives the same state however writes are batched."""

import random

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, RemoveMessage
from langgraph.graph.message import add_messages

from state.channels import append_messages, upsert_records
from state.chat_state import merge_request_points

pytestmark = pytest.mark.unit


def shape(messages) -> list[tuple]:
    return [(type(m).__name__, m.id, m.content) for m in messages]


def random_writes(seed: int, steps: int = 300) -> list[list]:
    """Batches of writes as turns make them: new messages mostly, some removed, replaced or streamed."""
    rng, ids, batches = random.Random(seed), [], []
    for step in range(steps):
        roll = rng.random()
        if roll < 0.7 or not ids:
            write = [HumanMessage(f"h{step}", id=f"h{step}"), AIMessage(f"a{step}", id=f"a{step}")]
        elif roll < 0.8:
            write = [RemoveMessage(id=ids.pop(rng.randrange(len(ids))))]
        elif roll < 0.9:
            write = [AIMessage(f"replaced at {step}", id=rng.choice(ids))]
        else:
            write = [AIMessageChunk(content=f"streamed {step}", id=f"c{step}")]
        ids += [m.id for m in write if not isinstance(m, RemoveMessage)]
        batches.append([write] if rng.random() < 0.5 or len(write) == 1 else [write[:1], write[1:]])
    return batches


def test_the_transcript_reducer_gives_what_add_messages_gives():
    mine, stock = [], []
    for step, batch in enumerate(random_writes(seed=1)):
        mine = append_messages(list(mine) if step % 2 else mine, batch)  # LangGraph hands a copy at times
        whole = [AIMessage(m.content, id=m.id) if isinstance(m, AIMessageChunk) else m for w in batch for m in w]
        stock = add_messages(stock, whole)
        assert shape(mine) == shape(stock)
    assert len(mine) > 300 and not any(isinstance(m, AIMessageChunk) for m in mine)


def test_the_transcript_is_the_same_however_its_writes_are_batched():
    batches = random_writes(seed=2)
    one_by_one = []
    for batch in batches:
        one_by_one = append_messages(one_by_one, batch)
    halves = append_messages(append_messages([], [w for b in batches[:150] for w in b]),
                             [w for b in batches[150:] for w in b])
    assert shape(halves) == shape(one_by_one) == shape(append_messages([], [w for b in batches for w in b]))


def test_summary_records_are_kept_by_their_turns_and_writing_the_whole_list_again_changes_nothing():
    first = [{"turns": [1, 2, 3], "summary": "a"}, {"turns": [4, 5, 6], "summary": "b"}]
    edited = {"turns": [1, 2, 3], "summary": "a, edited", "edited": True}
    merged = {"turns": [1, 2, 3, 4, 5, 6], "summary": "ab", "level": 2}
    state = upsert_records([], [first])
    assert upsert_records(state, [[edited], [merged]]) == upsert_records(upsert_records(state, [[edited]]), [[merged]])
    assert upsert_records(state, [[edited]]) == [edited, first[1]]
    assert upsert_records(state, [first]) == first  # the whole list written again


def test_request_points_merge_the_same_in_any_batching():
    points = [[{"turn": n, "request_tokens": n * 10, "history_tokens": n * 20}] for n in range(1, 50)]
    assert merge_request_points([], points) == merge_request_points(merge_request_points([], points[:20]), points[20:])
