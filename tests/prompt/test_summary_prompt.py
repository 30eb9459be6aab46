"""The summary prompt states the target length, keeps tool turns whole and clips long messages."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from prompt.summary.summary_generator import MAX_MESSAGE_CHARS, get_prompt
from tests.conftest import tool_turn

pytestmark = pytest.mark.unit


def test_prompt_states_target_length_language_and_what_to_keep():
    prompt = get_prompt([HumanMessage("내 이름은 철수야"), AIMessage("반가워요 철수님")], 450)
    assert "450 characters" in prompt
    assert "same language" in prompt
    for keep in ("name", "number", "date", "decision"):
        assert keep in prompt
    assert "User: 내 이름은 철수야" in prompt and "Assistant: 반가워요 철수님" in prompt


def test_prompt_renders_tool_calls_with_their_results():
    prompt = get_prompt(tool_turn(5), 100)
    assert "Assistant called tools: calculator({'expression': '5*2'})" in prompt
    assert "Tool result (calculator): 10" in prompt


def test_long_messages_are_clipped_in_the_prompt():
    prompt = get_prompt([HumanMessage("x" * (MAX_MESSAGE_CHARS + 500)), AIMessage("ok")], 10)
    assert "x" * MAX_MESSAGE_CHARS in prompt and "x" * (MAX_MESSAGE_CHARS + 1) not in prompt
    assert "500 more characters" in prompt

