"""Long replies that differ from turn to turn, as a model's do: the same long reply twice is a repeat, which the
engine asks for again and then withholds, so tests that need long replies use these."""

import itertools
import random
from collections.abc import Callable

from langchain_core.messages import AIMessage, BaseMessage

WORDS = ("apple river stone cloud table music green paper light water story house garden window bread "
         "summer winter morning evening travel market letter island mountain forest coffee family friend "
         "school answer detail number planet animal flower circle bridge street city village ocean road "
         "train field doctor season color voice silver golden simple quiet happy bright early later").split()


def varied_text(seed: int, words: int) -> str:
    """`words` common words (one token each), drawn anew for each seed."""
    return " ".join(random.Random(seed).choices(WORDS, k=words))


def varied_replies(words: int) -> Callable[[list[BaseMessage]], AIMessage]:
    """A reply function giving a different `words`-word answer on each call, the n-th as varied_text(n, words)."""
    calls = itertools.count(1)
    return lambda messages: AIMessage(varied_text(next(calls), words))
