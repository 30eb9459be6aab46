"""A scripted long conversation and fake models with realistic lengths and latencies."""

import re
import time

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from tests.fakes.models import ScriptedChatModel

TOPICS = ["the trip to Busan", "the budget spreadsheet", "Python 3.13 features", "the garden plan",
          "Mina's birthday", "the database migration", "a reading list", "marathon training"]


def user_text(turn: int) -> str:
    """About 120 characters of question; every tenth turn asks for a calculation."""
    if turn % 10 == 0:
        return f"compute {turn} * 17 + 3 please"
    topic = TOPICS[turn % len(TOPICS)]
    return f"Turn {turn}: tell me more about {topic}, and remember that detail number {turn} matters to me a lot."


def chat_reply(messages: list[BaseMessage]) -> AIMessage:
    """About 420 characters of answer, a calculator call for `compute ...`, and an answer from its result."""
    last = messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage(f"The result is {last.content}.")
    text = str(last.content)
    if text.startswith("compute "):
        expression = text.removeprefix("compute ").removesuffix(" please")
        return AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": expression},
                                          "id": f"call-{len(messages)}"}])
    return AIMessage(("Here is what I can say about that. " + text[:60] + ". ") * 4 + "Anything else?")


def summary_reply(messages: list[BaseMessage]) -> AIMessage:
    """A summary of the length the prompt asks for, made of the conversation's own words."""
    prompt = str(messages[-1].content)
    match = re.search(r"about (\d+) characters", prompt)
    target = int(match.group(1)) if match else 200
    words = " ".join(line.split(": ", 1)[-1] for line in prompt.splitlines() if ": " in line)
    return AIMessage((words * (target // max(len(words), 1) + 1))[:target].strip() or "summary")


def chat_model(first_token_delay: float = 0.0) -> ScriptedChatModel:
    """The scripted chat model; its delay is paid before the first token."""
    return DelayedModel(reply=chat_reply, first_delay=first_token_delay)


def summary_model(delay: float = 0.0) -> ScriptedChatModel:
    return DelayedModel(reply=summary_reply, first_delay=delay)


class DelayedModel(ScriptedChatModel):
    """A scripted model that takes `first_delay` seconds before answering, like a real endpoint, and keeps no
    requests (a long run holding every one would measure the fake, not the engine)."""

    first_delay: float = 0.0

    def _next(self, messages):
        if self.first_delay:
            time.sleep(self.first_delay)
        reply = super()._next(messages)
        self.calls.clear()
        return reply
