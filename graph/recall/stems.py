"""A question's words and a statement's as comparable stems, in English, Korean and Chinese: enough for the
words of a question to meet the words that answer it, with no model."""

from graph.recall.lexicon import english_words
from graph.recall.relations import related
from graph.request.words import STOP_WORDS
from state.words import is_glued, words

_SUFFIXES = ("ing", "ed", "es", "s")
_QUESTION_WORDS = frozenset("어디 언제 누구 무엇 얼마 어느 뭐였지 뭐였어 기억 哪里 哪儿 什么时候 多少 谁 记得".split())


def english_stem(word: str) -> str:
    """lives, lived, living -> liv; sisters -> sister; cities -> city: a question's words meet a statement's."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"  # cities, stories -> city, story
    stem = next((word[: -len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3), word)
    return stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem


def stems(text: str, glossed: bool = True) -> set[str]:
    """The words of a text as comparable stems: English plurals and tenses reduced, Korean and Chinese segmented
    as the index reads them, stop words and question words left out; a Korean or Chinese everyday word brings its
    English one (unless not `glossed`: the words as written, each idea once)."""
    found = set()
    for word in words(text):
        if not is_glued(word):
            if len(word) < 2 or not word.isascii():
                continue
            word = english_stem(word)
        if word not in STOP_WORDS and word not in _QUESTION_WORDS:
            found.add(word)
            if glossed:  # and the idea its group names: 볼더링 meets 클라이밍, 房主 meets 房东
                found.add(related(word) or word)
    return found | {english_stem(word) for word in english_words(text)} if glossed else found
