"""The page speaks to people: policies named for what they do, a line that says what runs beside the model, a
cost only where tokens cost, no "Summarize now" with nothing to summarize, an error a person can act on, and no
typing dots left once the reply is there."""

import pytest
from streamlit.testing.v1 import AppTest

from graph.models import bundled_profile
from tests.component.apptest import send
from tests.component.test_layout import english
from tests.fakes.faults import timeout

pytestmark = pytest.mark.app


def captions(app: AppTest) -> str:
    return "\n".join(c.value for c in app.caption)


def test_the_bundled_model_shows_what_runs_and_no_cost(fake_engine):
    fake_engine.profile = bundled_profile()
    app = english(fake_engine)
    text = captions(app)
    assert "answered by the app itself" in text and "tools off" not in text
    assert "M tokens" not in text  # the bundled model costs nothing per token


def test_a_remote_model_shows_its_tools_and_what_a_day_costs(fake_engine):
    app = english(fake_engine, details=True)
    text = captions(app)
    assert "the model calls them" in text and "100 turns ≈" in text


def test_policies_are_named_for_what_they_do_in_the_pages_language(fake_engine):
    app = english(fake_engine, details=True)
    policy = app.selectbox(key="context_policy_choice")
    assert policy.options == ["Summarize every 3 turns, keep every summary", "Summarize after 8,000 new tokens",
                              "Summarize past 60% of the window", "Keep only the last 3 summaries"]
    assert not [option for option in policy.options if "Seed" in option]
    korean = AppTest.from_file("../../app.py", default_timeout=30)
    korean.query_params["details"] = "on"
    assert korean.run().selectbox(key="context_policy_choice").options[0] == "3턴마다 요약 (요약은 모두 유지)"


def test_summarize_now_waits_for_something_to_summarize(fake_engine):
    app = english(fake_engine)
    assert app.button(key="summarize_now").disabled
    send(app, "question 1")
    assert app.button(key="summarize_now").disabled  # the last turn stays as it is
    send(app, "question 2")
    assert not app.button(key="summarize_now").disabled


def test_a_slow_bundled_model_gets_advice_a_person_can_follow(fake_engine):
    fake_engine.profile = bundled_profile()
    fake_engine.chat.script = [timeout()]
    app = english(fake_engine)
    send(app, "hello")
    shown = " ".join(e.value for e in app.error)
    assert "took too long" in shown and "shorter message" in shown and "CHAT_FIRST_TOKEN_TIMEOUT" not in shown


def test_the_typing_dots_are_gone_once_the_reply_is_there(fake_engine):
    app = english(fake_engine)
    send(app, "hello")
    assert not [h for h in app.get("html") if 'class="typing"' in h.proto.body]
    assert app.chat_message[-1].markdown
