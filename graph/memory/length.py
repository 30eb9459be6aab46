"""Hold a summary to its target length within 10%: the slider's promise, whatever the model wrote."""

import math
from itertools import accumulate

from graph.memory.extractive import TOLERANCE, cut_at_word, nearest
from state.language.sentences import sentences


def length_bounds(target_length: int) -> tuple[int, int]:
    """The shortest and longest summary that keeps the promise for this target."""
    return math.ceil(target_length * (1 - TOLERANCE)), max(int(target_length * (1 + TOLERANCE)), 1)


def within_bounds(summary: str, target_length: int) -> bool:
    """Whether the summary's length is within 10% of the target."""
    low, high = length_bounds(target_length)
    return low <= len(summary) <= high


def trim_to_bounds(summary: str, target_length: int) -> str | None:
    """The summary as it is when within bounds, else cut at the last sentence end (English, Korean or
    Chinese) that lands within them; None when it is too short or no sentence end lands within."""
    if within_bounds(summary, target_length):
        return summary
    low, high = length_bounds(target_length)
    if len(summary) < low:
        return None
    ends = [end for end in accumulate(len(sentence) for sentence in sentences(summary)) if end <= high + 1]
    for end in reversed(ends):
        head = summary[:end].rstrip()
        if len(head) <= high:
            return head if len(head) >= low else None
    return None


def forced_fit(answers: list[str], target_length: int) -> str:
    """The best a model's answers allow when none was within bounds: a long one trimmed at a sentence end or cut
    at a word (marked with …) within bounds, else the longest of the short ones."""
    low, high = length_bounds(target_length)
    long = [answer for answer in answers if len(answer) > high]
    if long:
        return trim_to_bounds(long[-1], target_length) or cut_at_word(long[-1], high, shortest=low - 1) or \
            nearest(long[-1], high)
    return max(answers, key=len, default="")
