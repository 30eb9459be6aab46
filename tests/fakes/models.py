"""Fake chat models that record what they were sent: the graph runs without a model server in tests
and benchmarks."""

import json
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import Field

from prompt.summary.facts import FACTS_PROMPT
from prompt.title import TITLE_PROMPT
from state.titles import gist_title

Reply = Callable[[list[BaseMessage]], AIMessage | str]


def echo_reply(messages: list[BaseMessage]) -> AIMessage:
    """Answer by quoting the person's latest message, so every turn gives a distinct reply: stored messages
    carry an id, what the request adds around them (reminders, notes) has none."""
    stored = [message for message in messages if message.id] or messages
    return AIMessage(f"Reply to: {stored[-1].content}")


class ScriptedChatModel(BaseChatModel):
    """A chat model answering from a script (or a function), recording every request it gets."""

    script: list[Any] = Field(default_factory=list)
    reply: Reply = echo_reply
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    bound_tools: list[Any] = Field(default_factory=list)
    delay: float = 0.0
    streamed: int = 0  # chunks handed out, so a test sees where a reader stopped the stream

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "ScriptedChatModel":
        self.bound_tools = list(tools)
        return self

    def _next(self, messages: list[BaseMessage]) -> AIMessage:
        self.calls.append(list(messages))
        item = self.script.pop(0) if self.script else self.reply(list(messages))
        if isinstance(item, Exception):
            raise item
        return AIMessage(item) if isinstance(item, str) else item

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._next(messages))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = self._next(messages)
        words = message.content.split(" ") if isinstance(message.content, str) else [""]
        for index, word in enumerate(words):
            text = word if index == 0 else " " + word
            chunk = AIMessageChunk(content=text, id=message.id)
            calls: list[tuple[str | None, str | None, str | None]] = [
                (c["name"], json.dumps(c["args"]), c["id"]) for c in message.tool_calls]
            calls += [(c["name"], c["args"], c["id"]) for c in message.invalid_tool_calls]
            if index == len(words) - 1 and calls:
                chunk = AIMessageChunk(
                    content=text,
                    tool_call_chunks=[
                        {"name": name, "args": args, "id": call_id, "index": i}
                        for i, (name, args, call_id) in enumerate(calls)
                    ],
                )
            if self.delay:
                time.sleep(self.delay)
            if run_manager:
                run_manager.on_llm_new_token(text, chunk=ChatGenerationChunk(message=chunk))
            self.streamed += 1
            yield ChatGenerationChunk(message=chunk)


FACTS_PROMPT_START = FACTS_PROMPT.split("\n", 1)[0]
TITLE_PROMPT_START = TITLE_PROMPT.split("\n", 1)[0]


ASKED_LENGTH = re.compile(r"about (\d+) characters")


def title_question(messages: list[BaseMessage]) -> str | None:
    """The person's message a title request quotes; None when the request is not one."""
    prompt = str(messages[-1].content)
    if not prompt.startswith(TITLE_PROMPT_START):
        return None
    return prompt.split("\nPerson: ", 1)[1].split("\nAssistant: ", 1)[0]


def summary_reply(messages: list[BaseMessage]) -> AIMessage:
    """A summary that names the turns it was given, of the length the prompt asks for (repeated to reach it);
    to a title request, the gist of the first message (so a title reads the same before and after it)."""
    if (question := title_question(messages)) is not None:
        return AIMessage(gist_title(question))
    prompt = str(messages[0].content)
    lines = [line for line in prompt.splitlines() if line.startswith("User: ")]
    summary = "Summary of " + "; ".join(line[6:] for line in lines)
    asked = ASKED_LENGTH.findall(prompt)
    target = int(asked[-1]) if asked else 0
    while len(summary) < target:
        summary += " " + summary
    return AIMessage(summary[:target] if target else summary)


def facts_request_turns(messages: list[BaseMessage]) -> list[tuple[int, str]] | None:
    """The numbered turns of a facts request as (number, transcript), for fakes that answer it; None when the
    request is not one."""
    prompt = str(messages[-1].content)
    if not prompt.startswith(FACTS_PROMPT_START):
        return None
    return [(int(number), body) for number, body in
            re.findall(r"\[turn (\d+)\]\n(.*?)(?=\n\n\[turn |\n\nFacts:)", prompt, flags=re.S)]


def summary_calls(model: ScriptedChatModel) -> list[list[BaseMessage]]:
    """The summary and merge requests a summary model got, without the facts and title requests of a capable
    one."""
    return [call for call in model.calls
            if not str(call[-1].content).startswith((FACTS_PROMPT_START, TITLE_PROMPT_START))]
