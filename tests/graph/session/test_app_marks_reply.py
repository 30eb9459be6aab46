"""A model reply made of the app's own marks only (the stop mark, a quote in the app's format, a notice) is no
answer: it is neither shown nor saved, the turn stays open for Retry, as an empty reply leaves it."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.reply.own_formats import only_app_marks
from state.texts import localized
from state.turns import STOPPED_MARK
from tests.conftest import make_engine
from tests.fakes import summary_reply
from tests.fakes.faults import model_of_kind

pytestmark = pytest.mark.faults

MARKS_ONLY = [STOPPED_MARK, f" {STOPPED_MARK} ", f"{STOPPED_MARK}\n\n{STOPPED_MARK}",
              'You said on turn 1 (2026-11-29): "I live in Lisbon."',
              '1턴(2026-11-29)에 이렇게 말씀하셨어요: "리스본에 살아요" ⏹',
              "您在第1轮（2026-11-29）说过：“我住在里斯本”",
              localized("ko", "stopped"), localized("en", "live_turn"), localized("zh", "reply_withheld_repeat")]


@pytest.mark.parametrize("text", MARKS_ONLY)
def test_the_apps_own_marks_alone_are_no_answer(text):
    assert only_app_marks(text)


@pytest.mark.parametrize("text", ["", "...", "Once upon a time ⏹", "The dragon cooked. ⏹",
                                  'You said on turn 1: "Lisbon". So you live in Portugal.'])
def test_a_reply_with_words_of_its_own_is_an_answer(text):
    assert not only_app_marks(text)


def said(messages) -> list:
    """The questions and final answers of a transcript (tool rounds left out)."""
    return [m.content for m in messages
            if isinstance(m, HumanMessage) or (isinstance(m, AIMessage) and not m.tool_calls)]


class Script:
    """Replies in order: the first raises (the turn closes with the stop mark when the next message comes)."""

    def __init__(self, *replies: str | Exception) -> None:
        self.replies = list(replies)

    def __call__(self, messages):
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return AIMessage(reply)


@pytest.mark.parametrize("marks", [STOPPED_MARK, 'You said on turn 1 (2026-11-29): "Tell me a story"'])
def test_a_reply_of_marks_after_a_stopped_turn_is_not_shown_nor_saved_and_retry_answers(database, model_kind,
                                                                                        marks):
    chat = model_of_kind(model_kind, Script(RuntimeError("cut off"), marks, "A dragon learned to cook."))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    try:
        session = engine.session("marks")
        assert session.send("What time is it?").wait()[-1].kind == "error"
        events = session.send("Tell me a story about a dragon").wait()  # the first closes with the stop mark
        assert said(session.messages()) == ["What time is it?", STOPPED_MARK, "Tell me a story about a dragon"]
        assert events[-1].kind == "error"  # the empty reply's: Retry
        assert not [event for event in events if event.kind == "reply"]  # nothing given as the answer
        if marks == STOPPED_MARK:  # nothing of the model's to show at all
            assert not [event for event in events if event.kind == "token"]
        assert session.unfinished() and said(session.messages())[-1] == "Tell me a story about a dragon"
        retried = session.retry()
        assert retried[-1].kind == "reply" and retried[-1].text == "A dragon learned to cook."
        assert said(session.messages()) == ["What time is it?", STOPPED_MARK, "Tell me a story about a dragon",
                                            "A dragon learned to cook."]
    finally:
        engine.close()


CLOCK = "2026-11-29 09:34:57 KST (Sunday)"
SUM = "17 * 23 = 391."  # a short answer: six words


@pytest.mark.parametrize("copied", [CLOCK, f"{CLOCK} {STOPPED_MARK}"])
def test_another_turns_answer_given_again_is_not_saved_as_this_questions(database, model_kind, copied):
    chat = model_of_kind(model_kind, Script(CLOCK, copied, "Once upon a time a dragon cooked."))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    try:
        session = engine.session("copies")
        assert session.send("What time is it?").wait()[-1].text == CLOCK
        events = session.send("Tell me a story about a dragon").wait()
        assert events[-1].kind == "reply" and events[-1].text == "Once upon a time a dragon cooked."
        assert said(session.messages()) == ["What time is it?", CLOCK, "Tell me a story about a dragon",
                                            "Once upon a time a dragon cooked."]
    finally:
        engine.close()


def test_the_same_question_asked_again_may_get_the_same_short_answer(database):
    chat = model_of_kind("streaming", Script(SUM, SUM))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    try:
        session = engine.session("same")
        session.send("What is 17 * 23?").wait()
        assert session.send("What is 17 * 23?").wait()[-1].text == SUM
    finally:
        engine.close()


def test_a_short_answer_given_again_to_another_question_is_asked_for_anew(database):
    chat = model_of_kind("streaming", Script(SUM, SUM, "Once upon a time a dragon cooked."))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    try:
        session = engine.session("other")
        session.send("What is 17 * 23?").wait()
        assert session.send("Tell me a story").wait()[-1].text == "Once upon a time a dragon cooked."
    finally:
        engine.close()
