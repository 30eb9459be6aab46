"""What a person changed on the turns a new version shares with the old one stays changed in it, on both backends:
summaries edited, removed or made at once, pins and thumbs; and after that each version keeps its own."""

import pytest

from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

EDITED = "The person planned a picnic by the river."


def request_text(chat: ScriptedChatModel) -> str:
    return " ".join(str(m.content) for m in chat.calls[-1])


def records(session) -> dict[tuple[int, int], dict]:
    return {(r["turns"][0], r["turns"][-1]): r for r in session.state()["summary_history"]}


def finish(run, session) -> list:
    events = run.wait()
    session.services.wait_idle()
    return events


@pytest.fixture
def chat() -> ScriptedChatModel:
    return ScriptedChatModel()


@pytest.fixture
def eight_turns(database, chat):
    """A session of eight turns, its summaries of 1-3 and 4-6 made."""
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    for n in range(1, 9):
        send(session, f"question {n}")
    assert set(records(session)) == {(1, 3), (4, 6)}
    yield engine, session
    engine.close()


@pytest.mark.parametrize("rewrite", ["regenerate", "edit"])
def test_an_edited_and_a_removed_summary_stay_so_in_the_new_version(eight_turns, chat, rewrite):
    engine, session = eight_turns
    removed_text = records(session)[(4, 6)]["summary"]
    session.edit_summary(1, EDITED)
    session.edit_summary(4, None)
    run = session.regenerate() if rewrite == "regenerate" else session.edit(8, "question 8, asked again")
    finish(run, session)
    request = request_text(chat)
    assert EDITED in request and removed_text not in request
    kept = records(session)
    assert kept[(1, 3)]["summary"] == EDITED and kept[(1, 3)]["edited"] and kept[(4, 6)]["deleted"]
    send(session, "question 9")
    assert EDITED in request_text(chat) and removed_text not in request_text(chat)


def test_each_version_keeps_its_own_summary_edits_after_the_fork(eight_turns, chat):
    engine, session = eight_turns
    session.edit_summary(1, EDITED)
    finish(session.regenerate(), session)
    session.edit_summary(1, "Only the new version says this.")
    assert session.show_version(8, 1)
    assert records(session)[(1, 3)]["summary"] == EDITED
    send(session, "question 9 on the first version")
    assert EDITED in request_text(chat) and "Only the new version" not in request_text(chat)
    assert session.show_version(8, 2)
    assert records(session)[(1, 3)]["summary"] == "Only the new version says this."


def test_a_summary_made_at_once_stays_in_the_new_version(database, chat):
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    for n in range(1, 6):
        send(session, f"question {n}")
    assert session.summarize_now()
    made = {span: r["summary"] for span, r in records(session).items()}
    assert (4, 4) in made
    finish(session.edit(5, "question 5, asked again"), session)
    assert {span: r["summary"] for span, r in records(session).items()} == made
    assert made[(4, 4)] in request_text(chat)
    engine.close()


def test_pins_and_thumbs_given_after_the_turn_before_stay_in_the_new_version(database, chat):
    engine = make_engine(database, chat)
    session = engine.session("s")
    for n in range(1, 5):
        send(session, f"question {n}")
    messages = session.messages()
    session.pin(messages[2].id)
    session.give_feedback(messages[3].id, "down")
    finish(session.edit(4, "question 4 again"), session)
    finish(session.regenerate(), session)
    state = session.state()
    assert state["pinned"] == [messages[2].id] and state["feedback"] == {messages[3].id: "down"}
    engine.close()
