"""Where a turn starts, for every caller that numbers turns: at the person's message. Turn n is the n-th user
message with what answered it (the engine's `graph.context.split_turns` ends each completed turn at its final
answer; for a completed transcript both give the same turns)."""

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, HumanMessage


def question_indexes(messages: Sequence[BaseMessage]) -> list[int]:
    """Where each turn starts: the index of each user message, turn 1 first."""
    return [i for i, message in enumerate(messages) if isinstance(message, HumanMessage)]


def turns_of(messages: Sequence[BaseMessage]) -> list[tuple[HumanMessage | None, list[BaseMessage]]]:
    """The transcript as (question, the messages answering it) pairs, in order."""
    turns: list[tuple[HumanMessage | None, list[BaseMessage]]] = []
    for message in messages:
        if isinstance(message, HumanMessage):
            turns.append((message, []))
        elif turns:
            turns[-1][1].append(message)
        else:
            turns.append((None, [message]))
    return turns


def numbered(messages: Sequence[BaseMessage]) -> list[tuple[int, BaseMessage]]:
    """Each message with the number of the turn it belongs to (anything before the first question: turn 1)."""
    turn, result = 0, []
    for message in messages:
        turn += isinstance(message, HumanMessage)
        result.append((max(turn, 1), message))
    return result


def before_turn(messages: Sequence[BaseMessage], turn: int) -> list[BaseMessage]:
    """The transcript before turn `turn`'s question (the whole of it when there is no such turn)."""
    starts = question_indexes(messages)
    return list(messages[:starts[turn - 1]]) if 1 <= turn <= len(starts) else list(messages)
