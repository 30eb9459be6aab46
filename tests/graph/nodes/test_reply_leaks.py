"""Notes meant for the model never come back as the answer, and neither does the previous reply: such a reply is
asked for once more with a correction, then replaced by a clear message; while it streams, none of it shows."""

import re

import pytest
from langchain_core.messages import AIMessage, BaseMessage

from prompt.request_notes import FRAMING_CORRECTION, REPEAT_CORRECTION
from prompt.system import BASE_SYSTEM_PROMPT
from state.texts import localized
from state.turns import STOPPED_MARK, message_text
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph

PASTE = "The quarterly report says revenue grew in every region. " * 3600  # about 200,000 characters
NOTE = re.compile(r"\[[^\[\]\n]+: [\d,]+ characters omitted\]")
ANSWER = "Revenue grew in every region, so the quarter went well."


def the_note(messages: list[BaseMessage]) -> str:
    """What a small model did with a long paste: answered with the shortening note itself."""
    return next(NOTE.search(message_text(m)).group() for m in messages if NOTE.search(message_text(m)))


def tokens_and_reply(events) -> tuple[str, str]:
    assert events[-1].kind == "reply", events
    return "".join(e.text for e in events if e.kind == "token"), events[-1].text


@pytest.fixture(params=[True, False], ids=["streaming", "not-streaming"])
def streaming(request) -> bool:
    return request.param


def test_a_reply_that_is_the_shortening_note_is_asked_again(database, streaming):
    chat = ScriptedChatModel(disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("paste")
        calls: list[str] = []

        def note_then_answer(messages):
            calls.append(message_text(messages[-1]))
            return the_note(messages) if len(calls) == 1 else ANSWER

        chat.reply = note_then_answer
        shown, reply = tokens_and_reply(session.send(PASTE).wait())
        assert reply == ANSWER and shown == ANSWER  # the note never reached the screen
        assert calls[1] == FRAMING_CORRECTION and len(calls) == 2
        assert session.messages()[-1].content == ANSWER
    finally:
        engine.close()


@pytest.mark.parametrize("question, language", [("What do you think of this? " + PASTE, "en"),
                                                ("이 글을 어떻게 생각해? " + PASTE, "ko")])
def test_framing_twice_is_replaced_by_a_clear_message(database, streaming, question, language):
    chat = ScriptedChatModel(reply=the_note, disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("twice")
        shown, reply = tokens_and_reply(session.send(question, language=language).wait())
        withheld = localized(language, "reply_withheld_framing")
        assert reply == withheld and shown == withheld
        assert len(chat.calls) == 2
        kept = session.messages()[-1]
        assert kept.content == withheld and kept.response_metadata["withheld"] == "framing"
        assert session.send("thanks").wait()[-1].kind == "reply"  # the session goes on
    finally:
        engine.close()


def test_the_system_prompt_echoed_back_is_asked_again(database, streaming):
    chat = ScriptedChatModel(script=[BASE_SYSTEM_PROMPT, "Paris."], disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        shown, reply = tokens_and_reply(engine.session("echo").send("What is the capital of France?").wait())
        assert reply == "Paris." and shown == "Paris."
        assert message_text(chat.calls[1][-1]) == FRAMING_CORRECTION
    finally:
        engine.close()


def test_a_reply_held_back_as_framing_is_cut_off_and_asked_again_at_once(database):
    rambling = " ".join([BASE_SYSTEM_PROMPT] * 40)  # the prompt echoed for thousands of words
    chat = ScriptedChatModel(script=[rambling, "Paris."], delay=0.002)
    engine = make_engine(database, chat)
    try:
        shown, reply = tokens_and_reply(engine.session("cut").send("What is the capital of France?").wait())
        assert reply == "Paris." and shown == "Paris."
        assert len(chat.calls) == 2 and message_text(chat.calls[1][-1]) == FRAMING_CORRECTION
        assert chat.streamed < len(rambling.split(" ")) // 4  # the echo was not written to its end
    finally:
        engine.close()


def test_document_json_in_a_reply_is_asked_again(database, streaming):
    def json_then_answer(messages):
        documents = next(message_text(m) for m in messages if '"documents"' in message_text(m))
        return documents.split("\n", 1)[1] if len(chat.calls) == 1 else "Mina's birthday is on May 3 [1]."

    chat = ScriptedChatModel(reply=json_then_answer, disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("docs")
        session.add_document("memo.txt", b"Mina's birthday is on May 3. She lives in Busan.")
        shown, reply = tokens_and_reply(session.send("When is Mina's birthday?").wait())
        assert reply == "Mina's birthday is on May 3 [1]." and shown == reply
        assert '"contents"' not in shown
    finally:
        engine.close()


LONG = " ".join(f"Point {n} of the plan is to check the harbour schedule and call the clinic." for n in range(40))


def stopped_turn(session, chat) -> str:
    """A turn the person stopped after a few words (only a streaming reply can be); the partial answer is kept
    with the stop mark."""
    streaming = not chat.disable_streaming
    chat.script, chat.delay, chat.disable_streaming = [LONG], 0.01, False
    run = session.send("Make me a plan for the week")
    for event in run:
        if event.kind == "token" and len("".join(e.text for e in run.events if e.kind == "token")) > 120:
            session.stop()
    chat.delay, chat.disable_streaming = 0.0, not streaming
    kept = session.messages()[-1].content
    assert kept.endswith(STOPPED_MARK)
    return kept.removesuffix(STOPPED_MARK).strip()


def test_after_a_stopped_reply_the_model_repeating_it_is_asked_again(database, streaming):
    chat = ScriptedChatModel(disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("stopped")
        partial = stopped_turn(session, chat)
        chat.script = [partial, "Thursday works best for the clinic call."]
        shown, reply = tokens_and_reply(session.send("Which day should I call the clinic?").wait())
        assert reply == "Thursday works best for the clinic call." and shown == reply
        assert message_text(chat.calls[-1][-1]) == REPEAT_CORRECTION
        chat.script = [partial, partial]  # twice: the clear message instead
        shown, reply = tokens_and_reply(session.send("And the harbour?").wait())
        assert reply == localized("en", "reply_withheld_repeat") and shown == reply
    finally:
        engine.close()


def test_a_repeat_the_person_asked_for_is_kept(database, streaming):
    chat = ScriptedChatModel(disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("again")
        chat.script = [LONG[:300]]
        session.send("Make me a plan for the week").wait()
        chat.script = [LONG[:300]]
        shown, reply = tokens_and_reply(session.send("Can you repeat that?").wait())
        assert reply == LONG[:300] and shown == reply and len(chat.calls) == 2
    finally:
        engine.close()


def test_a_greeting_may_get_the_same_answer_twice(database):
    hello = "Hello there! It is good to see you again; how can I help you with your plans today?"
    chat = ScriptedChatModel(script=[hello, hello])
    engine = make_engine(database, chat)
    try:
        session = engine.session("greetings")
        assert session.send("hi").wait()[-1].text == hello
        assert session.send("hello").wait()[-1].text == hello and len(chat.calls) == 2
    finally:
        engine.close()


def test_a_correction_copied_back_is_withheld_not_shown(database, streaming):
    chat = ScriptedChatModel(script=[BASE_SYSTEM_PROMPT, FRAMING_CORRECTION], disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        shown, reply = tokens_and_reply(engine.session("copied").send("What is the capital of France?").wait())
        assert reply == shown == localized("en", "reply_withheld_framing")
        assert "[Note]" not in shown
    finally:
        engine.close()


@pytest.mark.parametrize(("statement", "language"), [("My sister lives in Busan.", "en"),
                                                     ("내 여동생은 부산에 살아.", "ko")])
def test_a_statement_is_acknowledged_never_asked_to_be_rephrased(database, streaming, statement, language):
    chat = ScriptedChatModel(script=[BASE_SYSTEM_PROMPT, BASE_SYSTEM_PROMPT], disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        shown, reply = tokens_and_reply(engine.session("told").send(statement, language=language).wait())
        assert reply == shown == localized(language, "reply_acknowledged")
        assert "rephrase" not in reply and "바꿔" not in reply
    finally:
        engine.close()


def test_a_notice_is_in_the_language_of_the_page_whatever_the_message_is_in(database, streaming):
    chat = ScriptedChatModel(script=[BASE_SYSTEM_PROMPT] * 4, disable_streaming=not streaming)
    engine = make_engine(database, chat)
    try:
        session = engine.session("page")
        shown, reply = tokens_and_reply(session.send("My sister lives in Busan.", language="ko").wait())
        assert reply == shown == localized("ko", "reply_acknowledged")
        shown, reply = tokens_and_reply(session.send("What is the capital of France?", language="ko").wait())
        assert reply == shown == localized("ko", "reply_withheld_framing")
    finally:
        engine.close()


def test_a_reminder_copied_after_the_answer_is_cut_from_the_reply(database, streaming):
    copied = "Your notes are saved. [Reminder] Please use [1], [2], ..."
    chat = ScriptedChatModel(disable_streaming=not streaming, reply=lambda messages: AIMessage(copied))
    engine = make_engine(database, chat)
    try:
        events = engine.session("reminder").send("Here are my travel notes.").wait()
        assert events[-1].kind == "reply" and events[-1].text == "Your notes are saved."
        assert engine.session("reminder").messages()[-1].content == "Your notes are saved."
    finally:
        engine.close()
