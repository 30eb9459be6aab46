"""The app end to end in AppTest: chat, summaries in the panel, the rate slider, failures and Retry."""

import pytest
from streamlit.testing.v1 import AppTest

from tests.component.apptest import send

pytestmark = pytest.mark.app


def all_text(at) -> str:
    """Every markdown, text and caption value on the page."""
    values = [m.value for m in at.markdown] + [x.value for x in at.text] + [c.value for c in at.caption]
    return "\n".join(values)


def bubble_texts(at, index: int) -> list[str]:
    bubble = at.chat_message[index]
    return [m.value for m in bubble.markdown] + [x.value for x in bubble.text]


def test_first_screen_shows_model_slider_and_empty_panel(detailed_app):
    assert not detailed_app.exception
    slider = detailed_app.slider(key="compression_rate")
    assert slider.label == "요약 압축률" and slider.value == 0.3
    assert slider.min == 0.1 and slider.max == 0.5 and slider.step == 0.05
    assert slider.help == "낮을수록 짧게 요약, 높을수록 상세하게 요약"
    assert "fake-model" in all_text(detailed_app.sidebar)
    assert any("대화 요약 히스토리" in s.value for s in detailed_app.subheader)
    assert detailed_app.selectbox(key="context_policy_choice").value == "every_three_turns"


def test_four_turns_put_a_summary_in_the_panel(detailed_app):
    for n in range(1, 5):
        send(detailed_app, f"question {n}")
        assert not detailed_app.exception
    assert bubble_texts(detailed_app, -1)[-1] == "Reply to: question 4"
    text = all_text(detailed_app)
    assert "[1-3턴 요약] 압축률 0.3" in text and "총 요약: 1개 (3턴 압축)" in text
    assert "Summary of question 1; ques" in text  # 27 characters: 0.3 of the turns' 90, as the slider asks
    assert "전체 압축률: 70% 절감" in text
    assert len(detailed_app.get("vega_lite_chart")) == 1


def test_context_inspector_shows_parts_and_messages(detailed_app):
    for n in range(1, 6):
        send(detailed_app, f"question {n}")
    table = detailed_app.table[0].value
    labels, tokens = list(table.iloc[:, 0]), [int(v) for v in table.iloc[:, 1]]
    assert labels[:6] == ["시스템", "요약", "고정된 메시지", "요약 안 된 턴", "기억해 낸 턴", "현재 턴"]
    assert tokens[0] > 0 and tokens[1] > 0 and tokens[3] > 0 and tokens[5] > 0
    codes = [c.value for c in detailed_app.code]
    assert any("[1-3턴]" in c for c in codes) and "question 5" in codes


def test_slider_sets_the_rate_of_the_next_summary(app, fake_engine):
    app.slider(key="compression_rate").set_value(0.5).run()
    for n in range(1, 5):
        send(app, f"question {n}")
    state = fake_engine.engine.graph.get_state({"configurable": {"thread_id": app.session_state["session_id"]}})
    assert state.values["summary_history"][0]["compression_rate"] == 0.5
    assert "압축률 0.5" in all_text(app)


def test_a_rate_the_slider_sets_is_saved_once(app, fake_engine):
    storage, saved = fake_engine.engine.storage, []
    save = storage.save_settings

    def counted(session_id, settings):
        saved.append(settings.compression_rate)
        save(session_id, settings)

    storage.save_settings = counted
    app.slider(key="compression_rate").set_value(0.4).run()
    for n in range(1, 3):
        send(app, f"question {n}")
    assert saved == [0.4]
    assert fake_engine.engine.session(app.session_state["session_id"]).settings().compression_rate == 0.4


def test_empty_message_is_refused_without_a_turn(app, fake_engine):
    send(app, "   ")
    assert fake_engine.chat.calls == []
    assert any("빈 메시지" in t.value for t in app.toast)


def test_failed_reply_shows_error_and_retry_answers_it(app, fake_engine):
    fake_engine.chat.script = [ConnectionError("refused")]
    send(app, "hello there, what is new?")
    assert not app.exception
    assert any("연결할 수 없습니다" in e.value for e in app.error)  # the UI's language
    assert bubble_texts(app, 0) == ["hello there, what is new?"]
    app.button(key="retry").click().run()
    assert not app.error
    assert bubble_texts(app, -1)[-1] == "Reply to: hello there, what is new?"


def test_session_switch_and_new_chat(app):
    send(app, "first session message")
    first = app.session_state["session_id"]
    app.button(key="new_chat").click().run()
    assert app.session_state["session_id"] != first
    assert len(app.chat_message) == 0
    send(app, "second session message")
    second = app.session_state["session_id"]
    app.button(key=f"open_{first}").click().run()
    assert app.session_state["session_id"] == first
    assert bubble_texts(app, 0) == ["first session message"]
    assert app.button(key=f"open_{first}").proto.type == "secondary"  # the open chat is the highlighted row
    assert app.button(key=f"open_{second}").proto.type == "tertiary"


@pytest.mark.parametrize("bad_id, reason", [("a\x00b", "U+0000"), ("x" * 5000, "at most 128 characters")])
def test_an_unusable_session_id_in_the_url_opens_a_new_chat_and_says_why(fake_engine, bad_id, reason):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["session"] = bad_id
    app.run()
    assert not app.exception
    assert any("대화 ID는 쓸 수 없어" in w.value and reason in w.value for w in app.warning)
    opened = app.session_state["session_id"]
    assert opened != bad_id and "session" not in app.query_params  # a new chat is named once it is saved
    for n in range(1, 5):  # past the first summary, which reads the session back from storage
        send(app, f"question {n}")
        assert not app.exception and not app.error
    assert app.query_params["session"] == opened
    assert fake_engine.engine.session(opened).turns_completed() == 4
    assert [s.session_id for s in fake_engine.engine.sessions()] == [opened]


def test_a_link_to_a_chat_not_saved_says_so_and_a_message_still_starts_it(fake_engine):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["session"] = "from-a-link"
    app.run()
    assert not app.exception
    notice = ("이 주소의 대화를 찾을 수 없습니다: 삭제되었거나 주소가 잘못되었습니다.  \n"
              "새 대화를 시작하거나 왼쪽 목록에서 대화를 고르세요.")
    assert [w.value for w in app.warning] == [notice]
    assert not [b for b in app.button if b.key == "example_1"]  # the notice, not the welcome of a new chat
    assert app.session_state["session_id"] == "from-a-link" and app.query_params["session"] == "from-a-link"
    send(app, "hello")
    assert not app.warning and bubble_texts(app, 0) == ["hello"]
    assert [s.session_id for s in fake_engine.engine.sessions()] == ["from-a-link"]


def test_the_notice_of_a_chat_not_found_offers_a_new_chat(fake_engine):
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["session"] = "deleted-long-ago"
    app.run()
    app.button(key="start_new_chat").click().run()
    assert not app.warning and app.session_state["session_id"] != "deleted-long-ago"
    assert "session" not in app.query_params
    examples = sorted(b.key for b in app.button if b.key and b.key.startswith("example_"))
    assert examples == [f"example_{n}" for n in range(1, 5)]
    assert fake_engine.engine.sessions() == []


def test_rename_and_delete_with_confirmation(app, fake_engine):
    send(app, "a chat to rename")
    session = app.session_state["session_id"]
    app.text_input(key=f"title_{session}").set_value("Trip plans").run()
    app.button(key=f"save_title_{session}").click().run()
    assert app.button(key=f"open_{session}").label == "Trip plans"
    assert [s.title for s in fake_engine.engine.sessions()] == ["Trip plans"]
    app.button(key=f"delete_{session}").click().run()
    assert any("영구히 삭제" in w.value for w in app.sidebar.warning)
    app.button(key="confirm_delete_no").click().run()
    assert fake_engine.engine.graph.get_state({"configurable": {"thread_id": session}}).values
    app.button(key=f"delete_{session}").click().run()
    app.button(key="confirm_delete_yes").click().run()
    assert app.session_state["session_id"] != session
    assert fake_engine.engine.graph.get_state({"configurable": {"thread_id": session}}).values == {}


def test_system_prompt_is_saved_per_session_and_sent(app, fake_engine):
    send(app, "first message")
    app.text_area(key="system_prompt_text").set_value("You are a pirate. Say arr.").run()
    app.button(key="save_prompt").click().run()
    send(app, "second message")
    assert fake_engine.chat.calls[-1][0].content.startswith("You are a pirate. Say arr.")
    app.button(key="new_chat").click().run()
    assert "pirate" not in app.text_area(key="system_prompt_text").value


def test_language_switches_to_english(app):
    app.sidebar.get("button_group")[0].set_value("en").run()
    assert app.slider(key="compression_rate").label == "Compression rate"
    assert any("Summary history" in s.value for s in app.subheader)


def test_stopped_turn_keeps_the_partial_answer(app, fake_engine):
    send(app, "first")
    session = fake_engine.engine.session(app.session_state["session_id"])
    fake_engine.chat.delay = 0.05
    fake_engine.chat.reply = lambda m: __import__("langchain_core.messages").messages.AIMessage(
        "Once upon a time " + "and then " * 200)
    run = session.send("tell me a long story")
    tokens = [event.text for _, event in zip(range(4), run, strict=False)]
    run.close()  # what a click on Stop (or any click during the stream) does
    app.run()
    assert bubble_texts(app, -1)[-1] == "".join(tokens).rstrip() + " ⏹"
    assert not app.error


def test_tool_call_is_a_status_block_with_arguments_and_result(app, fake_engine):
    from langchain_core.messages import AIMessage

    fake_engine.chat.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "123*456"}, "id": "c1"}]),
        "123 × 456 = 56088",
    ]
    send(app, "What is 123*456?")
    statuses = app.get("status")
    assert any("calculator" in s.label for s in statuses)
    assert any(c.value == "56088" for c in app.code)
    assert any(j.value == '{"expression": "123*456"}' or "123*456" in str(j.value) for j in app.json)
    assert bubble_texts(app, -1)[-1] == "123 × 456 = 56088"


def test_panel_lists_higher_level_summaries_once_they_exist(fake_engine, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("SUMMARY_BUDGET_TOKENS", "40")
    app = AppTest.from_file("../../app.py", default_timeout=30).run()
    for n in range(1, 17):
        send(app, f"question {n}")
        fake_engine.engine.preparer.wait()
    assert any("컨텍스트용 상위 요약" in e.label for e in app.expander)
    assert "[1-3턴 요약] 압축률 0.3" in all_text(app)  # originals stay listed


def test_answer_shows_its_sources(app, fake_engine):
    from tests.graph.documents.test_documents import FILLER, POLICY

    session = app.session_state["session_id"]
    fake_engine.engine.documents.add(session, "handbook.md", FILLER + POLICY + FILLER)
    fake_engine.chat.script = ["You get 15 days [1]."]
    send(app, "How many vacation days of paid annual leave?")
    assert any("출처: [1] handbook.md" in c.value for c in app.caption)


def test_modifiers_are_saved_and_shape_the_context(app, fake_engine):
    app.text_area(key="agent_prompt_text").set_value("Answer like a pirate.").run()
    app.text_input(key="reminder_text").set_value("Always answer in one sentence.").run()
    app.button(key="save_modifiers").click().run()
    send(app, "Tell me about ships")
    context = fake_engine.chat.calls[0]  # the fake's echo of the reminder is asked for again, with a correction
    assert context[-1].content == "Always answer in one sentence."
    assert context[-3].content == "[Agent instructions]\nAnswer like a pirate."
    assert context[-2].content == "Tell me about ships"


def test_window_share_compression_notice_is_shown(detailed_app, fake_engine, monkeypatch):
    from langchain_core.messages import AIMessage

    monkeypatch.setattr("graph.policies.window_share.WINDOW_SHARE", 0.0)
    detailed_app.selectbox(key="context_policy_choice").set_value("window_share").run()
    fake_engine.chat.reply = lambda m: AIMessage("answer " * 40)
    for n in range(1, 9):
        send(detailed_app, f"question {n}")
    assert any("컨텍스트 압축됨" in i.value for i in detailed_app.info)


def test_a_new_chat_starts_from_the_defaults_not_the_last_sessions_switches(detailed_app, fake_engine):
    send(detailed_app, "first message")
    first = detailed_app.session_state["session_id"]
    detailed_app.toggle(key="recall_choice").set_value(False).run()
    detailed_app.number_input(key="context_budget_choice").set_value(2000).run()
    assert fake_engine.engine.session(first).settings().recall is False
    detailed_app.button(key="new_chat").click().run()
    second = detailed_app.session_state["session_id"]
    assert second != first
    assert detailed_app.toggle(key="recall_choice").value is True
    assert detailed_app.number_input(key="context_budget_choice").value == 4000
    send(detailed_app, "in the new chat")
    assert fake_engine.engine.session(second).settings().recall is True
    assert fake_engine.engine.session(first).settings().recall is False  # the old chat keeps its own


def test_a_setting_changed_as_a_new_chat_opens_stays_with_the_chat_it_was_changed_in(detailed_app, fake_engine):
    """The browser sends a changed setting and the click on "new chat" in one run: the new chat opens, the page
    draws (no error page) and the setting belongs to the chat it was changed in."""
    send(detailed_app, "first message")
    first = detailed_app.session_state["session_id"]
    detailed_app.number_input(key="context_budget_choice").set_value(2000)
    detailed_app.slider(key="compression_rate").set_value(0.5)
    detailed_app.toggle(key="recall_choice").set_value(False)
    detailed_app.button(key="new_chat").click().run()
    assert not detailed_app.exception
    assert detailed_app.session_state["session_id"] != first
    assert detailed_app.number_input(key="context_budget_choice").value == 4000
    assert detailed_app.toggle(key="recall_choice").value is True
    kept = fake_engine.engine.session(first).settings()
    assert (kept.context_budget, kept.compression_rate, kept.recall) == (2000, 0.5, False)
    send(detailed_app, "in the new chat")
    assert detailed_app.chat_message[-1].markdown


def test_the_language_is_kept_in_the_address_and_follows_a_switch(fake_engine):
    english = AppTest.from_file("../../app.py", default_timeout=30)
    english.query_params["lang"] = "en"
    english.run()
    assert english.slider(key="compression_rate").label == "Compression rate"
    english.sidebar.get("button_group")[0].set_value("ko").run()
    assert english.slider(key="compression_rate").label != "Compression rate"
    assert english.query_params["lang"] == "ko"
