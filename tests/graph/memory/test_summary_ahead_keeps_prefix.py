"""A summary prepared ahead between two turns costs the next turn nothing it had read: on the bundled model the
background work never asks the model server (its summaries are the person's own sentences), and the turn that
shows the new summary reads again only the summary and what is new, not the request before it."""

from dataclasses import replace

import pytest

from graph.context import should_summarize
from graph.models import bundled_profile
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

LINES = ["My sister Mina lives in Busan and teaches violin at a school near the harbour.",
         "I adopted a grey cat called Pepper last spring; she sleeps on the piano all day.",
         "Our team ships the billing service every Thursday after the morning review.",
         "My favourite dish is kimchi stew with tofu, the way my grandmother made it.",
         "I ran the Seoul half marathon in 1 hour 52 minutes this April.",
         "The garden has three apple trees and a fig that my father planted.",
         "Dad's birthday dinner is booked at Jungsik for June 4 at seven."]


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_summary_made_ahead_keeps_the_next_request_read_before(tmp_path, streaming):
    chat, summary = ScriptedChatModel(), ScriptedChatModel(reply=summary_reply)
    engine = make_engine(tmp_path / "chat.sqlite", chat, summary,
                         profile=replace(bundled_profile(), streaming=streaming))
    try:
        session = engine.session("ahead")
        reports = []
        for line in LINES * 2:
            session.send(line).wait()
            engine.wait_idle()  # the summary of the turns before is prepared ahead here, between two turns
            reports.append(session.state()["request_report"])
        assert summary.calls == []  # the server's cached prefix is never replaced by background work
        assert len(chat.calls) == len(reports)  # only the turns themselves asked the model
        summarized = [n for n in range(2, len(reports) + 1) if should_summarize(n)]
        ordinary = max(r["new_tokens"] for n, r in enumerate(reports, 1) if n > 1 and n not in summarized)
        assert len(summarized) >= 4
        for turn in summarized:
            report, before = reports[turn - 1], reports[turn - 2]
            new_summary = report["summary_tokens"] - before["summary_tokens"]
            assert new_summary > 0, (turn, report)  # the summary prepared ahead is shown at this turn
            assert report["new_tokens"] <= new_summary + ordinary + 10, (turn, report, ordinary)
    finally:
        engine.close()
