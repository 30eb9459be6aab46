"""Text storage cannot hold, and text too long for any request, through the session API on both backends: a
document name or setting is refused with a clear message or made safe, a model's broken text is shown and saved
alike, and no request is ever built over its budget."""

import pytest
from langchain_core.messages import AIMessage

from graph.documents.store import DocumentRefused
from graph.models import ModelProfile
from graph.reply.clean_text import StreamCleaner
from graph.request.budget import setting_limit
from graph.request.tokens import count_messages
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.faults


@pytest.fixture(params=[True, False], ids=["streaming", "non-streaming"])
def streaming(request) -> bool:
    return request.param


def engine_of(database, chat: ScriptedChatModel, window: int = 128_000, streaming: bool = True):
    profile = ModelProfile(label="fake", provider="remote", streaming=streaming, tools=True,
                           structured_output=True, context_window=window)
    return make_engine(database, chat, ScriptedChatModel(reply=summary_reply), profile=profile)


@pytest.mark.parametrize("name", ["\ud800.txt", "a\x00b.txt", "tab\there.md", "\u200b", "x" * 300 + ".txt"])
def test_a_document_name_storage_cannot_hold_is_refused_with_the_reason(database, name):
    engine = engine_of(database, ScriptedChatModel())
    try:
        session = engine.session("docs")
        with pytest.raises(DocumentRefused) as refused:
            session.add_document(name, b"hello there")
        assert "file name" in str(refused.value)
        assert session.documents() == [] and engine.storage.session_owner("docs") is None
        added = session.add_document("notes.txt", b"hello there")
        assert [d.title for d in session.documents()] == [added.title] == ["notes.txt"]
    finally:
        engine.close()


def test_a_reply_with_a_lone_surrogate_is_shown_and_saved_alike(database, streaming):
    chat = ScriptedChatModel(script=["Here \ud800 is a \U0001f600 reply"])
    engine = engine_of(database, chat, streaming=streaming)
    try:
        session = engine.session("broken")
        events = send(session, "hello")
        tokens = "".join(e.text for e in events if e.kind == "token")
        shown = tokens or next(e.text for e in events if e.kind == "reply")
        saved = session.messages()[-1].content
        assert shown == saved == "Here \ufffd is a \U0001f600 reply"
    finally:
        engine.close()


def test_surrogate_halves_split_across_chunks_join_again():
    cleaner = StreamCleaner()
    assert cleaner.feed("a\ud83d") + cleaner.feed("\ude00b\udc00") + cleaner.flush() == "a\U0001f600b\ufffd"


@pytest.mark.parametrize("field", ["system_prompt", "agent_prompt", "reminder"])
def test_a_prompt_over_its_share_of_the_budget_is_refused_with_the_limit(database, field):
    engine = engine_of(database, ScriptedChatModel(), window=8_192)
    try:
        session = engine.session("prompts")
        limit = setting_limit(min(engine.request_limit, session.settings().context_budget))
        with pytest.raises(ValueError) as refused:
            session.save_settings(**{field: "word " * 200_000})
        assert f"{limit:,} tokens" in str(refused.value)
        assert getattr(session.settings(), field) == ""
        saved = session.save_settings(**{field: "Answer in one sentence.\x00\ud800"})
        assert getattr(saved, field) == getattr(session.settings(), field) == "Answer in one sentence.\ufffd"
    finally:
        engine.close()


@pytest.mark.parametrize("window", [8_192, 128_000])
def test_no_request_is_ever_built_over_its_budget(database, window, streaming):
    chat = ScriptedChatModel(reply=lambda messages: AIMessage("ok"))
    engine = engine_of(database, chat, window=window, streaming=streaming)
    try:
        session = engine.session("long")
        send(session, "first " + "word " * 5_000)
        huge_id = session.messages()[0].id
        session.pin(huge_id)
        # stored by another version, or before the budget was lowered: shortened per request, never refused late
        engine.storage.save_settings("long", session.settings().__class__(
            system_prompt="rule " * 200_000, agent_prompt="plan " * 50_000, reminder="note " * 50_000))
        for n in range(6):
            send(session, f"message {n} " + "x" * 2_000_000 * (n == 2))
        budget = min(engine.request_limit, session.settings().context_budget)
        sizes = [count_messages(request) for request in chat.calls if request and request[0].type == "system"]
        assert len(sizes) >= 7 and max(sizes) <= budget
        assert session.messages()[-1].content == "ok"
    finally:
        engine.close()
