"""The app end to end in AppTest: chat, summaries in the panel, the rate slider, failures and Retry."""

from tests.app.conftest import send


def markdown_text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_first_screen_shows_model_slider_and_empty_panel(app):
    assert not app.exception
    slider = app.slider(key="compression_rate")
    assert slider.label == "요약 압축률" and slider.value == 0.3
    assert slider.min == 0.1 and slider.max == 0.5 and slider.step == 0.05
    assert "fake-model" in markdown_text(app.sidebar)
    assert any("대화 요약 히스토리" in s.value for s in app.subheader)


def test_four_turns_put_a_summary_in_the_panel(app, fake_engine):
    for n in range(1, 5):
        send(app, f"question {n}")
        assert not app.exception
    assert [m.value for m in app.chat_message[-1].markdown][-1] == "Reply to: question 4"
    text = markdown_text(app)
    assert "[1-3턴 요약]" in text and "총 요약: 1개 (3턴 압축)" in text
    assert "Summary of question 1; question 2; question 3" in text


def test_slider_sets_the_rate_of_the_next_summary(app, fake_engine):
    app.slider(key="compression_rate").set_value(0.5).run()
    for n in range(1, 5):
        send(app, f"question {n}")
    state = fake_engine.engine.graph.get_state({"configurable": {"thread_id": app.session_state["session_id"]}})
    assert state.values["summary_history"][0]["compression_rate"] == 0.5
    assert "압축률 0.5" in markdown_text(app)


def test_empty_message_is_refused_without_a_turn(app, fake_engine):
    send(app, "   ")
    assert fake_engine.chat.calls == []
    assert any("Empty messages" in t.value for t in app.toast)


def test_failed_reply_shows_error_and_retry_answers_it(app, fake_engine):
    fake_engine.chat.script = [ConnectionError("refused")]
    send(app, "hello there, what is new?")
    assert not app.exception
    assert any("cannot be reached" in e.value for e in app.error)
    assert [m.value for m in app.chat_message[0].markdown] == ["hello there, what is new?"]
    app.button(key="retry").click().run()
    assert not app.error
    assert [m.value for m in app.chat_message[-1].markdown][-1] == "Reply to: hello there, what is new?"


def test_session_switch_and_new_chat(app, fake_engine):
    send(app, "first session message")
    first = app.session_state["session_id"]
    app.sidebar.button[0].click().run()
    assert app.session_state["session_id"] != first
    assert len(app.chat_message) == 0
    send(app, "second session message")
    app.sidebar.selectbox[0].set_value(first).run()
    assert app.session_state["session_id"] == first
    assert app.chat_message[0].markdown[0].value == "first session message"
