"""Reading a message's text, whatever shape its content has, and the mark a stopped reply ends with."""

from langchain_core.messages import BaseMessage

STOPPED_MARK = "⏹"  # ends the kept text of a reply the person stopped


def message_text(message: BaseMessage) -> str:
    """The text of a message, whether its content is a string or a list of parts."""
    content = message.content
    if isinstance(content, str):
        return content
    parts = []
    for part in content:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            parts.append(part["text"])
    return "".join(parts)
