"""What a turn is, for every caller: it starts at the person's message and is completed at the assistant's final
answer (an AIMessage without tool calls). Turn n is the n-th user message with what answered it; a turn without its
final answer yet is the turn in progress. The contract's `graph.context` functions are these. A message's text is
read here too, whatever shape its content has, with the mark a stopped reply ends with."""

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

Split = tuple[list[list[BaseMessage]], list[BaseMessage]]  # the completed turns, and the turn in progress
SPLITS_KEPT = 32
STOPPED_MARK = "⏹"  # ends the kept text of a reply the person stopped

_SPLITS: OrderedDict[tuple, Split] = OrderedDict()


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


def is_turn_end(message: BaseMessage) -> bool:
    """A turn ends at the assistant's final answer: an AIMessage without tool calls."""
    return isinstance(message, AIMessage) and not message.tool_calls


def split_turns(messages: Sequence[BaseMessage]) -> Split:
    """Split a transcript into its completed turns and the turn still in progress. Callers get their own outer
    lists; the turns inside are shared and never changed."""
    known = _remembered_split(messages)
    return list(known[0]), list(known[1])


def _transcript_key(messages: Sequence[BaseMessage]) -> tuple | None:
    """Identifies a transcript by its length and message ids (they are unique and a transcript only grows)."""
    if not messages:
        return None
    picks = (messages[0].id, messages[len(messages) // 2].id, messages[-1].id)
    return None if None in picks else (len(messages), *picks)


def _remembered_split(messages: Sequence[BaseMessage]) -> Split:
    """The transcript's split, remembered: a turn asks for it several times of the same transcript, and the next
    turn of the same transcript with a few messages more, so recent splits are kept and a longer transcript is split
    on from the longest remembered one it begins with (the lists are shared)."""
    key = _transcript_key(messages)
    known = _SPLITS.get(key) if key else None
    if known is None:
        known = _split_on(messages, *_longest_known_start(messages))
        if key:
            _SPLITS[key] = known
            while len(_SPLITS) > SPLITS_KEPT:
                _SPLITS.popitem(last=False)
    return known


def _longest_known_start(messages: Sequence[BaseMessage]) -> tuple[int, Split]:
    """The longest split transcript this one begins with (same length-and-ids key on its first messages)."""
    best: tuple[int, Split] = (0, ([], []))
    for (length, first, middle, last), split in list(_SPLITS.items()):
        if best[0] < length <= len(messages) and messages[0].id == first and \
                messages[length // 2].id == middle and messages[length - 1].id == last:
            best = (length, split)
    return best


def _split_on(messages: Sequence[BaseMessage], done: int, start: Split) -> Split:
    """The split of `messages`, made on from `start`, the split of its first `done` messages."""
    known_turns, known_current = start
    turns: list[list[BaseMessage]] = list(known_turns)
    current: list[BaseMessage] = list(known_current)
    for message in messages[done:]:
        current.append(message)
        if is_turn_end(message):
            turns.append(current)
            current = []
    return turns, current


def extract_last_n_turns(messages: Sequence[BaseMessage], n: int) -> list[BaseMessage]:
    """Messages of the last n completed turns, in order; the turn in progress is left out."""
    if n <= 0:
        return []
    turns, _ = split_turns(messages)
    return [message for turn in turns[-n:] for message in turn]


def extract_current_turn(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Every message after the last completed turn."""
    for index in range(len(messages) - 1, -1, -1):
        if is_turn_end(messages[index]):
            return list(messages[index + 1 :])
    return list(messages)


def completed_turn_count(messages: Sequence[BaseMessage]) -> int:
    """How many turns of the transcript have a final answer."""
    return len(split_turns(messages)[0])


def has_unfinished_turn(messages: Sequence[BaseMessage]) -> bool:
    """True when a user message is still waiting for its answer (a failed or stopped turn)."""
    return any(isinstance(message, HumanMessage) for message in extract_current_turn(messages))


def latest_user_text(state: Mapping[str, Any]) -> str:
    """The text of the newest user message of the turn in progress."""
    for message in reversed(extract_current_turn(state.get("messages", []))):
        if isinstance(message, HumanMessage):
            return message_text(message)
    return ""


def question_indexes(messages: Sequence[BaseMessage]) -> list[int]:
    """Where each turn starts: the index of each user message, turn 1 first."""
    return [i for i, message in enumerate(messages) if isinstance(message, HumanMessage)]


def question_of(messages: Sequence[BaseMessage], turn: int) -> HumanMessage | None:
    """Turn `turn`'s question (None when there is no such turn)."""
    starts = question_indexes(messages)
    question = messages[starts[turn - 1]] if 1 <= turn <= len(starts) else None
    return question if isinstance(question, HumanMessage) else None


def turns_of(messages: Sequence[BaseMessage]) -> list[tuple[int, HumanMessage | None, list[BaseMessage]]]:
    """The transcript as (turn number, question, the messages answering it), in order; what comes before the
    first question has no question and number 0."""
    turns: list[tuple[int, HumanMessage | None, list[BaseMessage]]] = []
    number = 0
    for message in messages:
        if isinstance(message, HumanMessage):
            number += 1
            turns.append((number, message, []))
        elif turns:
            turns[-1][2].append(message)
        else:
            turns.append((0, None, [message]))
    return turns


def numbered(messages: Sequence[BaseMessage]) -> list[tuple[int, BaseMessage]]:
    """Each message with the number of the turn it belongs to (anything before the first question: 0, as on the
    page)."""
    return [(number, message) for number, question, answers in turns_of(messages)
            for message in ([question] if question else []) + answers]


def before_turn(messages: Sequence[BaseMessage], turn: int) -> list[BaseMessage]:
    """The transcript before turn `turn`'s question (the whole of it when there is no such turn)."""
    starts = question_indexes(messages)
    return list(messages[:starts[turn - 1]]) if 1 <= turn <= len(starts) else list(messages)


def first_user_text(messages: Sequence[BaseMessage]) -> str:
    """The session's first user message, its title."""
    return next((message_text(m) for m in messages if isinstance(m, HumanMessage)), "")
