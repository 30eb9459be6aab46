"""A question's words and a statement's as comparable stems, in English, Korean and Chinese: enough for the
words of a question to meet the words that answer it, with no model."""

import re

from graph.recall.lexicon import KOREAN_PARTICLES, english_words
from graph.request.words import STOP_WORDS

_WORD = re.compile(r"[a-z0-9]{2,}|[가-힣]+|[\u4e00-\u9fff]", re.IGNORECASE)
_SUFFIXES = ("ing", "ed", "es", "s")
_QUESTION_WORDS = frozenset("어디 언제 누구 무엇 얼마 어느 뭐였지 뭐였어 기억 哪里 哪儿 什么时候 多少 谁 记得".split())


def english_stem(word: str) -> str:
    """lives, lived, living -> liv; sisters -> sister; cities -> city: a question's words meet a statement's."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"  # cities, stories -> city, story
    stem = next((word[: -len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3), word)
    return stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem


def stems(text: str) -> set[str]:
    """The words of a text as comparable stems: English plurals and tenses, Korean particles and Chinese characters
    reduced, stop words and question words left out; a Korean or Chinese everyday word brings its English one."""
    found = set()
    for word in _WORD.findall(text.lower()):
        if "가" <= word[0] <= "힣":
            word = next((word[: -len(p)] for p in KOREAN_PARTICLES if word.endswith(p) and len(word) > len(p)), word)
        else:
            word = english_stem(word)
        if word not in STOP_WORDS and word not in _QUESTION_WORDS:
            found.add(word)
    return found | {english_stem(word) for word in english_words(text)}
