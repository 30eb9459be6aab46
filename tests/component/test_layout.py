"""The page frame in AppTest: the chats on top of the sidebar, the memory controls under one heading, the welcome
of a new chat and its example prompts, the pane beside the chat, a found turn, no chat made by loading the page,
counts that agree with their number and a whole-number turn axis."""

import json

import pyarrow
import pytest
from streamlit.testing.v1 import AppTest

from tests.component.apptest import send
from tests.graph.storage.conftest import count_rows

pytestmark = pytest.mark.app


def keys_in_order(block) -> list[str]:
    """The user keys of a block's widgets and containers, top to bottom."""
    return [node.key for node in block if getattr(node, "key", None)]


def english(fake_engine, details: bool = False) -> AppTest:
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["lang"] = "en"
    if details:
        app.query_params["details"] = "on"
    return app.run()


def test_the_sidebar_starts_with_new_chat_then_the_chats_then_the_memory_controls(app, fake_engine):
    send(app, "first chat")
    first = app.session_state["session_id"]
    app.button(key="new_chat").click().run()
    send(app, "second chat")
    second = app.session_state["session_id"]
    order = keys_in_order(app.sidebar)
    rows = sorted([order.index(f"open_{second}"), order.index(f"open_{first}")])
    assert order.index("new_chat") < order.index("search_query") < rows[0] < rows[1] < order.index("recall_choice")
    listed = [key for key in order if key.startswith("open_")]
    assert listed == [f"open_{s.session_id}" for s in fake_engine.engine.sessions()]  # newest first, as stored
    assert [app.button(key=f"open_{sid}").label for sid in (first, second)] == ["First chat", "Second chat"]
    assert app.button(key=f"open_{second}").proto.type == "secondary"  # the open chat stands out
    assert app.button(key=f"open_{first}").proto.type == "tertiary"


def test_the_memory_controls_stand_together_under_their_heading_outside_any_expander(detailed_app):
    order = keys_in_order(detailed_app.sidebar)
    memory = ["recall_choice", "context_policy_choice", "compression_rate", "context_budget_choice"]
    assert [order.index(key) for key in memory] == sorted(order.index(key) for key in memory)
    assert max(order.index(key) for key in memory) - min(order.index(key) for key in memory) == 3
    assert any(m.value == "#### 🧠 기억" for m in detailed_app.sidebar.markdown)
    for expander in detailed_app.sidebar.expander:
        assert not set(memory) & set(keys_in_order(expander))
    assert any(c.value.startswith("턴마다 최대 4,000 토큰") for c in detailed_app.sidebar.caption)  # the budget's cost


def test_a_chat_row_tells_its_turns_in_the_right_number(fake_engine):
    app = english(fake_engine)
    send(app, "only once")
    session = app.session_state["session_id"]
    assert app.button(key=f"open_{session}").help.startswith("1 turn · ")
    send(app, "and twice")
    assert app.button(key=f"open_{session}").help.startswith("2 turns · ")


def test_a_new_chat_shows_a_welcome_and_an_example_prompt_sends_itself(app, fake_engine):
    assert any(m.value == "## 무엇을 도와드릴까요?" for m in app.markdown)
    assert app.button(key="example_1").label == "17 * 23은 얼마야?"
    app.button(key="example_3").click().run()
    assert not app.exception
    assert [m.content for m in fake_engine.chat.calls[-1] if m.type == "human"][-1] == \
        "내 이름은 에이다이고 리스본에 살아. 기억해 줘."
    assert app.chat_message[0].text[0].value == "내 이름은 에이다이고 리스본에 살아. 기억해 줘."
    assert not [b for b in app.button if b.key == "example_1"]  # the welcome gives way to the chat
    session = app.session_state["session_id"]
    assert [s.session_id for s in fake_engine.engine.sessions()] == [session]
    assert app.query_params["session"] == session
    assert any(m.value == "#### 내 이름은 에이다이고 리스본에 살아" for m in app.markdown)  # its title: the gist


def test_the_examples_speak_the_interfaces_language(fake_engine):
    app = english(fake_engine)
    assert any(m.value == "## What can I help you with?" for m in app.markdown)
    assert [app.button(key=f"example_{n}").label for n in (1, 2)] == ["What is 17 * 23?", "What time is it now?"]


def test_loading_and_reloading_the_page_makes_no_chat_and_writes_nothing(fake_engine):
    for _ in range(2):  # a first visit, then a reload: each a fresh page
        app = AppTest.from_file("../../app.py", default_timeout=30).run()
        assert not app.exception
        session = app.session_state["session_id"]
        assert "session" not in app.query_params
        assert fake_engine.engine.sessions() == []
        assert set(count_rows(fake_engine.engine.storage, session).values()) == {0}


def test_a_setting_changed_in_a_new_chat_is_kept_yet_lists_no_chat_until_it_is_sent(app, fake_engine):
    session = app.session_state["session_id"]
    app.toggle(key="recall_choice").set_value(False).run()
    assert fake_engine.engine.session(session).settings().recall is False
    assert fake_engine.engine.sessions() == []
    send(app, "now it starts")
    assert [s.session_id for s in fake_engine.engine.sessions()] == [session]
    assert fake_engine.engine.session(session).settings().recall is False


def test_the_summaries_and_the_inspector_sit_in_the_pane_beside_the_chat(detailed_app):
    send(detailed_app, "question 1")
    pane = detailed_app.get_by_key("side_pane")
    assert any("대화 요약 히스토리" in s.value for s in pane.subheader)
    assert any("모델이 본 컨텍스트" in e.label for e in pane.expander)
    assert not [m for m in pane if getattr(m, "type", "") == "chat_message"]
    assert any("st-key-side_pane" in h.proto.body and "sticky" in h.proto.body for h in detailed_app.get("html"))


def test_a_search_hit_opens_its_chat_at_the_turn_highlighted_until_the_chat_goes_on(app, fake_engine):
    send(app, "first question")
    send(app, "The plumber Mr. Okafor charges 85 dollars an hour.")
    first = app.session_state["session_id"]
    app.button(key="new_chat").click().run()
    send(app, "something else entirely")
    app.text_input(key="search_query").set_value("Okafor").run()
    app.button(key="hit_0").click().run()
    assert app.session_state["session_id"] == first
    assert any("2번째 턴을 열었습니다" in toast.value for toast in app.toast)
    bodies = [h.proto.body for h in app.get("html")]
    assert any("#turn-2)" in body and "outline" in body for body in bodies)  # the turn's messages marked
    scrolls = [body for body in bodies if "getElementById(\"turn-2\")" in body and "scrollIntoView" in body]
    assert len(scrolls) == 1
    app.run()  # a later run keeps the mark, and its scroll is the same hit's, which the page runs once
    bodies = [h.proto.body for h in app.get("html")]
    assert any("#turn-2)" in body for body in bodies)
    assert [body for body in bodies if "scrollIntoView" in body] == scrolls
    app.text_input(key="search_query").set_value("Okafor").run()
    app.button(key="hit_0").click().run()  # the same hit opened again is scrolled to again
    again = [body for body in (h.proto.body for h in app.get("html")) if "scrollIntoView" in body]
    assert len(again) == 1 and again != scrolls
    send(app, "and one more question")  # the chat goes on: the mark has done its work
    assert not any("#turn-2)" in h.proto.body for h in app.get("html"))


def test_the_mark_of_a_found_turn_goes_when_another_chat_opens(app, fake_engine):
    send(app, "The plumber Mr. Okafor charges 85 dollars an hour.")
    app.button(key="new_chat").click().run()
    app.text_input(key="search_query").set_value("Okafor").run()
    app.button(key="hit_0").click().run()
    assert any("#turn-1)" in h.proto.body for h in app.get("html"))
    app.button(key="new_chat").click().run()
    assert not any("#turn-1)" in h.proto.body for h in app.get("html"))


def test_the_statistics_count_one_turn_in_the_singular(fake_engine):
    app = english(fake_engine)
    send(app, "question 1")
    send(app, "question 2")
    app.button(key="summarize_now").click().run()
    text = "\n".join(m.value for m in app.markdown)
    assert "Summaries: 1 (1 turn compressed)" in text and "1 turns" not in text


def test_the_context_chart_counts_turns_in_whole_numbers(detailed_app):
    for n in range(1, 3):
        send(detailed_app, f"question {n}")
    chart = detailed_app.get("vega_lite_chart")[0]
    spec = json.loads(chart.proto.spec)
    axis = spec["encoding"]["x"]
    assert axis["field"] == "turn" and axis["axis"] == {"format": "d", "tickMinStep": 1}
    table = pyarrow.ipc.open_stream(chart.proto.data.data).read_all()
    assert table.schema.field("turn").type == pyarrow.int64()
    assert sorted(set(table.column("turn").to_pylist())) == [1, 2]


def test_a_title_with_markdown_signs_shows_as_typed(app, fake_engine):
    send(app, "# Not a heading, [a link](http://x) and *stars*")
    session = app.session_state["session_id"]
    label = app.button(key=f"open_{session}").label
    assert label == "\\# Not a heading, \\[a link\\]\\(http://x\\) and \\*stars\\*"
    assert any(m.value == f"#### {label}" for m in app.markdown)


def test_a_long_list_shows_the_newest_chats_and_more_on_request(fake_engine):
    english(fake_engine)  # the engine exists once the page has run
    for n in range(32):
        fake_engine.engine.session(f"chat-{n:02d}").send(f"chat number {n}").wait()
    app = english(fake_engine)
    rows = [b.key for b in app.button if b.key and b.key.startswith("open_")]
    assert rows == [f"open_{s.session_id}" for s in fake_engine.engine.sessions()[:30]]  # the newest, in order
    assert app.button(key="more_chats").label == "Show 2 more chats"
    app.button(key="more_chats").click().run()
    assert len([b for b in app.button if b.key and b.key.startswith("open_")]) == 32
    assert not [b for b in app.button if b.key == "more_chats"]


def test_another_chat_is_renamed_and_deleted_from_its_row_while_the_open_one_stays(app, fake_engine):
    send(app, "the older chat")
    older = app.session_state["session_id"]
    app.button(key="new_chat").click().run()
    send(app, "the open chat")
    current = app.session_state["session_id"]
    app.text_input(key=f"title_{older}").set_value("Renamed").run()
    app.button(key=f"save_title_{older}").click().run()
    assert app.button(key=f"open_{older}").label == "Renamed"
    app.button(key=f"delete_{older}").click().run()
    app.button(key="confirm_delete_yes").click().run()
    assert [s.session_id for s in fake_engine.engine.sessions()] == [current]
    assert app.session_state["session_id"] == current and app.chat_message[0].text[0].value == "the open chat"
    assert not [b for b in app.button if b.key == f"open_{older}"]
