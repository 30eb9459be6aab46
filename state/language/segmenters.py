"""Kiwi and jieba, each loaded once on first use whichever thread asks first, and what they read beneath the words:
Korean morphemes with their tags and the ending a sentence closes on, Chinese words with their parts of speech,
and where each word of a text starts and ends. The words themselves (state/words.py), questions and facts read
the languages through here."""

import logging
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff"  # Han characters, beyond the BMP too (𨋢)
HAN_RUN = re.compile(f"[{HAN}]+")
_KOREAN_STRETCH = re.compile(r"[가-힣]+(?:[^\S\n]*[,.!?~…]*[^\S\n]*[가-힣]+)*")
CACHED_TEXTS = 8192

_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def load(name: str, make: Callable[[], Any]) -> Any:
    """A segmenter made once, on first use, whichever thread asks first (loading takes a second or two)."""
    if (found := _loaded.get(name)) is not None:
        return found
    with _lock:
        if name not in _loaded:
            _loaded[name] = make()
        return _loaded[name]


def make_kiwi() -> Any:
    """Kiwi with its bundled model: Korean morphemes."""
    from kiwipiepy import Kiwi

    return Kiwi()


def make_jieba() -> Any:
    """jieba's tokenizer with its dictionary loaded, silently (it announces the loading on stderr otherwise)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.dt


def make_posseg() -> Any:
    """jieba's part-of-speech tagger, on the same dictionary (loaded first: `load` holds its lock meanwhile)."""
    import jieba.posseg

    return jieba.posseg.dt


def korean_tokens(text: str) -> list[tuple[str, str, bool]]:
    """Kiwi's morphemes of the text's Korean (each stretch of Korean words on its own: beside a Latin word Kiwi
    takes "지우가" for one name), each as its form, its tag, and whether it starts a word as spaced. The stretches
    go to Kiwi in one batch (a long paste has thousands)."""
    found = []
    stretches = _KOREAN_STRETCH.findall(text)
    for tokens in load("kiwi", make_kiwi).tokenize(stretches) if stretches else []:
        position = None
        for token in tokens:
            found.append((token.form, str(token.tag), token.word_position != position))
            position = token.word_position
    return found


@lru_cache(maxsize=CACHED_TEXTS)
def korean_final_ending(text: str) -> str:
    """The final ending a Korean sentence closes on ("갈까?" -> 까, "어머니" -> ''): what tells its mood, where a
    noun that happens to end alike ("어머니", "나까") tells none."""
    tokens = [(form, tag) for form, tag, _ in korean_tokens(text) if not tag.startswith("S")]
    return tokens[-1][0] if tokens and tokens[-1][1] in ("EF", "EC") else ""  # Kiwi tags a closing 니 either


def korean_tags(text: str) -> list[tuple[str, str]]:
    """Kiwi's morphemes of the text's Korean with their tags: NNP a name, SN a number, NR a numeral, NNG a noun."""
    return [(form, tag) for form, tag, _ in korean_tokens(text)]


def chinese_tags(text: str) -> list[tuple[str, str]]:
    """jieba's words of the text's Chinese with their parts of speech: nr a person, ns a place, t a time, m a
    number."""
    load("jieba", make_jieba)
    tagger = load("posseg", make_posseg)
    return [(pair.word, pair.flag) for run in HAN_RUN.findall(text) for pair in tagger.lcut(run)]


def word_spans(text: str) -> list[tuple[int, int]]:
    """Where each word of a text starts and ends, in order: a spaced word with the marks glued to it, and in a run
    of Chinese (which no space separates) each word jieba reads, apart from the digits beside it ("3500元")."""
    spans = []
    for token in re.finditer(r"\S+", text):
        start = token.start()
        for run in HAN_RUN.finditer(token.group()):
            if run.start() > 0 and start < token.start() + run.start():
                spans.append((start, token.start() + run.start()))
            position = token.start() + run.start()
            for word in load("jieba", make_jieba).lcut(run.group(), HMM=True):
                spans.append((position, position + len(word)))
                position += len(word)
            start = position
        if start < token.end():
            spans.append((start, token.end()))
    return spans


def word_ends(text: str) -> list[int]:
    """Where a text may be cut without cutting a word, in order: at the end of each of its words."""
    return [end for _, end in word_spans(text)]
