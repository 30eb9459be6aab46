"""A session of 2,000 turns, stored as deltas and pruned after every turn as the engine prunes it, loads in a new
process with every message in order, on either backend."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from graph.builder import build_graph
from graph.session.runner import thread_config
from tests.conftest import open_database
from tests.fakes.models import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.storage

ROOT = Path(__file__).resolve().parents[3]
TURNS = 2000
READ_IN_A_NEW_PROCESS = """
import json, sys
from tests.conftest import make_engine
engine = make_engine(sys.argv[1])
print(json.dumps([[m.type, m.content] for m in engine.session("long").messages()]))
engine.close()
"""


def test_a_2000_turn_session_reloads_in_a_new_process_with_every_message_in_order(database):
    storage = open_database(database)
    graph = build_graph(ScriptedChatModel(), ScriptedChatModel(reply=summary_reply), storage.saver)
    try:
        for n in range(1, TURNS + 1):
            graph.invoke({"messages": [HumanMessage(f"question {n}")], "turn_count": n, "session_id": "long",
                          "compression_rate": 0.3}, thread_config("long"))
            storage.prune_checkpoints("long")
        kept = len(list(storage.saver.list(thread_config("long"))))
    finally:
        storage.close()
    assert kept < 400  # a few dozen turns' checkpoints, not two thousand turns' worth
    child = subprocess.run([sys.executable, "-c", READ_IN_A_NEW_PROCESS, database], cwd=ROOT, capture_output=True,
                           text=True, timeout=300, check=True)
    expected = [kind for n in range(1, TURNS + 1)
                for kind in (["human", f"question {n}"], ["ai", f"Reply to: question {n}"])]
    assert json.loads(child.stdout.splitlines()[-1]) == expected
