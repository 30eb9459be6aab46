"""Bad input gets a clear answer and loses nothing: empty, huge, control characters, bad settings."""

import stat

from langchain_core.messages import HumanMessage
from streamlit.testing.v1 import AppTest

from graph.persistence import create_checkpointer
from graph.turns import stream_turn, thread_config, turn_input
from graph.user_input import clean_user_text


def test_control_characters_and_lone_surrogates_are_cleaned():
    assert clean_user_text("a\x00b\x07c\r\nd\te\ud800f") == "abc\nd\te\ufffdf"
    assert clean_user_text("   \n\t ") == ""


def test_cleaned_text_is_stored_and_reloaded(tmp_path):
    from graph.builder import build_graph
    from tests.fakes import ScriptedChatModel, summary_reply

    graph = build_graph(ScriptedChatModel(), ScriptedChatModel(reply=summary_reply), create_checkpointer(tmp_path / "db"))
    list(stream_turn(graph, "s", turn_input("hi\x00 there \udcff!", "s", 0.3, [])))
    messages = graph.get_state(thread_config("s")).values["messages"]
    assert messages[0].content == "hi there \ufffd!" and isinstance(messages[0], HumanMessage)


def send(app, text):
    app.chat_input[0].set_value(text).run()
    return app


def test_one_megabyte_paste_is_kept_whole_and_shortened_for_the_model(fake_engine):
    app = AppTest.from_file("../../app.py", default_timeout=60).run()
    paste = "The quarterly report says revenue grew. " * 26_000
    send(app, paste)
    assert not app.exception
    state = fake_engine.engine.graph.get_state(thread_config(app.session_state["session_id"])).values
    assert state["messages"][0].content == paste.strip()
    sent = fake_engine.chat.calls[-1][-1].content
    assert len(sent) < len(paste) and "characters omitted" in sent
    assert any("1,040,000" in c.value or "1,039,999" in c.value for c in app.caption)


def test_out_of_range_rate_in_session_state_is_clamped(fake_engine):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.session_state["compression_rate"] = 7.0
    app.run()
    assert not app.exception
    assert app.slider(key="compression_rate").value == 0.5


def test_unwritable_database_path_is_a_clear_error_at_start_up(tmp_path, monkeypatch):
    import streamlit as st

    st.cache_resource.clear()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("CHAT_DB_PATH", str(blocker / "chat.sqlite"))
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CHAT_MODEL", "any")
    app = AppTest.from_file("../../app.py", default_timeout=30).run()
    assert not app.exception
    assert any("Cannot open the chat database" in e.value for e in app.error)
    assert len(app.chat_input) == 0
    st.cache_resource.clear()


def test_database_file_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "chat.sqlite"
    create_checkpointer(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
