"""LangGraph's private names the app builds on, reached through this module only, so an upgrade that renames or
reshapes one fails here and in `tests/graph/storage/test_langgraph_private.py`, which names it.

The delta channels and the savers' cheaper walks use what LangGraph keeps private: a delta channel's full copy in a
checkpoint, and each saver's query for, and reading of, the writes after a copy. Nothing here imports the rest of
the app."""

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, cast

from langgraph.checkpoint.base import DeltaChannelHistory
from langgraph.checkpoint.serde.types import _DeltaSnapshot as DeltaSnapshot  # a delta channel's full copy
from langgraph.checkpoint.sqlite._delta import build_delta_channels_writes_history, build_delta_stage2_sql

if TYPE_CHECKING:
    from langgraph.checkpoint.postgres import PostgresSaver
    from langgraph.checkpoint.sqlite import SqliteSaver

__all__ = ["DeltaSnapshot", "postgres_cursor", "postgres_writes", "postgres_writes_sql", "sqlite_writes",
           "sqlite_writes_sql"]


def sqlite_writes_sql(saver: "SqliteSaver", chain_lens: Sequence[int]) -> str:
    """SqliteSaver's query for the writes stored with each channel's chain of checkpoints ('' for no chain)."""
    return build_delta_stage2_sql(has_task_path=saver._has_task_path, chain_lens=chain_lens)


def sqlite_writes(chains: Mapping[str, list[str]], rows: Sequence[Any], serde: Any) -> dict[str, DeltaChannelHistory]:
    """Each channel's writes, oldest first, from the rows `sqlite_writes_sql` read (no full copies in them)."""
    return build_delta_channels_writes_history(channels=list(chains), chain_by_ch=chains, seed_val_by_ch={},
                                               seeded=set(), stage2_rows=rows, serde=serde)


def postgres_writes_sql(channels: Sequence[str]) -> str:
    """PostgresSaver's query for the writes stored with each channel's chain of checkpoints."""
    from langgraph.checkpoint.postgres.base import _build_delta_stage2_sql  # the driver loads only with a server

    return _build_delta_stage2_sql(channels_with_chain=channels, channels_with_seed=[])


def postgres_cursor(saver: "PostgresSaver") -> AbstractContextManager[Any]:
    """A cursor of the saver's connection (or pool), its rows as dicts."""
    return saver._cursor()


def postgres_writes(saver: "PostgresSaver", chains: Mapping[str, list[str]],
                    rows: Sequence[Any]) -> dict[str, DeltaChannelHistory]:
    """Each channel's writes, oldest first, from the rows `postgres_writes_sql` read (no full copies in them)."""
    channels = list(chains)
    return saver._build_delta_channels_writes_history(
        channels=channels, chain_by_ch=chains, seed_ver_by_ch={name: None for name in channels},
        seed_inline_by_ch={}, stage2_rows=cast(Any, rows))
