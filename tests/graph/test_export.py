"""A session exported as JSON (every message with role, text, tool calls and results, and the summaries) and as
Markdown that reads like the conversation; from a hand-made state and from a session the engine ran."""

import json
import re
from datetime import UTC, datetime

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.engine import session_json, session_markdown
from tests.conftest import send, tool_turn, transcript

pytestmark = pytest.mark.graph

NOW = datetime(2026, 3, 14, 9, 30, tzinfo=UTC)
SUMMARY = {"thread_id": "s", "turns": [1, 2, 3], "turn_length": 3, "original_chars": 120, "summary_chars": 30,
           "compression_rate": 0.3, "summary": "Questions one to three were answered."}


def state() -> dict:
    """Three plain turns and a tool turn, a pin, feedback and one summary, with message ids as saved."""
    messages = transcript(3) + tool_turn(4)
    for index, message in enumerate(messages):
        message.id = f"m{index}"
    return {"messages": messages, "summary_history": [SUMMARY], "pinned": ["m0"], "feedback": {"m7": "up"}}


def test_json_holds_every_message_with_role_text_tools_and_the_summaries():
    data = json.loads(session_json("s", "Numbers", state(), NOW))
    assert data["session_id"] == "s" and data["title"] == "Numbers"
    assert data["exported_at"] == "2026-03-14T09:30:00+00:00"
    messages = data["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant"] * 3 + ["user", "assistant", "tool", "assistant"]
    assert [m["turn"] for m in messages] == [1, 1, 2, 2, 3, 3, 4, 4, 4, 4]
    assert messages[0] == {"id": "m0", "turn": 1, "role": "user", "text": "question 1", "pinned": True}
    assert messages[7]["tool_calls"] == [{"id": "call-4", "name": "calculator", "args": {"expression": "4*2"}}]
    assert messages[8] == {"id": "m8", "turn": 4, "role": "tool", "text": "8", "tool_call_id": "call-4",
                           "name": "calculator", "status": "success"}
    assert messages[9]["text"] == "4 * 2 = 8" and "feedback" not in messages[9]
    assert messages[7]["feedback"] == "up"
    assert data["summary_history"] == [SUMMARY] and data["consolidated"] == []


def test_json_keeps_korean_as_it_is():
    values = {"messages": [*transcript(1)]}
    values["messages"][0].content = "안녕하세요"
    text = session_json("s", "인사", values, NOW)
    assert "안녕하세요" in text and "\\u" not in text


def test_markdown_reads_like_the_conversation():
    text = session_markdown("Numbers", state(), "en", NOW)
    lines = text.splitlines()
    assert lines[0] == "# Numbers" and lines[2] == "_Turns: 4 · exported 2026-03-14_"
    assert text.count("**👤 You**") == 4 and text.count("**🤖 Assistant**") == 4
    assert "## Turn 1\n\n**👤 You**\n\n```text\nquestion 1\n```\n\n**🤖 Assistant**\n\n```text\nanswer 1\n```" in text
    assert '```text\n🔧 calculator {"expression": "4*2"}\n→ 8\n```\n\n```text\n4 * 2 = 8\n```' in text
    assert text.endswith("## Summaries\n\n### Turns 1-3\n\n```text\nQuestions one to three were answered.\n```\n")


def test_markdown_in_korean_and_without_removed_summaries():
    values = {**state(), "summary_history": [{**SUMMARY, "deleted": True}]}
    text = session_markdown("", values, "ko", NOW)
    assert text.startswith("# 새 대화\n\n_4턴 · 2026-03-14에 내보냄_")
    assert "## 1턴" in text and "**👤 나**" in text and "요약" not in text.split("## 4턴")[1]


def test_a_multiline_tool_result_stays_inside_its_block():
    values = {"messages": tool_turn(1)}
    values["messages"][2].content = "line one\n\nline three"
    assert "→ line one\n\nline three\n```" in session_markdown("t", values, "en", NOW)


def test_a_session_the_engine_ran_exports_whole(engine, chat_model):
    session = engine.session("s")
    chat_model.script = [AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "2+2"}, "id": "c"}]),
                         "It is 4."]
    send(session, "what is 2+2?")
    for n in range(2, 5):
        send(session, f"question {n}")
    data = json.loads(session_json("s", "t", session.state()))
    assert [m["role"] for m in data["messages"][:4]] == ["user", "assistant", "tool", "assistant"]
    assert data["messages"][2]["text"] == "4" and data["messages"][3]["text"] == "It is 4."
    assert [r["turns"] for r in data["summary_history"]] == [[1, 2, 3]]
    assert all(m["id"] for m in data["messages"])
    markdown = session_markdown("t", session.state(), "en")
    assert "## Turn 4" in markdown and "Reply to: question 4" in markdown and "### Turns 1-3" in markdown


HOSTILE = ["<!-- note to self", "```python\nunclosed fence", "# not a heading", "</details><script>alert(1)</script>",
           "````\nfour backticks\n````", "line\n```\nclosing early"]


def blocks_of(markdown: str) -> list[str]:
    """The contents of each fenced block, read as a CommonMark reader would (a fence closes only with a line of
    at least as many backticks and nothing else)."""
    blocks, fence, lines = [], None, []
    for line in markdown.split("\n"):
        if fence is None and re.fullmatch(r"(`{3,})text", line):
            fence, lines = line[:-4], []
        elif fence is not None and re.fullmatch("`{" + str(len(fence)) + ",}", line):
            blocks.append("\n".join(lines))
            fence = None
        elif fence is not None:
            lines.append(line)
    assert fence is None, "a block was left open"
    return blocks


def test_every_message_stays_inside_its_own_block_whatever_it_holds():
    values = {"messages": [message for text in HOSTILE for message in (HumanMessage(text), AIMessage(text))],
              "summary_history": [{**SUMMARY, "summary": "<!-- hidden"}]}
    markdown = session_markdown("<b>Mine</b> # `x`", values, "en", NOW)
    assert blocks_of(markdown) == [text for text in HOSTILE for _ in range(2)] + ["<!-- hidden"]
    outside = re.sub(r"(?ms)^(`{3,})text\n.*?\n\1$", "", markdown)
    assert "<" not in outside and not re.search(r"(?m)^# not", outside)
    assert outside.startswith("# &lt;b&gt;Mine&lt;/b&gt; \\# \\`x\\`\n")
    assert len(re.findall(r"(?m)^## Turn", outside)) == len(HOSTILE) and "## Summaries" in outside


def test_json_export_round_trips_any_text():
    texts = [*HOSTILE, "\x00 nul", "emoji 👩‍👩‍👧 and 한국어", "\ufffd"]
    values = {"messages": [HumanMessage(text) for text in texts]}
    data = json.loads(session_json("s", "t\n\"quoted\"", values, NOW))
    assert [m["text"] for m in data["messages"]] == texts and data["title"] == "t\n\"quoted\""
