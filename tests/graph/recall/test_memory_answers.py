"""On a model that cannot be trusted with its context (the bundled profile), a question about something the
person said is answered with their own words, quoted with when they were said, in the page's stream and the saved
reply alike; the model is not asked to add to them (it cannot read its memory, and the turn ends with the quote).
Streaming and non-streaming fakes."""

import threading

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage

from graph.models import ModelProfile
from graph.request.blocks import asks_back
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

FACTS = ["My sister's name is Hana and she lives in Busan.", "I have a meeting with my landlord on March 14 at 3pm.",
         "The weather is nice today.", "I started reading a novel."]


def bundled_engine(database, chat: ScriptedChatModel, streaming: bool, provider: str = "bundled"):
    profile = ModelProfile(label="fake", provider=provider, streaming=streaming, tools=False,  # type: ignore[arg-type]
                           structured_output=False, context_window=8_192)
    return make_engine(database, chat, ScriptedChatModel(reply=summary_reply), profile=profile)


def shown(events) -> str:
    tokens = "".join(e.text for e in events if e.kind == "token")
    return (tokens or next(e.text for e in events if e.kind == "reply")).rstrip()  # the page trims the end


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
@pytest.mark.parametrize(("question", "model_says", "expected"), [
    ("Where does my sister live?", "I live in Tokyo, Japan.",
     'You said on turn 1 (DAY): "My sister\'s name is Hana and she lives in Busan."'),
    ("When is my meeting?", "Your meeting is on March 14.",
     'You said on turn 2 (DAY): "I have a meeting with my landlord on March 14 at 3pm."'),
    ("When is my meeting?", "A quick dinner idea is pasta with a fresh salad.",  # an earlier answer again
     'You said on turn 2 (DAY): "I have a meeting with my landlord on March 14 at 3pm."'),
])
def test_a_question_about_what_was_said_is_answered_with_the_persons_words(database, streaming, question,
                                                                           model_says, expected):
    replies = iter(["Noted."] * len(FACTS) + [model_says])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies)))
    engine = bundled_engine(database, chat, streaming)
    try:
        session = engine.session("memory")
        for fact in FACTS:
            send(session, fact)
        asked = len(chat.calls)
        events = send(session, question)
        day = session.turn_excerpts([1])[0]["date"]
        assert shown(events) == session.messages()[-1].content == expected.replace("DAY", day)
        assert len(chat.calls) == asked  # the quote answers alone: the turn ends with it
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_fact_still_in_the_recent_turns_is_quoted_too(database, streaming):
    replies = iter(["Hi, my name is Sarah.", "How nice!", "Hi, my name is Sarah. My sister lives in Tokyo."])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies)))
    engine = bundled_engine(database, chat, streaming)
    try:
        session = engine.session("recent")
        send(session, "Hi! My sister Hana lives in Busan.")
        send(session, "I went hiking at the weekend.")
        events = send(session, "Where does my sister live?")
        assert shown(events) == session.messages()[-1].content == 'You said on turn 1: "My sister Hana lives in Busan."'
    finally:
        engine.close()


def test_no_quote_where_nothing_said_answers_or_the_model_reads_its_context(database):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("Paris."))
    engine = bundled_engine(database, chat, True)
    remote = bundled_engine(database.replace("chat.sqlite", "remote.sqlite") if "sqlite" in database else database,
                            ScriptedChatModel(reply=lambda messages: AIMessage("Busan.")), True, provider="remote")
    try:
        for opened, name in ((engine, "a"), (remote, "b")):
            session = opened.session(name)
            for fact in FACTS:
                send(session, fact)
        assert shown(send(engine.session("a"), "What is the capital of France?")) == "Paris."
        assert shown(send(remote.session("b"), "Where does my sister live?")) == "Busan."
    finally:
        engine.close()
        remote.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_question_about_an_attached_file_is_answered_with_its_line(database, streaming):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("Your flight is at 2018-05-34."))
    engine = bundled_engine(database, chat, streaming)
    try:
        session = engine.session("trip")
        session.add_document("notes.txt", b"Trip notes.\nFlight KE123 departs Incheon at 9:40 on May 3.\n"
                                          b"Hotel confirmation: HX-5521.")
        events = send(session, "What is my flight number in the notes?")
        assert shown(events) == session.messages()[-1].content == \
            'From notes.txt: "Flight KE123 departs Incheon at 9:40 on May 3."'
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_question_naming_only_a_thing_said_once_is_answered_with_the_persons_words(database, streaming):
    """"Which room was flooded?" names no one and says no "my"; "flooded" is what one earlier turn said."""
    assert not asks_back("Which room was flooded?")
    said = [*FACTS, "Our basement flooded after the storm last night.", *(f"I read chapter {n} today." for n in
                                                                           range(1, 16))]
    replies = iter(["Noted."] * len(said) + ["The kitchen."])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies)))
    engine = bundled_engine(database, chat, streaming)
    try:
        session = engine.session("flood")
        for line in said:
            send(session, line)
        events = send(session, "Which room was flooded?")
        day = session.turn_excerpts([5])[0]["date"]
        quote = f'You said on turn 5 ({day}): "Our basement flooded after the storm last night."'
        assert shown(events).startswith(quote)
        assert shown(events) == session.messages()[-1].content
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_relayed_conversations_speaker_is_quoted_by_name(database, streaming):
    exchange = [("Tim: How was your week?", "John: Busy! We played three games in a row."),
                ("Tim: Where is your next game?", "John: It's in Seattle next month. I'm stoked to explore the city."),
                ("Tim: Nice. I started learning German.", "John: Cool, good luck with it."),
                ("Tim: Thanks!", "John: Anytime.")]
    replies = iter([reply for _, reply in exchange] + ["I think you mean Boston."])
    chat = ScriptedChatModel(reply=lambda messages: AIMessage(next(replies)))
    engine = bundled_engine(database, chat, streaming)
    try:
        session = engine.session("relayed")
        for line, _ in exchange:
            send(session, line)
        events = send(session, "Which city does John have his next game in?")
        day = session.turn_excerpts([2])[0]["date"]
        assert shown(events) == session.messages()[-1].content == \
            f'John said on turn 2 ({day}): "It\'s in Seattle next month."'  # it answers: no more, no "Boston"
    finally:
        engine.close()


class StallsOnQuestions(ScriptedChatModel):
    """Answers statements at once; on a question, hangs past the first-token deadline (a cold long prompt)."""

    release: threading.Event = threading.Event()

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        if str(messages[-1].content).rstrip().endswith("?"):
            self.release.wait(timeout=30)
        return super()._generate(messages, stop, None, **kwargs)

    _stream = BaseChatModel._stream  # type: ignore[assignment]


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_quote_answers_alone_when_the_model_is_too_late(database, streaming):
    model = StallsOnQuestions(reply=lambda messages: AIMessage("Noted."), release=threading.Event(),
                              disable_streaming=not streaming)
    profile = ModelProfile(label="fake", provider="bundled", streaming=streaming, tools=False,
                           structured_output=False, context_window=8_192)
    engine = make_engine(database, model, ScriptedChatModel(reply=summary_reply), profile=profile,
                         first_token_timeout=1)
    try:
        session = engine.session("late")
        send(session, "My sister Hana lives in Busan.")
        events = send(session, "Where does my sister live?")
        assert not any(event.kind == "error" for event in events)
        assert shown(events) == session.messages()[-1].content == 'You said on turn 1: "My sister Hana lives in Busan."'
    finally:
        model.release.set()
        engine.close()
