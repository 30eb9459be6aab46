"""Search across chats finds a number written after a hyphen ('LOCK-4417') by the number alone, on both backends,
as the person types it into the sidebar's search."""

import pytest

from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.storage


def test_search_across_chats_finds_a_code_by_its_number(database):
    engine = make_engine(database, ScriptedChatModel())
    try:
        send(engine.session("gym"), "My locker code is LOCK-4417, remember it.")
        send(engine.session("other"), "Room 4418 is on the second floor.")
        for query in ("4417", "LOCK-4417", "lock 4417"):
            found = engine.search(query)
            assert [(hit["session_id"], hit["turn"]) for hit in found][:1] == [("gym", 1)], query
            assert "4417" in found[0]["snippet"].replace("**", "")
        assert [hit["session_id"] for hit in engine.search("4418")] == ["other"]
    finally:
        engine.close()
