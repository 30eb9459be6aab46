"""On the page, a reply that only repeated the model's instructions is never shown: the answer asked for again
takes its place, or a message in the person's language saying why there is none."""

import pytest

from prompt.system import BASE_SYSTEM_PROMPT
from state.texts import localized
from tests.component.apptest import send
from tests.component.test_app import all_text, bubble_texts

pytestmark = pytest.mark.app


def test_the_answer_asked_for_again_is_shown_instead_of_the_echoed_prompt(app, fake_engine):
    fake_engine.chat.script = [BASE_SYSTEM_PROMPT, "Paris."]
    send(app, "What is the capital of France?")
    assert not app.exception
    assert bubble_texts(app, -1) == ["Paris."]
    assert "helpful AI assistant" not in all_text(app)


def test_a_second_echo_is_replaced_by_a_message_in_the_persons_language(app, fake_engine):
    fake_engine.chat.script = [BASE_SYSTEM_PROMPT, BASE_SYSTEM_PROMPT]
    send(app, "프랑스의 수도는 어디야?")
    assert not app.exception
    assert bubble_texts(app, -1) == [localized("ko", "reply_withheld_framing")]
    assert "helpful AI assistant" not in all_text(app)
    send(app, "파리 맞지?")  # the session goes on
    assert bubble_texts(app, -1) == ["Reply to: 파리 맞지?"]
