"""Versions of a turn as LangGraph branches, through the session API on both backends with streaming and
non-streaming models: regenerate and edit keep the earlier version, any earlier question can be edited, versions
are switched in place and survive a restart, and recall and search follow the line shown."""

import threading

import pytest

from graph.session.inputs import turn_input
from graph.session.turn import Rewind, journaled
from graph.session.versions import TurnVersions, fork_turn
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_calls, summary_reply

pytestmark = pytest.mark.graph


@pytest.fixture(params=["streaming", "non_streaming"])
def chat_model(request) -> ScriptedChatModel:
    return ScriptedChatModel(disable_streaming=request.param == "non_streaming")


def texts(session) -> list[str]:
    return [str(m.content) for m in session.messages()]


def finish(run, session) -> list:
    events = run.wait()
    session.services.wait_idle()
    return events


def test_regenerate_twice_keeps_three_versions_switched_in_place_and_after_a_restart(database, chat_model):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    send(session, "name a flower")
    send(session, "name a violet one")
    chat_model.script = ["Lavender.", "Violets."]
    finish(session.regenerate(), session)
    finish(session.regenerate(), session)
    assert session.versions() == {2: TurnVersions(3, 3)} and texts(session)[-1] == "Violets."
    assert texts(session)[:3] == ["name a flower", "Reply to: name a flower", "name a violet one"]
    for shown, answer in ((1, "Reply to: name a violet one"), (2, "Lavender."), (3, "Violets."), (1, None)):
        assert session.show_version(2, shown)
        assert session.versions() == {2: TurnVersions(shown, 3)}
        assert texts(session)[-1] == (answer or "Reply to: name a violet one") and len(texts(session)) == 4
    assert not session.show_version(2, 1) and not session.show_version(2, 4)  # shown already; no such version
    engine.close()
    reopened = make_engine(database, chat_model)
    again = reopened.session("s")
    assert again.versions() == {2: TurnVersions(1, 3)} and texts(again)[-1] == "Reply to: name a violet one"
    assert again.show_version(2, 2) and texts(again)[-1] == "Lavender."
    send(again, "and a red one?")
    assert again.versions() == {2: TurnVersions(2, 3)} and len(texts(again)) == 6
    reopened.close()


def test_editing_turn_two_of_six_forks_from_turn_one_and_the_original_stays_whole(database, chat_model):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    for n in range(1, 7):
        send(session, f"question {n}")
    original = session.messages()
    events = finish(session.edit(2, "question 2, asked another way", question_id=original[2].id), session)
    assert events[-1].text == "Reply to: question 2, asked another way"
    request = " ".join(str(m.content) for m in chat_model.calls[-1])
    assert "question 1" in request and all(f"question {n}" not in request for n in range(3, 7))
    assert texts(session) == ["question 1", "Reply to: question 1", "question 2, asked another way",
                              "Reply to: question 2, asked another way"]
    assert session.versions() == {2: TurnVersions(2, 2)} and session.turns_completed() == 2
    assert session.show_version(2, 1)
    assert [(m.id, m.content) for m in session.messages()] == [(m.id, m.content) for m in original]
    assert session.versions() == {2: TurnVersions(1, 2)} and session.turns_completed() == 6
    assert [s.turns for s in engine.sessions()] == [6]
    engine.close()


def test_recall_and_search_never_bring_a_turn_of_the_other_line(database, chat_model):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    send(session, "I am planning a trip.")
    send(session, "Where should I stay?")
    send(session, "My locker code at the gym is 4417.")
    send(session, "I like quiet hotels.")
    first = session.messages()[2]
    finish(session.edit(2, "Which city is best in spring?", question_id=first.id), session)
    send(session, "Fine, thanks.")
    send(session, "What is my locker code at the gym?")
    request = " ".join(str(m.content) for m in chat_model.calls[-1])
    assert "4417" not in request
    assert all(hit["turn"] < 3 or "4417" not in hit["snippet"] for hit in engine.search("locker"))
    assert not any("4417" in hit["snippet"] for hit in engine.search("4417"))
    assert session.show_version(2, 1)
    assert any("4417" in hit["snippet"] for hit in engine.search("4417"))
    send(session, "What is my locker code at the gym?")
    assert "4417" in " ".join(str(m.content) for m in chat_model.calls[-1])
    engine.close()


def test_pins_and_thumbs_on_the_shared_turns_stay_with_the_new_version(database, chat_model):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    for n in range(1, 4):
        send(session, f"question {n}")
    messages = session.messages()
    session.pin(messages[0].id)
    session.give_feedback(messages[1].id, "up")
    session.pin(messages[4].id)  # on turn 3, which the new version replaces
    finish(session.edit(2, "question 2 again"), session)
    state = session.state()
    assert state["pinned"] == [messages[0].id] and state["feedback"] == {messages[1].id: "up"}
    assert session.show_version(2, 1)
    assert session.state()["pinned"] == [messages[0].id, messages[4].id]
    engine.close()


def test_a_new_version_survives_a_crash_before_it_ran_and_the_old_one_is_kept(database, chat_model):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    send(session, "question 1")
    send(session, "question 2")
    with engine.storage.session_lock("s"):
        rewound = fork_turn(engine, "s", "en", 2, False, lambda question: turn_input("question 2, edited", "s", 0.3))
        assert isinstance(rewound, Rewind) and rewound.turn == 2
        journaled(engine, "s", None, rewound)  # the new version's input kept, as its turn keeps it before running
    # the process dies here, before the new version ran
    assert session.recover() and session.unfinished()
    assert texts(session) == ["question 1", "Reply to: question 1", "question 2, edited"]
    assert session.retry()[-1].text == "Reply to: question 2, edited"
    session.services.wait_idle()  # the retried turn's background work holds the session while it runs
    assert session.versions() == {2: TurnVersions(2, 2)}
    assert session.show_version(2, 1) and texts(session)[-1] == "Reply to: question 2"
    engine.close()


def test_a_version_far_back_stays_switchable_after_many_turns_and_pruning(database):
    chat = ScriptedChatModel()
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    for n in range(1, 4):
        send(session, f"question {n}")
    finish(session.edit(3, "question 3, edited"), session)
    for n in range(4, 40):
        send(session, f"later question {n}")
    assert session.versions() == {3: TurnVersions(2, 2)}
    assert engine.storage.prune_checkpoints("s") == 0  # housekeeping after each turn already pruned
    assert len(engine.storage.checkpoint_rows("s")) < 80
    assert session.show_version(3, 1) and texts(session)[-2:] == ["question 3", "Reply to: question 3"]
    assert session.show_version(3, 2) and texts(session)[-1] == "Reply to: later question 39"
    engine.close()


def test_a_question_too_far_back_to_fork_is_refused_and_nothing_changes(database):
    engine = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    for n in range(1, 60):
        send(session, f"question {n}")
    before = texts(session)
    events = finish(session.edit(1, "question 1, edited"), session)
    assert [e.data.get("code") for e in events] == ["rewrite_too_old"] and "too far back" in events[0].text
    assert texts(session) == before and session.versions() == {}
    engine.close()


def test_summaries_are_made_ahead_after_a_new_version_and_none_of_the_old_line_is_kept(database, chat_model):
    summary = ScriptedChatModel(reply=summary_reply)
    engine = make_engine(database, chat_model, summary)
    session = engine.session("s")
    for n in range(1, 4):
        send(session, f"question {n}")
    finish(session.edit(3, "question 3, edited"), session)
    assert session.summary_due() == [[1, 2, 3]]
    made = summary_calls(summary)
    send(session, "question 4")  # the summary prepared ahead after the new version is used, not made again now
    history = session.state()["summary_history"]
    assert [record["turns"] for record in history] == [[1, 2, 3]] and summary_calls(summary) == made
    assert "question 3, edited" in str(made[-1]) and "Reply to: question 3\n" not in str(made[-1])
    engine.close()


def test_a_switch_right_after_a_turn_waits_out_the_tidying_that_holds_the_session(database, chat_model, monkeypatch):
    engine = make_engine(database, chat_model)
    session = engine.session("s")
    send(session, "name a flower")
    chat_model.script = ["Lavender."]
    finish(session.regenerate(), session)
    held, release, polled = threading.Event(), threading.Event(), []

    def tidying() -> None:  # what the housekeeping after a turn does: the session's lock, for a moment
        with engine.storage.session_lock("s"):
            held.set()
            release.wait()

    holder = threading.Thread(target=tidying)
    holder.start()
    held.wait()

    def poll(seconds: float) -> None:  # the switch found the session held: let the tidying end
        polled.append(seconds)
        release.set()
        holder.join()

    monkeypatch.setattr("graph.session.versions.sleep", poll)
    assert session.show_version(1, 1) and texts(session)[-1] == "Reply to: name a flower"
    assert len(polled) == 1
    engine.close()
