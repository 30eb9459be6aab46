"""The system prompt: the person's base prompt, today's date, and every summary so far, appended in order.

It holds nothing that changes within a day, so each request starts with what the model read before; the time of
day is the clock tool's to answer."""

from collections.abc import Sequence
from datetime import datetime

from state import SummaryRecord

BASE_SYSTEM_PROMPT = (
    "You are a helpful AI assistant. Answer in the language the user writes in. "
    "Be accurate and concise, and use the conversation summaries below as things "
    "you already know about this conversation."
)

SYSTEM_PROMPT_TEMPLATE = "{base_prompt}\n\nToday's date: {today}"

# The summaries' heading and line in the chat's language; the design's own (Korean) where it is not known.
SUMMARY_HEADINGS = {"ko": "[이전 대화 요약]", "en": "[Summary of the conversation so far]", "zh": "[之前对话的总结]"}
SUMMARY_LINE_TEMPLATES = {"ko": "[{first}-{last}턴] {summary}", "en": "[Turns {first}-{last}] {summary}",
                          "zh": "[第{first}-{last}轮] {summary}"}
DESIGN_LANGUAGE = "ko"

SUMMARY_SECTION_HEADER = "\n" + SUMMARY_HEADINGS[DESIGN_LANGUAGE]
SUMMARY_LINE_TEMPLATE = SUMMARY_LINE_TEMPLATES[DESIGN_LANGUAGE]


def render_summary_lines(summary_history: Sequence[SummaryRecord], language: str = DESIGN_LANGUAGE) -> list[str]:
    """One `[1-3턴] ...` (`[Turns 1-3] ...`) line per summary, oldest first."""
    template = SUMMARY_LINE_TEMPLATES.get(language, SUMMARY_LINE_TEMPLATE)
    return [
        template.format(first=record["turns"][0], last=record["turns"][-1], summary=record["summary"])
        for record in summary_history
        if not record.get("deleted")
    ]


def render_system_prompt(
    base_prompt: str, summary_history: Sequence[SummaryRecord], now: datetime, language: str = DESIGN_LANGUAGE
) -> str:
    """Fill the system prompt with the date and the summaries section, when there is one, headed in `language`
    (the page's)."""
    text = SYSTEM_PROMPT_TEMPLATE.format(
        base_prompt=base_prompt.strip() or BASE_SYSTEM_PROMPT,
        today=now.strftime("%Y-%m-%d (%A)"),
    )
    lines = render_summary_lines(summary_history, language)
    if not lines:
        return text
    return "\n".join([text, "\n" + SUMMARY_HEADINGS.get(language, SUMMARY_HEADINGS[DESIGN_LANGUAGE]), *lines])
