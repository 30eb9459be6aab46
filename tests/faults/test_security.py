"""Security: strict checkpoint deserialization, safe tools only, current checkpoint library."""

from dataclasses import dataclass
from importlib.metadata import version

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from graph.nodes.tools import DEFAULT_TOOLS
from graph.persistence import create_checkpointer


@dataclass
class Gadget:
    """A type an attacker might plant in a checkpoint."""

    payload: str = ""


def test_checkpoints_deserialize_only_safe_types(tmp_path):
    saver = create_checkpointer(tmp_path / "db.sqlite")
    permissive = JsonPlusSerializer(allowed_msgpack_modules=True)
    planted = permissive.dumps_typed({"value": Gadget("rm -rf"), "message": HumanMessage("hi")})
    loaded = saver.serde.loads_typed(planted)
    assert not isinstance(loaded.get("value"), Gadget)
    assert loaded["message"] == HumanMessage("hi")


def test_no_code_execution_or_file_tools():
    assert {tool.name for tool in DEFAULT_TOOLS} == {"calculator", "get_current_datetime"}


def test_checkpoint_library_is_past_its_advisories():
    major, minor = (int(part) for part in version("langgraph-checkpoint-sqlite").split(".")[:2])
    assert (major, minor) >= (3, 1)
