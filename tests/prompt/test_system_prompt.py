"""The summaries in the system prompt are headed and numbered in the page's language."""

from datetime import datetime

import pytest

from prompt.system import render_summary_lines, render_system_prompt

pytestmark = pytest.mark.unit

RECORD = {"turns": [1, 2, 3], "summary": "用户: 我的狗叫豆豆。"}
NOW = datetime(2026, 11, 27, 9, 0)


@pytest.mark.parametrize(("language", "heading", "line"), [
    ("zh", "[之前对话的总结]", "[第1-3轮] 用户: 我的狗叫豆豆。"),
    ("ko", "[이전 대화 요약]", "[1-3턴] 用户: 我的狗叫豆豆。"),
    ("en", "[Summary of the conversation so far]", "[Turns 1-3] 用户: 我的狗叫豆豆。"),
])
def test_each_page_language_heads_the_summaries_in_itself(language, heading, line):
    prompt = render_system_prompt("", [RECORD], NOW, language)  # type: ignore[list-item]
    assert prompt.endswith(f"\n{heading}\n{line}")
    assert render_summary_lines([RECORD], language) == [line]  # type: ignore[list-item]
