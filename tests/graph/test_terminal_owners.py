"""The terminal chat takes an owner: it lists, opens and starts only that person's sessions."""

import io

import pytest

from graph.terminal import main
from tests.conftest import make_engine, send
from tests.graph.test_terminal import lines

pytestmark = pytest.mark.app

ADA, BOB = "ada@example.com", "bob@example.com"


def test_the_terminal_chat_keeps_to_the_owners_sessions(tmp_path):
    engine = make_engine(tmp_path / "chat.sqlite")
    try:
        send(engine.session("bobs", owner=BOB), "Bob's secret plan is a surprise party.")
        listed = io.StringIO()
        assert main(["sessions", "--owner", BOB], out=listed, engine=engine) == 0
        assert "bobs" in listed.getvalue() and "surprise party" in listed.getvalue()

        refused = io.StringIO()
        assert main(["chat", "--session", "bobs", "--owner", ADA], read=lines("hi"), out=refused, engine=engine) == 1
        assert "surprise" not in refused.getvalue() and "No session" in refused.getvalue()
        assert len(engine.session("bobs", owner=BOB).messages()) == 2  # nothing was added to Bob's

        chatted = io.StringIO()
        assert main(["chat", "--owner", ADA], read=lines("Ada plans a picnic.", "/sessions"), out=chatted,
                    engine=engine) == 0
        assert "surprise" not in chatted.getvalue()
        assert [s.title for s in engine.sessions(owner=ADA)] == ["Ada plans a picnic"]
        mine = io.StringIO()
        assert main(["sessions", "--owner", ADA], out=mine, engine=engine) == 0
        assert "picnic" in mine.getvalue() and "bobs" not in mine.getvalue()
        assert main(["sessions"], out=(local := io.StringIO()), engine=engine) == 0
        assert "No saved sessions yet." in local.getvalue()
    finally:
        engine.close()
