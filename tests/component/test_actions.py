"""Actions on messages in AppTest: one bubble per answer with its tool calls inside, copy, pin, regenerate,
edit-and-resend, 👍/👎 kept with the session, export, and files attached in the chat input."""

import pytest
from langchain_core.messages import AIMessage

from tests.component.apptest import send
from tests.component.test_app import bubble_texts

pytestmark = pytest.mark.app


def messages_of(app, fake_engine) -> list:
    return fake_engine.engine.session(app.session_state["session_id"]).messages()


def test_an_answer_with_tool_calls_is_one_bubble_holding_them(app, fake_engine):
    fake_engine.chat.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "12*3"}, "id": "c1"}]), "It is 36."]
    send(app, "what is 12*3?")
    assert [bubble.name for bubble in app.chat_message] == ["user", "assistant"]
    answer = app.chat_message[1]
    assert [status.label for status in answer.get("status")] == ["🔧 calculator"]
    assert answer.markdown[-1].value == "It is 36."
    assert any(code.value == "36" for code in answer.code)


def test_each_message_has_a_row_of_actions(app, fake_engine):
    send(app, "first question")
    send(app, "second question")
    first_question, first_answer, last_question, last_answer = messages_of(app, fake_engine)
    assert app.button(key=f"edit_{last_question.id}") and app.button(key=f"regenerate_{last_answer.id}")
    keys = {button.key for button in app.button}
    assert f"edit_{first_question.id}" in keys and f"regenerate_{first_answer.id}" not in keys
    assert {f"pin_{m.id}" for m in messages_of(app, fake_engine)} <= keys
    assert [f.key for f in app.feedback] == [f"feedback_{first_answer.id}", f"feedback_{last_answer.id}"]
    copies = [html.value for html in app.get("html") if "data-copy=" in html.value]
    assert len(copies) == 4 and 'data-copy="first question"' in copies[0]
    assert 'data-copy="Reply to: second question"' in copies[3]
    app.button(key=f"pin_{first_answer.id}").click().run()
    assert "📌 고정됨" in [c.value for c in app.chat_message[1].caption]
    assert app.button(key=f"pin_{first_answer.id}").label == "📌"


def test_the_copy_button_holds_the_text_escaped(app, fake_engine):
    send(app, 'a "quoted" <b>bold</b> & more\nsecond line')
    copy = next(html.value for html in app.get("html") if "data-copy=" in html.value)
    assert 'data-copy="a &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more\nsecond line"' in copy
    assert sum("window.messageCopyReady" in html.value for html in app.get("html")) == 1


def test_regenerate_answers_the_last_question_again(app, fake_engine):
    send(app, "first question")
    send(app, "name a flower")
    old_answer = messages_of(app, fake_engine)[-1]
    fake_engine.chat.script = ["Lavender."]
    app.button(key=f"regenerate_{old_answer.id}").click().run()
    assert not app.exception
    assert [bubble_texts(app, i)[0] for i in range(4)] == [
        "first question", "Reply to: first question", "name a flower", "Lavender."]
    assert [m.content for m in messages_of(app, fake_engine)][2:] == ["name a flower", "Lavender."]


def test_edit_and_resend_replaces_the_last_turn(app, fake_engine):
    send(app, "first question")
    send(app, "what colour are zebras?")
    question = messages_of(app, fake_engine)[2]
    app.button(key=f"edit_{question.id}").click().run()
    editor = app.text_area(key=f"edit_text_{question.id}")
    assert editor.value == "what colour are zebras?"
    editor.set_value("what colour are flamingos?")
    next(b for b in app.button if b.label == "보내기").click().run()
    assert not app.exception and len(app.chat_message) == 4
    assert bubble_texts(app, 2)[0] == "what colour are flamingos?"
    assert bubble_texts(app, 3)[0] == "Reply to: what colour are flamingos?"
    assert "zebras" not in str([m.content for m in messages_of(app, fake_engine)])


def test_an_edit_to_nothing_is_refused_and_loses_nothing(app, fake_engine):
    send(app, "keep this question")
    question = messages_of(app, fake_engine)[0]
    app.button(key=f"edit_{question.id}").click().run()
    app.text_area(key=f"edit_text_{question.id}").set_value("   ")
    next(b for b in app.button if b.label == "보내기").click().run()
    assert any("빈 메시지" in w.value for w in app.warning)
    assert [m.content for m in messages_of(app, fake_engine)] == ["keep this question", "Reply to: keep this question"]
    next(b for b in app.button if b.label == "취소").click().run()
    assert bubble_texts(app, 0) == ["keep this question"]


def test_regenerate_keeps_the_earlier_answer_as_a_version_switched_in_place(app, fake_engine):
    send(app, "only question")
    session_id = app.session_state["session_id"]
    record = {"thread_id": session_id, "turns": [1], "turn_length": 1, "original_chars": 9, "summary_chars": 3,
              "compression_rate": 0.3, "summary": "One."}
    fake_engine.engine.update_state(session_id, {"summary_history": [record]})  # summarized: still a new version
    answer = messages_of(app, fake_engine)[-1]
    fake_engine.chat.script = ["Another answer."]
    app.button(key=f"regenerate_{answer.id}").click().run()
    assert not app.warning and not app.error and bubble_texts(app, 1)[0] == "Another answer."
    assert "2/2" in [c.value for c in app.chat_message[1].caption]
    assert app.button(key="version_next_1").disabled and not app.button(key="version_back_1").disabled
    app.button(key="version_back_1").click().run()
    assert bubble_texts(app, 1)[0] == "Reply to: only question"
    assert "1/2" in [c.value for c in app.chat_message[1].caption]


def test_an_earlier_question_is_edited_into_a_new_version_and_the_original_comes_back(app, fake_engine):
    for n in range(1, 4):
        send(app, f"question {n}")
    first = messages_of(app, fake_engine)[0]
    app.button(key=f"edit_{first.id}").click().run()
    app.text_area(key=f"edit_text_{first.id}").set_value("question 1, asked again")
    next(b for b in app.button if b.label == "보내기").click().run()
    assert not app.exception and len(app.chat_message) == 2
    assert bubble_texts(app, 1)[0] == "Reply to: question 1, asked again"
    assert "2/2" in [c.value for c in app.chat_message[1].caption]
    app.button(key="version_back_1").click().run()
    assert len(app.chat_message) == 6 and bubble_texts(app, 5)[0] == "Reply to: question 3"


def test_feedback_is_saved_and_shown_as_chosen(app, fake_engine):
    send(app, "rate me")
    answer = messages_of(app, fake_engine)[-1]
    app.feedback(key=f"feedback_{answer.id}").set_value(1).run()
    state = fake_engine.engine.session(app.session_state["session_id"]).state()
    assert state["feedback"] == {answer.id: "up"}
    from streamlit.testing.v1 import AppTest

    reloaded = AppTest.from_file("../../app.py", default_timeout=30)
    reloaded.query_params["session"] = app.session_state["session_id"]
    reloaded.run()
    assert reloaded.feedback(key=f"feedback_{answer.id}").value == 1
    reloaded.feedback(key=f"feedback_{answer.id}").set_value(0).run()
    assert fake_engine.engine.session(app.session_state["session_id"]).state()["feedback"] == {answer.id: "down"}


def test_export_offers_markdown_and_json(app):
    assert len(app.get("download_button")) == 0  # nothing to export yet
    send(app, "export me")
    names = [button.proto.label for button in app.get("download_button")]
    assert names == ["Markdown으로 받기", "JSON으로 받기"]


def chips(app, bubble: int) -> list[str]:
    """The attachment chips drawn in a bubble (badges are markdown)."""
    return [m.value for m in app.chat_message[bubble].markdown if "-badge[" in m.value]


def test_a_file_attached_in_the_input_becomes_a_document_and_its_text_is_sent(app, fake_engine):
    app.chat_input[0].upload("notes.md", b"The spare key is under the blue flowerpot.", "text/markdown")
    send(app, "where is the spare key?")
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert [d.title for d in session.documents()] == ["notes.md"]
    assert [text for text in bubble_texts(app, 0) if "-badge[" not in text] == ["where is the spare key?"]
    assert any("blue flowerpot" in str(m.content) for m in fake_engine.chat.calls[-1])
    assert any("notes.md · 10 토큰" in chip and "blue-badge" in chip for chip in chips(app, 0))  # kept after a rerun
    question = session.state()["messages"][0]
    assert question.additional_kwargs["attachments"][0]["name"] == "notes.md"


def test_an_unreadable_file_is_explained_and_the_message_still_goes(app, fake_engine):
    app.chat_input[0].upload("scan.pdf", b"%PDF-1.4 this is not really a pdf", "application/pdf")
    send(app, "what does the scan say?")
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert session.documents() == []
    assert any("scan.pdf" in chip and "red-badge" in chip for chip in chips(app, 0))  # refused, in place
    assert app.chat_message[0].caption  # with the reason under it
    assert bubble_texts(app, 1) == ["Reply to: what does the scan say?"]


def test_a_file_without_text_is_only_added(app, fake_engine):
    app.chat_input[0].upload("memo.txt", b"Mina's birthday is on May 3.", "text/plain")
    app.run()
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert [d.title for d in session.documents()] == ["memo.txt"]
    assert len(app.chat_message) == 0 and fake_engine.chat.calls == []
    assert any("질문해 보세요" in i.value for i in app.info)


def test_a_file_too_large_is_refused_with_its_size_and_a_good_one_beside_it_is_added(app, fake_engine):
    app.chat_input[0].upload("huge.txt", b"a" * (21 * 2**20), "text/plain")
    app.chat_input[0].upload("memo.txt", b"Mina's birthday is on May 3.", "text/plain")
    send(app, "when is Mina's birthday?")
    session = fake_engine.engine.session(app.session_state["session_id"])
    assert [d.title for d in session.documents()] == ["memo.txt"]
    assert any("huge.txt" in chip and "red-badge" in chip for chip in chips(app, 0))
    assert any("20 MB" in c.value for c in app.chat_message[0].caption)
    assert any("memo.txt" in chip and "blue-badge" in chip for chip in chips(app, 0))
    assert [text for text in bubble_texts(app, 0) if "-badge[" not in text] == ["when is Mina's birthday?"]
    assert len(app.chat_message) == 2
    assert any("May 3" in str(m.content) for m in fake_engine.chat.calls[-1])


def test_a_regenerate_clicked_after_another_tab_moved_on_replaces_nothing(app, fake_engine):
    send(app, "question 1")
    session = fake_engine.engine.session(app.session_state["session_id"])
    seen_answer = session.messages()[-1]
    session.send("question 2").wait()  # from another tab, while this page still shows turn 1 as the last
    app.button(key=f"regenerate_{seen_answer.id}").click().run()
    assert any("moved on" in w.value or "대화가 이어져" in w.value for w in app.warning)
    assert [m.content for m in session.messages()] == [
        "question 1", "Reply to: question 1", "question 2", "Reply to: question 2"]
    assert len(app.chat_message) == 4 and not app.error


def test_a_question_that_failed_can_be_edited_and_sent_again(app, fake_engine):
    fake_engine.chat.script = [ConnectionError("refused")]
    send(app, "a question that failed")
    assert app.button(key="retry") and app.error
    question = messages_of(app, fake_engine)[0]
    app.button(key=f"edit_{question.id}").click().run()
    app.text_area(key=f"edit_text_{question.id}").set_value("the question, rephrased")
    next(b for b in app.button if b.label == "보내기").click().run()
    assert not app.error and "retry" not in {button.key for button in app.button}
    assert [bubble_texts(app, i)[0] for i in range(2)] == [
        "the question, rephrased", "Reply to: the question, rephrased"]
