"""The memory controls in AppTest: pins, recalled turns under answers, summary editing, summarize now,
search over every chat, the recall switch, and long pastes offered as documents."""

import pytest

from tests.component.apptest import send

pytestmark = pytest.mark.app


def state_of(app, fake_engine) -> dict:
    return fake_engine.engine.session(app.session_state["session_id"]).state()


def test_pinning_a_message_keeps_it_in_the_context(app, fake_engine):
    send(app, "My blood type is AB negative.")
    message_id = state_of(app, fake_engine)["messages"][0].id
    app.button(key=f"pin_{message_id}").click().run()
    assert state_of(app, fake_engine)["pinned"] == [message_id]
    assert app.button(key=f"pin_{message_id}").label == "📌"
    for n in range(2, 9):
        send(app, f"question {n}")
    context = fake_engine.chat.calls[-1]
    assert any("AB negative" in str(m.content) and "pinned" in str(m.content) for m in context[1:2])
    app.button(key=f"pin_{message_id}").click().run()
    assert state_of(app, fake_engine)["pinned"] == []


def test_an_answer_lists_the_turns_it_recalled(detailed_app, fake_engine):
    app = detailed_app  # the recalled turns are a developer's view
    send(app, "The wifi password at home is maple-river-42.")
    for n in range(2, 12):
        send(app, f"question {n} about gardening")
    send(app, "What is the wifi password at home?")
    answer = app.chat_message[-1]
    assert not answer.expander  # one click away, in the row of actions: not spelled out under every answer
    details = [block for block in answer.get("popover")
               if block.proto.popover.help == "자세히: 이 답이 기억해 낸 이전 턴"]
    assert len(details) == 1
    captions = [c.value for c in details[0].caption]
    assert any(caption.startswith("기억해 낸 턴: #1") for caption in captions)
    assert any("maple-river-42" in caption for caption in captions)
    assert any(int(v) > 0 for v in app.table[0].value.iloc[:, 1][4:5])


def test_editing_a_summary_changes_what_the_model_sees(app, fake_engine):
    for n in range(1, 5):
        send(app, f"question {n}")
    app.text_area(key="summary_text_1_1").set_value("The user plans a trip to Jeju in May.").run()
    app.button(key="summary_save_1_1").click().run()
    assert "편집됨" in " ".join(c.value for c in app.caption)
    send(app, "question 5")
    assert "[1-3턴] The user plans a trip to Jeju in May." in fake_engine.chat.calls[-1][0].content
    app.button(key="summary_delete_1_1").click().run()
    send(app, "question 6")
    assert "Jeju" not in fake_engine.chat.calls[-1][0].content


def test_summarize_now_compacts_the_unsummarized_turns(app, fake_engine):
    send(app, "question 1")
    send(app, "question 2")
    app.button(key="summarize_now").click().run()
    assert [r["turns"] for r in state_of(app, fake_engine)["summary_history"]] == [[1]]
    assert any("요약했습니다" in toast.value for toast in app.toast)


def test_search_opens_the_session_of_a_hit(app, fake_engine):
    send(app, "The plumber Mr. Okafor charges 85 dollars an hour.")
    first = app.session_state["session_id"]
    app.button(key="new_chat").click().run()
    send(app, "something else entirely")
    app.text_input(key="search_query").set_value("Okafor").run()
    hit = app.button(key="hit_0")
    assert "The plumber Mr. Okafor" in hit.label and "1턴" in hit.label
    assert any("**Okafor**" in c.value for c in app.sidebar.caption)
    hit.click().run()
    assert app.session_state["session_id"] == first
    assert app.chat_message[0].text[0].value.startswith("The plumber Mr. Okafor")


def test_recall_switch_is_saved_per_session(app, fake_engine):
    app.toggle(key="recall_choice").set_value(False).run()
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert session.settings().recall is False
    send(app, "hello")
    assert session.settings().recall is False  # a turn keeps the session's choice
    app.button(key="new_chat").click().run()
    assert fake_engine.engine.session(app.session_state["session_id"]).settings().recall is True


def test_a_huge_paste_is_offered_as_a_document(app, fake_engine):
    text = "Chapter one. " + "The harbour was quiet that morning. " * 500
    send(app, text)
    assert fake_engine.chat.calls == []
    assert any("문서로 추가" in w.value for w in app.warning)
    app.button(key="paste_document").click().run()
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert [d.title for d in session.documents()] == ["pasted-1.md"]
    send(app, "x" * 13_000)
    app.button(key="paste_message").click().run()
    assert len(fake_engine.chat.calls) == 1 and len(session.messages()[0].content) == 13_000
