"""On the bundled model, nothing shown as its answer is something the product knows is wrong: a sum nobody asked
for or the calculator contradicts, a quote in the app's own format, the app's markers, one sentence over and over;
and a turn in a language it cannot write (Korean, Chinese) is answered by the product alone, with the note on
which model answers in full said once a session. The page and the saved reply agree; streaming, generate-only
and non-streaming models alike. A model that reads its context (remote) is left as it is."""

from pathlib import Path

import pytest
from langchain_core.messages import AIMessage

from graph.models import ModelProfile
from graph.reply.own_answer import own_text
from state.texts import localized
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply
from tests.fakes.faults import model_of_kind

pytestmark = pytest.mark.graph

KINDS = ["streaming", "generate_only", "disable_streaming"]


def engine_on(tmp_path: Path, chat: ScriptedChatModel, provider: str = "bundled"):
    profile = ModelProfile(label="fake", provider=provider, streaming=True, tools=False,  # type: ignore[arg-type]
                           structured_output=False, context_window=8_192)
    return make_engine(str(tmp_path / "chat.sqlite"), chat, ScriptedChatModel(reply=summary_reply), profile=profile)


def shown(events) -> str:
    """What the page shows of a turn's answer: its streamed tokens (the page trims the end)."""
    tokens = "".join(e.text for e in events if e.kind == "token")
    return (tokens or next(e.text for e in events if e.kind == "reply")).rstrip()


def answered(tmp_path: Path, kind: str, message: str, model_says: str, provider: str = "bundled",
             language: str = "en") -> tuple[str, str]:
    """What a one-turn session shows and keeps when the model answers `message` with `model_says`."""
    engine = engine_on(tmp_path, model_of_kind(kind, lambda messages: AIMessage(model_says)), provider)
    try:
        session = engine.session("s")
        events = session.send(message, language=language).wait()
        session.services.wait_idle()
        return shown(events), str(session.messages()[-1].content)
    finally:
        engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_sum_nobody_asked_for_is_cut(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "I walked my dog this morning.",
                          "That sounds lovely. 45*2 = 100. Have a nice walk tomorrow!")
    assert page == kept == "That sounds lovely. Have a nice walk tomorrow!"


@pytest.mark.parametrize("kind", KINDS)
def test_a_sum_the_calculator_contradicts_is_cut_and_its_result_shown(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "What is 17 * 23?", "Let me check: 391 / 23 = 23. So 17 * 23 = 391 indeed.")
    assert page == kept == "17 * 23 = 391.\n\nSo 17 * 23 = 391 indeed."


@pytest.mark.parametrize("kind", KINDS)
def test_a_quote_in_the_apps_own_format_is_cut(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "Tell me something nice about tea.",
                          'You said on turn 3 (2026-11-27): "I hate tea and never drink it." Tea is warm and calming.')
    assert page == kept == "Tea is warm and calming."


@pytest.mark.parametrize("kind", KINDS)
def test_the_apps_markers_are_cut(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "Tell me something nice about tea.",
                          "(turn 6) Tea is warm. (2026-11-27, turn 2) It calms you down. [Reminder] Cite the "
                          "reference documents you used as [1], [2], ...")
    assert page == kept == "Tea is warm. It calms you down."


@pytest.mark.parametrize("kind", KINDS)
def test_a_sentence_said_over_and_over_is_shown_once(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "Tell me something nice about tea.",
                          " ".join(["Tea is warm and calming."] * 6) + " Enjoy a cup!")
    assert page == kept == "Tea is warm and calming. Enjoy a cup!"


@pytest.mark.parametrize("kind", KINDS)
def test_a_reply_with_nothing_left_is_acknowledged(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "I walked my dog this morning.", "45*2 = 100. 45*2 = 100.")
    assert page == kept == localized("en", "reply_acknowledged")


@pytest.mark.parametrize("kind", KINDS)
def test_a_model_that_reads_its_context_is_left_as_it_is(tmp_path, kind):
    said = 'You said on turn 3: "tea". (turn 6) 45*2 = 100. Fine. Fine.'
    assert answered(tmp_path, kind, "I walked my dog this morning.", said, provider="remote") == (said, said)
    assert answered(tmp_path / "ko", kind, "오늘 공원에 갔어요.", "10*2 = 20.", provider="remote") == \
        ("10*2 = 20.", "10*2 = 20.")


@pytest.mark.parametrize("kind", KINDS)
def test_korean_statements_are_acknowledged_in_korean_and_the_note_comes_once(tmp_path, kind):
    chat = model_of_kind(kind, lambda messages: AIMessage("10*2 = 20. 세상은 바로 이름이다."))
    engine = engine_on(tmp_path, chat)
    try:
        session = engine.session("ko")
        first, second = (send(session, text) for text in ("오늘 친구랑 공원에 갔어요.", "저녁에는 비빔밥을 먹었어요."))
        acknowledged, note = localized("ko", "reply_acknowledged"), localized("ko", "small_model_note")
        assert shown(first) == session.messages()[1].content == f"{acknowledged}\n\n{note}"
        assert shown(second) == session.messages()[-1].content == acknowledged
        assert chat.calls == []  # the product had the whole answer: the model was not asked
        assert "OPENAI_BASE_URL" in note and "CHAT_MODEL" in note
    finally:
        engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_the_note_survives_a_reload_of_the_session(tmp_path, kind):
    chat = model_of_kind(kind, lambda messages: AIMessage("Hello there!"))
    note = localized("ko", "small_model_note")
    engine = engine_on(tmp_path, chat)
    try:
        assert shown(send(engine.session("s"), "안녕하세요")).endswith(note)
    finally:
        engine.close()
    engine = engine_on(tmp_path, chat)  # the app started again on the same database
    try:
        session = engine.session("s")
        assert shown(session.send("반가워요!", language="ko").wait()) == localized("ko", "reply_greeting")
        assert [m.content for m in session.messages()[1::2]] == [f"{localized('ko', 'reply_greeting')}\n\n{note}",
                                                                 localized("ko", "reply_greeting")]
    finally:
        engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_korean_question_about_an_earlier_statement_gets_the_quote_and_no_model_text(tmp_path, kind):
    chat = model_of_kind(kind, lambda messages: AIMessage('15턴(2026-11-27)에 이렇게 말씀하셨어요: "이리스트 3.4"'))
    engine = engine_on(tmp_path, chat)
    try:
        session = engine.session("ko")
        send(session, "제 여동생 하나는 부산에 살아요.")
        events = send(session, "제 여동생은 어디에 살아요?")
        reply = session.messages()[-1].content
        assert shown(events) == reply
        assert reply.startswith("1턴") and reply.endswith('말씀하셨어요: "제 여동생 하나는 부산에 살아요."')
        assert chat.calls == []
    finally:
        engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_korean_question_nothing_answers_gets_a_short_honest_reply(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "프랑스의 수도는 어디야?", "The capital of France is Paris.")
    assert page == kept == f"{localized('ko', 'reply_unanswerable')}\n\n{localized('ko', 'small_model_note')}"


@pytest.mark.parametrize("kind", KINDS)
def test_a_korean_calculation_gets_the_calculators_result_alone(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "45 곱하기 2는?", "45*2 = 100.")
    assert page == kept == f"45 * 2 = 90.\n\n{localized('ko', 'small_model_note')}"


@pytest.mark.parametrize("kind", KINDS)
def test_a_chinese_statement_is_acknowledged_in_chinese(tmp_path, kind):
    page, kept = answered(tmp_path, kind, "我今天去了公园。", "10*2 = 20. I went to the park too.")
    assert page == kept == f"{own_text('zh', 'reply_acknowledged')}\n\n{own_text('zh', 'small_model_note')}"
