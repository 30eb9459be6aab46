"""The title request: a capable model names a chat from its first exchange, in the chat's language."""

import re

from langchain_core.messages import BaseMessage, HumanMessage

TITLE_PROMPT = """Give this chat a title of two to six words that says what it is about, in the language of the
person's message. Reply with the title only: no quotes, no full stop, no "Title:".

Person: {question}
Assistant: {answer}

Title:"""
QUOTED_CHARS = 600
MAX_TITLE_CHARS = 60
_WRAPPERS = (('"', '"'), ("'", "'"), ("“", "”"), ("‘", "’"), ("**", "**"), ("`", "`"))
_LABEL = re.compile(r"^\W*(?:title|제목|标题)\s*[:：]\s*", re.IGNORECASE)


def title_request(question: str, answer: str) -> list[BaseMessage]:
    """The request for a chat's title from its first question and answer."""
    return [HumanMessage(TITLE_PROMPT.format(question=question[:QUOTED_CHARS], answer=answer[:QUOTED_CHARS]))]


def parse_title(reply: str) -> str | None:
    """The title in a model's reply: its first line without a label, quotes or a full stop; None when it is
    empty or too long to be a title."""
    line = next((line for line in reply.splitlines() if line.strip()), "")
    title = _LABEL.sub("", line).strip().rstrip(".。").strip()
    for left, right in _WRAPPERS:  # quotes or bold around the whole title, never a sign inside it
        if len(title) > len(left) + len(right) and title.startswith(left) and title.endswith(right):
            title = title[len(left):-len(right)].strip().rstrip(".。").strip()
    return title if 0 < len(title) <= MAX_TITLE_CHARS else None
