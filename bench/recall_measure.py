"""Whether an old answer reached the model: containment checks, result summaries and scripted fake models."""

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from bench.recall_script import Question, RecallScript, build_script

PROBE_REPLY = ("Let me think back over what we discussed earlier in this conversation; "
               "I'll answer from what I remember of it.")
ROLE_PREFIX = re.compile(r"^(User|Assistant|Assistant called tools|Tool result \([^)]*\)): |^\[\d+-\d+턴\] ")
TRANSCRIPT_HEADERS = ("Conversation:", "Summaries:", "Previous summary:",
                      "New messages since the last summary:")


def normalize(text: str) -> str:
    """Casefolded text with runs of whitespace made single spaces, so line breaks never hide an answer."""
    return " ".join(text.split()).casefold()


def answer_present(context_text: str, question: Question) -> bool:
    """True when the fact's answer appears in the text the model was sent."""
    return normalize(question.fact.answer) in normalize(context_text)


def _content_text(content: Any) -> str:
    """The text of one message content: a string, or a list of strings and parts carrying "text"."""
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for part in content or []:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
            parts.append(part["text"])
    return "\n".join(parts)


def context_text(messages: Iterable[Any]) -> str:
    """Everything the model reads in a request, as one string; the thing recall is measured on."""
    texts = [message if isinstance(message, str) else _content_text(getattr(message, "content", ""))
             for message in messages]
    return "\n".join(text for text in texts if text)


def approx_tokens(text: str) -> int:
    """A rough token count (four characters a token), good enough for budgets in this benchmark."""
    return (len(text) + 3) // 4


@dataclass(frozen=True)
class RecallRow:
    """The outcome of one probe: was the answer in the context, and how big that context was."""

    question: Question
    answered: bool
    context_tokens: int


def measure(messages: Sequence[Any], question: Question, count_tokens: Callable[[str], int] = approx_tokens
            ) -> RecallRow:
    """Score one probe from the messages the model was sent for it."""
    text = context_text(messages)
    return RecallRow(question, answer_present(text, question), count_tokens(text))


def _field(row: Any, name: str) -> Any:
    """A row's field, whether the row is a RecallRow, another object or a mapping."""
    if isinstance(row, Mapping):
        if name == "paraphrased" and "paraphrased" not in row:
            return row["question"].paraphrased
        return row[name]
    if name == "paraphrased" and not hasattr(row, "paraphrased"):
        return row.question.paraphrased
    return getattr(row, name)


def _share(rows: list[Any]) -> float | None:
    """The share of rows answered, or None when there are none."""
    return sum(bool(_field(row, "answered")) for row in rows) / len(rows) if rows else None


def summarize_results(rows: Iterable[Any]) -> dict[str, Any]:
    """The benchmark's headline numbers: recall overall and per half (paraphrased, direct), context size."""
    rows = list(rows)
    paraphrased = [row for row in rows if _field(row, "paraphrased")]
    direct = [row for row in rows if not _field(row, "paraphrased")]
    tokens = [int(_field(row, "context_tokens")) for row in rows]
    return {
        "questions": len(rows),
        "answered": sum(bool(_field(row, "answered")) for row in rows),
        "share": _share(rows),
        "paraphrased_share": _share(paraphrased),
        "direct_share": _share(direct),
        "paraphrased_questions": len(paraphrased),
        "direct_questions": len(direct),
        "mean_context_tokens": sum(tokens) / len(tokens) if tokens else 0.0,
        "max_context_tokens": max(tokens, default=0),
    }


@lru_cache(maxsize=1)
def _default_chat_reply() -> Callable[[list[BaseMessage]], AIMessage]:
    """The chat reply for the default script, built once."""
    return chat_reply_for(build_script())


def _last_human_text(messages: Sequence[BaseMessage]) -> str:
    """The text of the last HumanMessage in a request."""
    for message in reversed(messages):
        if isinstance(message, HumanMessage) or getattr(message, "type", "") == "human":
            return _content_text(message.content)
    return ""


def chat_reply_for(script: RecallScript) -> Callable[[list[BaseMessage]], AIMessage]:
    """A chat reply function that answers each scripted turn with that turn's scripted assistant text."""
    index = {normalize(text): position for position, text in enumerate(script.user_turns)}

    def reply(messages: list[BaseMessage]) -> AIMessage:
        """The scripted answer for the user turn being asked, or a short answer to a probe."""
        asked = normalize(_last_human_text(messages))
        turn = index.get(asked)
        if turn is None:
            turn = next((i for text, i in index.items() if text and text in asked), None)
        return AIMessage(PROBE_REPLY if turn is None else script.assistant_turns[turn])

    return reply


def scripted_chat_reply(messages: list[BaseMessage]) -> AIMessage:
    """`ScriptedChatModel(reply=scripted_chat_reply)` plays the default script's assistant side."""
    return _default_chat_reply()(messages)


def _transcript_lines(prompt: str) -> list[str]:
    """The conversation (or summary) lines of a summary prompt, without role prefixes."""
    lines = prompt.splitlines()
    start = next((i + 1 for i, line in enumerate(lines) if line.strip() in TRANSCRIPT_HEADERS), None)
    if start is None:
        picked = [line for line in lines if ": " in line]
    else:
        picked = [line for line in lines[start:] if line.strip() and "characters):" not in line
                  and line.strip() not in TRANSCRIPT_HEADERS]
    return [ROLE_PREFIX.sub("", line).strip() for line in picked if ROLE_PREFIX.sub("", line).strip()]


def _clip_words(text: str, limit: int) -> str:
    """The start of a text, at most `limit` characters, cut at a word boundary when there is one."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    return cut.rsplit(" ", 1)[0] if " " in cut else cut


def scripted_summary_reply(messages: list[BaseMessage]) -> AIMessage:
    """A summary of the requested length in the conversation's own words, an even share from each line."""
    prompt = _content_text(messages[-1].content) if messages else ""
    match = re.search(r"about (\d+) characters", prompt)
    target = int(match.group(1)) if match else 200
    lines = _transcript_lines(prompt)
    if not lines:
        return AIMessage("summary")
    whole = " ".join(lines)
    if len(whole) <= target:
        return AIMessage(whole)
    share = max(target // len(lines) - 1, 1)
    text = " ".join(piece for piece in (_clip_words(line, share) for line in lines) if piece)
    return AIMessage(text[:target].strip() or "summary")
