"""LangGraph's private names the app builds on (`graph/storage/langgraph_private.py`) still exist and still have
the shape the app relies on: an upgrade that removes or changes one fails here, naming it."""

import ast
import importlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.unit

PINNED_MODULE = ROOT / "graph" / "storage" / "langgraph_private.py"


def keywords(function: Callable) -> set[str]:
    return set(inspect.signature(function).parameters)


def delta_snapshot(snapshot: Any) -> None:
    """A delta channel's full copy: built from the list, which it holds as `value`, and a tuple."""
    copy = snapshot(["a", "b"])
    assert isinstance(copy, tuple) and copy.value == ["a", "b"] and snapshot._fields == ("value",)


def sqlite_writes_sql(build: Any) -> None:
    """Called with chain_lens and has_task_path: no query for no chain, one asking writes by checkpoint ids."""
    assert {"chain_lens", "has_task_path"} <= keywords(build)
    assert build(chain_lens=[], has_task_path=True) == ""
    assert build(chain_lens=[2], has_task_path=True).count("?") == 5  # session, namespace, channel, two ids


def sqlite_writes(build: Any) -> None:
    assert {"channels", "chain_by_ch", "seed_val_by_ch", "seeded", "stage2_rows", "serde"} <= keywords(build)
    assert build(channels=["messages"], chain_by_ch={"messages": []}, seed_val_by_ch={}, seeded=set(),
                 stage2_rows=[], serde=None) == {"messages": {"writes": []}}


def has_task_path(flag: Any) -> None:
    assert isinstance(flag, bool)


def postgres_writes_sql(build: Any) -> None:
    """Called with channels_with_chain and channels_with_seed: four parameters per channel with a chain."""
    assert {"channels_with_chain", "channels_with_seed"} <= keywords(build)
    assert build(channels_with_chain=["messages"], channels_with_seed=[]).count("%s") == 4


def postgres_cursor(method: Any) -> None:
    """Called with no argument but the saver."""
    parameters = list(inspect.signature(method).parameters.values())[1:]
    assert all(parameter.default is not inspect.Parameter.empty for parameter in parameters)


def postgres_writes(method: Any) -> None:
    assert {"channels", "chain_by_ch", "seed_ver_by_ch", "seed_inline_by_ch", "stage2_rows"} <= keywords(method)


PINNED: dict[str, Callable[[Any], None]] = {
    "langgraph.checkpoint.serde.types._DeltaSnapshot": delta_snapshot,
    "langgraph.checkpoint.sqlite._delta.build_delta_stage2_sql": sqlite_writes_sql,
    "langgraph.checkpoint.sqlite._delta.build_delta_channels_writes_history": sqlite_writes,
    "langgraph.checkpoint.sqlite.SqliteSaver._has_task_path": has_task_path,
    "langgraph.checkpoint.postgres.base._build_delta_stage2_sql": postgres_writes_sql,
    "langgraph.checkpoint.postgres.PostgresSaver._cursor": postgres_cursor,
    "langgraph.checkpoint.postgres.PostgresSaver._build_delta_channels_writes_history": postgres_writes,
}


def resolve(dotted: str) -> Any:
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(dotted)


@pytest.mark.parametrize("dotted", PINNED)
def test_each_private_name_exists_with_the_shape_the_app_relies_on(dotted: str):
    try:
        found = resolve(dotted)
    except (ImportError, AttributeError) as error:
        pytest.fail(f"LangGraph no longer has {dotted}: {error}")
    try:
        PINNED[dotted](found)
    except Exception as error:
        pytest.fail(f"LangGraph's {dotted} changed its shape: {type(error).__name__} {error}")


def private_names_reached(path: Path) -> set[str]:
    """The private LangGraph names a module imports or reads as attributes, by their last part."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("langgraph"):
            private_module = any(part.startswith("_") for part in (node.module or "").split("."))
            names.update(alias.name for alias in node.names if private_module or alias.name.startswith("_"))
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            names.add(node.attr)
    return names


def test_every_private_name_the_module_reaches_is_pinned_here():
    assert private_names_reached(PINNED_MODULE) == {dotted.rsplit(".", 1)[1] for dotted in PINNED}


def test_the_module_hands_out_the_pinned_objects_themselves():
    from graph.storage import langgraph_private

    assert langgraph_private.DeltaSnapshot is resolve("langgraph.checkpoint.serde.types._DeltaSnapshot")
