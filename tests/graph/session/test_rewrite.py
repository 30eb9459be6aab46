"""Regenerate and edit-and-resend of the last turn: the old turn leaves the transcript shown, the recall index,
pins and feedback (it stays a version, see test_versions); the new one runs as that turn, with streaming and
non-streaming models on both backends."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.session.inputs import turn_input
from graph.session.turn import Rewind, journaled
from graph.session.versions import take_back_last_turn
from state.turns import completed_turn_count
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph


@pytest.fixture(params=["streaming", "non_streaming"])
def chat_model(request) -> ScriptedChatModel:
    """The chat model of each test, once streaming tokens and once answering whole."""
    return ScriptedChatModel(disable_streaming=request.param == "non_streaming")


def finish(run, session) -> list:
    """Wait for a rewrite's turn and the work after it."""
    events = run.wait()
    session.services.wait_idle()
    return events


def streamed_reply(events, chat_model: ScriptedChatModel) -> str:
    """The reply as the caller saw it: in tokens (a streaming model's word by word, its last words possibly
    together, held until the reply is checked) and as the reply."""
    reply = next(e.text for e in events if e.kind == "reply")
    tokens = [e.text for e in events if e.kind == "token"]
    assert "".join(tokens) == reply
    assert (1 if chat_model.disable_streaming else 2) <= len(tokens) <= len(reply.split(" "))
    return reply


def test_regenerate_answers_the_same_question_again_in_place(engine, chat_model):
    session = engine.session("s")
    send(session, "the capital of France?")
    send(session, "name a violet flower")
    before = session.messages()
    chat_model.script = ["Lavender is violet."]
    events = finish(session.regenerate(), session)
    assert streamed_reply(events, chat_model) == "Lavender is violet."
    after = session.messages()
    assert [m.id for m in after[:3]] == [m.id for m in before[:3]]  # the question keeps its id
    assert after[2].content == "name a violet flower" and isinstance(after[2], HumanMessage)
    assert after[3].content == "Lavender is violet." and after[3].id != before[3].id
    assert len(after) == 4 and completed_turn_count(after) == 2
    assert session.state()["turn_count"] == 2
    assert chat_model.calls[-1][-1].content == "name a violet flower"
    excerpt = session.turn_excerpts([2])[0]
    assert "Lavender" in excerpt["assistant"] and "Reply to" not in excerpt["assistant"]


def test_regenerate_removes_the_old_answers_tool_calls_too(engine, chat_model):
    session = engine.session("s")
    send(session, "hello")
    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "6*7"}, "id": "c1"}]), "It is 42."]
    send(session, "what is 6*7?")
    assert any(isinstance(m, ToolMessage) for m in session.messages())
    chat_model.script = ["Six times seven is 42."]
    events = finish(session.regenerate(), session)
    assert streamed_reply(events, chat_model) == "Six times seven is 42."
    after = session.messages()
    assert [type(m) for m in after] == [HumanMessage, AIMessage, HumanMessage, AIMessage]
    assert [m.content for m in after[2:]] == ["what is 6*7?", "Six times seven is 42."]
    assert not any(isinstance(m, ToolMessage) or (isinstance(m, AIMessage) and m.tool_calls)
                   for m in chat_model.calls[-1])


def test_edit_last_replaces_the_question_and_its_answer(engine, chat_model):
    session = engine.session("s")
    send(session, "my cat is called Miso")
    send(session, "what colour are zebras?")
    first_turn = [m.id for m in session.messages()[:2]]
    events = finish(session.edit_last("what colour are flamingos?", 0.4), session)
    assert streamed_reply(events, chat_model) == "Reply to: what colour are flamingos?"
    after = session.messages()
    assert [m.id for m in after[:2]] == first_turn
    assert [m.content for m in after[2:]] == ["what colour are flamingos?", "Reply to: what colour are flamingos?"]
    assert completed_turn_count(after) == 2 and session.settings().compression_rate == 0.4
    sent = [m.content for m in chat_model.calls[-1]]
    assert "what colour are flamingos?" in sent and not any("zebras" in str(text) for text in sent)
    assert "flamingos" in session.turn_excerpts([2])[0]["user"]
    assert engine.search("zebras") == [] and [hit["turn"] for hit in engine.search("flamingos")] == [2]


def test_edit_last_resends_a_question_that_failed(engine, chat_model):
    session = engine.session("s")
    send(session, "first question")
    chat_model.script = [ConnectionError("refused")]
    assert send(session, "a question that failed")[-1].kind == "error"
    assert session.unfinished()
    events = finish(session.edit_last("the question, rephrased"), session)
    assert streamed_reply(events, chat_model) == "Reply to: the question, rephrased"
    assert [m.content for m in session.messages()] == [
        "first question", "Reply to: first question", "the question, rephrased", "Reply to: the question, rephrased"]
    assert not session.unfinished() and engine.storage.journal_read("s") is None


def test_rewrites_that_cannot_run_are_refused_and_change_nothing(engine, chat_model):
    session = engine.session("s")
    refused = finish(session.regenerate(language="ko"), session)
    assert [(e.kind, e.data["code"]) for e in refused] == [("error", "rewrite_nothing")]
    assert "질문이 없습니다" in refused[0].text
    assert finish(session.edit_last("anything"), session)[-1].data["code"] == "rewrite_nothing"
    assert finish(session.edit_last("  \u200b "), session)[-1].data["code"] == "empty"
    send(session, "question 1")
    chat_model.script = [ConnectionError("refused")]
    send(session, "question 2")
    before = session.messages()
    refused = finish(session.regenerate(), session)
    assert [e.data["code"] for e in refused] == ["regenerate_unanswered"] and "Retry" in refused[0].text
    assert session.messages() == before and len(chat_model.calls) == 2


def test_a_summarized_turn_is_rewritten_as_a_version_forked_before_its_summary(engine, chat_model):
    session = engine.session("s")
    for n in range(1, 4):
        send(session, f"question {n}")
    record = {"thread_id": "s", "turns": [1, 2, 3], "turn_length": 3, "original_chars": 90, "summary_chars": 20,
              "compression_rate": 0.3, "summary": "Three questions."}
    with engine.storage.session_lock("s"):
        engine.update_state("s", {"summary_history": [record]})
    chat_model.script = ["answer 3 again"]
    assert finish(session.regenerate(), session)[-1].text == "answer 3 again"
    assert session.state().get("summary_history", []) == []  # the new version's line has no summary of itself
    assert session.versions()[3].count == 2
    assert session.show_version(3, 1)
    assert session.state()["summary_history"] == [record] and session.messages()[-1].content == "Reply to: question 3"
    assert "Reply to: question 3" in session.turn_excerpts([3])[0]["assistant"]


def test_pins_and_feedback_of_the_removed_turn_go_the_others_stay(engine, chat_model):
    session = engine.session("s")
    send(session, "question 1")
    send(session, "question 2")
    first_question, first_answer, _, last_answer = session.messages()
    session.pin(first_question.id)
    session.pin(last_answer.id)
    session.give_feedback(first_answer.id, "up")
    session.give_feedback(last_answer.id, "down")
    finish(session.regenerate(), session)
    state = session.state()
    assert state["pinned"] == [first_question.id] and state["feedback"] == {first_answer.id: "up"}


def test_a_rewrite_waits_for_the_turn_before_it(engine, chat_model):
    session = engine.session("s")
    send(session, "question 1")
    chat_model.delay = 0.01
    chat_model.script = ["a slow answer to the second question"]
    second = session.send("question 2")
    regenerated = session.regenerate()
    assert second.wait()[-1].text == "a slow answer to the second question"
    assert finish(regenerated, session)[-1].text == "Reply to: question 2"
    assert [m.content for m in session.messages()][2:] == ["question 2", "Reply to: question 2"]


def test_feedback_is_kept_over_a_restart(database):
    engine = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    session = engine.session("s")
    send(session, "question 1")
    answer = session.messages()[-1]
    session.give_feedback(answer.id, "down")
    session.give_feedback(answer.id, "up")
    with pytest.raises(ValueError):
        session.give_feedback(answer.id, "meh")
    engine.close()
    reopened = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    assert reopened.session("s").state()["feedback"] == {answer.id: "up"}
    reopened.session("s").give_feedback(answer.id, None)
    assert reopened.session("s").state()["feedback"] == {}
    reopened.close()


def test_a_rewrite_of_a_turn_that_is_no_longer_the_last_is_refused(engine, chat_model):
    session = engine.session("s")
    send(session, "question 1")
    seen_question, seen_answer = session.messages()
    send(session, "question 2")  # sent from another tab, after the page showed turn 1 as the last
    before = session.messages()
    for run in (session.regenerate(answer_id=seen_answer.id),
                session.edit_last("question 1, edited", question_id=seen_question.id)):
        events = finish(run, session)
        assert [e.data["code"] for e in events] == ["rewrite_moved"] and "moved on" in events[0].text
    assert session.messages() == before
    last_question, last_answer = before[2:]
    chat_model.script = ["answer 2 again"]
    assert finish(session.regenerate(answer_id=last_answer.id), session)[-1].text == "answer 2 again"
    events = finish(session.edit_last("question 2, edited", question_id=last_question.id), session)
    assert events[-1].text == "Reply to: question 2, edited"


def test_the_only_turn_of_a_session_can_be_regenerated_and_edited(engine, chat_model):
    session = engine.session("s")
    send(session, "hello")
    question = session.messages()[0]
    chat_model.script = ["Hi there!"]
    assert finish(session.regenerate(), session)[-1].text == "Hi there!"
    assert [(m.id, m.content) for m in session.messages()[:1]] == [(question.id, "hello")]
    assert finish(session.edit_last("good morning"), session)[-1].text == "Reply to: good morning"
    assert [m.content for m in session.messages()] == ["good morning", "Reply to: good morning"]
    assert session.turns_completed() == 1 and [s.turns for s in engine.sessions()] == [1]


def test_a_crash_after_the_old_turn_went_keeps_the_new_question_for_retry(engine, chat_model):
    session = engine.session("s")
    send(session, "question 1")
    send(session, "question 2")
    with engine.storage.session_lock("s"):
        rewound = take_back_last_turn(engine, "s", "en", False,
                                      lambda question: turn_input("question 2, edited", "s", 0.3))
        assert isinstance(rewound, Rewind) and rewound.turn == 2
        journaled(engine, "s", None, rewound)  # the turn's first step: the new question kept, then the old turn gone
    # the process dies here, before the edited turn ran
    assert [m.content for m in session.messages()] == ["question 1", "Reply to: question 1"]
    assert session.recover() and session.unfinished()
    assert session.messages()[-1].content == "question 2, edited"
    assert session.retry()[-1].text == "Reply to: question 2, edited"
    assert session.turns_completed() == 2 and engine.storage.journal_read("s") is None
