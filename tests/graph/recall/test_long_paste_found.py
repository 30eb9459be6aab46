"""A pasted file is found by any word in it through the session API, on both backends and with a streaming or a
generate-only model: a code said on line 3,000 of a 120 KB paste, far past what recall's record of the turn holds,
is found by the search across chats and by recall's search, and the turn is indexed once however its pieces match."""

import pytest

from graph.request.words import query_words
from tests.conftest import make_engine, send
from tests.fakes.faults import model_of_kind

pytestmark = pytest.mark.graph

CODE = "ZEBRAQUOKKA7731"
PASTE = "Here is the deploy log:\n" + "\n".join(f"deploy key {CODE}" if number == 3000 else "log entry nothing new"
                                                 for number in range(1, 5500))


@pytest.mark.parametrize("kind", ["streaming", "generate_only"])
def test_a_code_deep_in_a_paste_is_found_by_both_searches(database, kind: str):
    engine = make_engine(database, model_of_kind(kind, lambda messages: "Got the log."))
    try:
        session = engine.session("logs")
        events = send(session, PASTE)
        assert [event.kind for event in events if event.kind == "error"] == []
        send(session, "Thanks, that is all for now.")
        hits = engine.search(CODE)
        assert [(hit["session_id"], hit["turn"]) for hit in hits] == [("logs", 1)]
        assert f"deploy key **{CODE}**" in hits[0]["snippet"]
        found = engine.storage.recall_search("logs", query_words(f"what was the {CODE} key"), 99, 5)
        assert [turn for turn, *_ in found] == [1]
        assert [hit["turn"] for hit in engine.search("entry nothing new")] == [1]
    finally:
        engine.close()
