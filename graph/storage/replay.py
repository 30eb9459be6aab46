"""What a session's delta channels need kept to load: the checkpoints from each channel's latest full copy on.

LangGraph's delta channels store a step's writes, not the value; a load starts at the nearest checkpoint that
holds a channel's full copy and replays the writes after it. The latest checkpoint's metadata counts, per
channel, the steps since that copy (`counters_since_delta_snapshot`), and steps are numbered along the chain, so
every checkpoint of an earlier step than the oldest copy still needed can go, with its writes."""

from collections.abc import Mapping
from functools import cache
from typing import Any

from langgraph.channels.delta import DeltaChannel
from langgraph.graph import StateGraph

from state import ChatState

COUNTERS = "counters_since_delta_snapshot"


def first_step_needed(metadata: Mapping[str, Any] | None) -> int | None:
    """The step of the oldest checkpoint a load of the latest one replays from; None when it cannot be told
    (no step recorded), so nothing is pruned by step."""
    if not metadata or not isinstance(metadata.get("step"), int):
        return None
    counters = metadata.get(COUNTERS) or {}
    behind = max((int(counts[1]) for counts in counters.values() if len(counts) > 1), default=0)
    return int(metadata["step"]) - behind


@cache
def delta_channels() -> dict[str, DeltaChannel]:
    """The session state's delta channels by name, as the graph declares them."""
    return {name: channel for name, channel in StateGraph(ChatState).channels.items()
            if isinstance(channel, DeltaChannel)}
