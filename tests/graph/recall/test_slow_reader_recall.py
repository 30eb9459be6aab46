"""The bundled model reads ~100 prompt tokens a second: its request brings at most what it reads in about two
seconds of what recall found, while the quote from memory still chooses among everything recall found, and a
model that reads its context is sent the whole recall share."""

from dataclasses import replace

import pytest

from graph.models import bundled_profile
from graph.request.blocks import SLOW_READER_RECALL
from tests.conftest import make_engine, reader_profile
from tests.fakes import ScriptedChatModel
from tests.graph.recall.test_recall import filler, play

pytestmark = pytest.mark.graph

FACTS = [f"My colleague {name} moved to {city} for the new office and rents a flat near the river."
         for name, city in [("Mina", "Busan"), ("Jun", "Daegu"), ("Sora", "Incheon"), ("Theo", "Lisbon"),
                            ("Hana", "Osaka"), ("Rafael", "Porto")]]
QUESTION = "Where did my colleagues move for the new office?"


def asked(database, profile):
    engine = make_engine(database, ScriptedChatModel(), profile=profile)
    try:
        session = engine.session("colleagues")
        for n, fact in enumerate(FACTS):
            play(session, [fact, *(filler(10 * n + k) for k in range(8))])
        events = session.send(QUESTION).wait()
        report = session.state()["request_report"]
        return events, report, session.messages()[-1].content
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_the_bundled_request_brings_what_it_reads_in_two_seconds_and_the_quote_sees_all(tmp_path, streaming):
    events, report, reply = asked(tmp_path / "bundled.sqlite", replace(bundled_profile(), streaming=streaming))
    assert not [e for e in events if e.kind == "error"], events
    assert 0 < report["recall_tokens"] <= SLOW_READER_RECALL + 40  # the excerpts' header and dates besides
    assert "You said on turn" in reply and "new office" in reply  # the quote chose among every recalled turn


def test_a_model_that_reads_its_context_is_sent_the_whole_recall_share(tmp_path):
    _, report, _ = asked(tmp_path / "reader.sqlite", reader_profile())
    assert report["recall_tokens"] > 2 * SLOW_READER_RECALL
    assert len(report["recalled"]) >= 4
