"""What a small model claims that the chat never had, a sentence at a time: a loss or a confusion nobody spoke of,
a life of its own ("I just got a new laptop"), a person or a number the chat never named ("Liam, ..."), a sentence
of an earlier reply said again, or words that have nothing to do with the message in meaning. Such a sentence is
not shown: the bundled model invents these, and the person cannot tell them from an answer."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.recall.embeddings import embed, embed_query
from graph.reply.copies import sentence_key
from state.language.sentences import split_sentences
from state.turns import message_text

UNRELATED_BELOW = 0.77  # a sentence this far from the message in meaning (e5) answers something else
_SORROW_CLAIMED = re.compile(r"(?i)\b(?:sorry (?:for|about) your loss|my (?:deepest )?condolences|sorry to hear"
                             r"|(?:sorry|apologi[sz]e) for (?:any|the|all the) (?:confusion|misunderstanding)"
                             r"|as an ai\b|as a language model|i'?m (?:just )?an ai\b)")
_SORROW_TOLD = re.compile(r"(?i)\b(?:died|dead|death|passed away|lost (?:my|our|her|his)|funeral|sick|ill|hospital"
                          r"|sad|upset|depressed|broke up|divorced?|fired|laid off|confus\w*|misunderst\w*|sorry"
                          r"|wrong)\b")
_OWN_LIFE = re.compile(r"(?i)^(?:well,?\s+|oh,?\s+)?i(?:'ve| have) (?:been|just|recently|always|never|lived|worked|got|"
                       r"had|visited|travell?ed|moved|started|bought)\b(?! (?:glad|happy|here|able|sorry)\b)"
                       r"|^(?:well,?\s+|oh,?\s+)?i (?:just|recently|was|went|got|bought|moved|live|grew up|visited|"
                       r"used to|had)\b(?! (?:glad|happy|able|sorry)\b)")  # a life of its own
_CAPITALIZED = re.compile(r"\b[A-Z][a-z]{2,}\b")
_NAME_INSIDE = re.compile(r"(?<=[\w,;:] )[A-Z][a-z]+|\"[A-Z][^\"]{2,}\"")  # a name or a title past a sentence's start
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_DOING_CLAIMED = re.compile(r"(?i)\byou(?:'re| are)\s+(?:\w+\s+)?(\w+ing)\b")  # "you're enjoying your trip"
_WELCOME = re.compile(r"(?i)^(?:you'?re (?:very |most )?welcome|no problem|my pleasure)\b")
_THANKED = re.compile(r"(?i)\b(?:thanks?|thank you|thx|appreciate)")
_ITSELF = re.compile(r"(?i)^the (?:model|assistant|ai)\b")  # the model speaking of itself as another
_VOCATIVE = re.compile(r"^([A-Z][a-z]{2,}),\s")
_NOT_NAMES = frozenset("""Hello Hey Hiya Sure Well Yes Yeah Okay Thanks Great Absolutely Certainly Sorry Wow Alright
Indeed Now Also However Actually First Second Then Finally Unfortunately Honestly Oh Ah Hmm Right Good Nice Cool Of
Again Still So Anyway Please Dear Friend Buddy Perfect Awesome Wonderful Of Congratulations Ok I I'm I've I'll I'd
Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September
October November December English""".split())


@dataclass(frozen=True)
class Grounds:
    """What the chat has had so far, that a sentence of a reply may stand on."""

    message: str  # the person's message the reply answers
    told: str = ""  # everything the person said and the tools found in the chat
    said_before: frozenset[str] = field(default_factory=frozenset)  # earlier replies' sentences, as keys

    @cached_property
    def names(self) -> frozenset[str]:
        """The capitalized words the person used: the only names a reply may call them or others by."""
        return frozenset(_CAPITALIZED.findall(f"{self.told}\n{self.message}"))

    @cached_property
    def meaning(self) -> np.ndarray | None:
        """The message's vector, measured once a reply."""
        return embed_query(self.message) if self.message.strip() else None

    def unfounded(self, sentence: str) -> bool:
        """Whether a sentence claims what the chat never had or answers something else."""
        text = sentence.strip()
        if not text:
            return False
        if sentence_key(text) in self.said_before and len(text) > 12:
            return True
        if _SORROW_CLAIMED.search(text) and not _SORROW_TOLD.search(f"{self.told}\n{self.message}"):
            return True
        if _OWN_LIFE.search(text) or _ITSELF.search(text):
            return True
        if _WELCOME.search(text) and not _THANKED.search(self.message):
            return True
        if self._beyond_the_chat(text):
            return True
        if (vocative := _VOCATIVE.match(text)) and vocative[1] not in self.names | _NOT_NAMES:
            return True
        return self._unrelated(text)

    def _beyond_the_chat(self, sentence: str) -> bool:
        """Whether a sentence names someone or something, or says what the person is doing, that the person never
        said ("The Habit Factory by David Burns", "you're enjoying your trip with your family")."""
        told = f"{self.told}\n{self.message}"
        named = [name.strip('"') for name in _NAME_INSIDE.findall(sentence)]
        if any(name not in self.names | _NOT_NAMES and name not in told for name in named):
            return True
        if any(number not in told for number in _NUMBER.findall(sentence)):
            return True  # a number nobody said ("That comes to 999.")
        doing = _DOING_CLAIMED.search(sentence)
        return doing is not None and re.sub(r"(.)\1?ing$", r"\1", doing[1].lower()) not in told.lower()  # travel(l)ing

    def _unrelated(self, sentence: str) -> bool:
        """Whether a sentence is far from the message in meaning (never, where the sentence vectors are missing)."""
        if self.meaning is None or len(sentence) < 16:
            return False
        vectors = embed([sentence])
        return vectors is not None and float(vectors[0] @ self.meaning) < UNRELATED_BELOW


def grounds_of(message: str, transcript: Sequence[BaseMessage]) -> Grounds:
    """The grounds of a reply to `message` after `transcript`: what the person said and the tools found, what
    earlier replies said."""
    told = "\n".join(message_text(m) for m in transcript if isinstance(m, HumanMessage | ToolMessage))
    said = frozenset(sentence_key(sentence) for m in transcript if isinstance(m, AIMessage)
                     for sentence in split_sentences(message_text(m)))
    return Grounds(message, told, said)
