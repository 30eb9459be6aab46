"""A transcript's split into turns, remembered: a turn asks for it several times of the same transcript, and the
next turn of the same transcript with a few messages more, so recent splits are kept and a longer transcript is
split on from the longest one it begins with. Nothing here imports `state` (its turns use it)."""

from collections import OrderedDict
from collections.abc import Callable, Sequence

from langchain_core.messages import BaseMessage

SPLITS_KEPT = 32

Split = tuple[list[list[BaseMessage]], list[BaseMessage]]  # the completed turns, and the turn in progress
SplitFrom = Callable[[Sequence[BaseMessage], int, Split], Split]  # split on from a split of the first n messages

_SPLITS: OrderedDict[tuple, Split] = OrderedDict()


def _transcript_key(messages: Sequence[BaseMessage]) -> tuple | None:
    """Identifies a transcript by its length and message ids (they are unique and a transcript only grows)."""
    if not messages:
        return None
    picks = (messages[0].id, messages[len(messages) // 2].id, messages[-1].id)
    return None if None in picks else (len(messages), *picks)


def remembered_split(messages: Sequence[BaseMessage], split_from: SplitFrom) -> Split:
    """The transcript's split: remembered, or made by `split_from` on from the longest remembered start (the
    lists are shared: callers copy the outer ones and never change the turns inside)."""
    key = _transcript_key(messages)
    known = _SPLITS.get(key) if key else None
    if known is None:
        known = split_from(messages, *_longest_known_start(messages))
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
