"""What a word is, in every language the app is written in: English and other spaced scripts by their runs of
letters and digits, Korean by its morphemes (Kiwi: nouns and verb or adjective stems, particles and endings
dropped), Chinese by its words (jieba, with each word's characters and a longer word's pairs of characters, so a
name inside a run is found). The index, a question's words, quoting, names and the search across chats all read
words here, so each finds what another stored."""

import logging
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

_HANGUL = re.compile(r"[가-힣]")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_SPACED_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_GLUED_CHAR = re.compile(r"[가-힣ㄱ-ㆎ\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
KOREAN_KEPT_TAGS = ("NNG", "NNP", "NR", "XR", "VV", "VA")  # nouns, numerals, roots, verb and adjective stems
KOREAN_LIGHT_STEMS = frozenset("하 되 있 없 이 아니 같 싶 않".split())  # stems nearly every sentence has
CACHED_TEXTS = 8192

_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def _load(name: str, make: Callable[[], Any]) -> Any:
    """A segmenter made once, on first use, whichever thread asks first (loading takes a second or two)."""
    if (found := _loaded.get(name)) is not None:
        return found
    with _lock:
        if name not in _loaded:
            _loaded[name] = make()
        return _loaded[name]


def _make_kiwi() -> Any:
    """Kiwi with its bundled model: Korean morphemes."""
    from kiwipiepy import Kiwi

    return Kiwi()


def _make_jieba() -> Any:
    """jieba's tokenizer with its dictionary loaded, silently (it announces the loading on stderr otherwise)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.dt


def korean_words(text: str) -> list[str]:
    """The Korean nouns and verb or adjective stems of a text, in order ("지우가 콩이랑 산책했어" -> 지우, 콩,
    산책): a word is found whatever particle or ending it was said with."""
    if not _HANGUL.search(text):
        return []
    found = []
    for token in _load("kiwi", _make_kiwi).tokenize(text):
        tag = str(token.tag)
        if tag.startswith(KOREAN_KEPT_TAGS) and _HANGUL.search(token.form):
            if not (tag.startswith(("VV", "VA")) and token.form in KOREAN_LIGHT_STEMS):
                found.append(token.form)
    return found


def korean_nouns(text: str) -> list[str]:
    """The Korean nouns of a text, in order, without their particles: what a name or a thing is said as."""
    if not _HANGUL.search(text):
        return []
    return [token.form for token in _load("kiwi", _make_kiwi).tokenize(text)
            if str(token.tag) in ("NNG", "NNP", "NR") and _HANGUL.search(token.form)]


def chinese_words(text: str, with_parts: bool = True) -> list[str]:
    """The Chinese words of a text (jieba), each followed (`with_parts`) by its characters, and a longer word
    also by its pairs of characters: "房东周叔发" is cut as 房东 / 周叔发, and 周叔 must still find it."""
    found = []
    for run in _HAN_RUN.findall(text):
        for word in _load("jieba", _make_jieba).lcut(run, HMM=True):
            found.append(word)
            if with_parts and len(word) > 1:
                found += list(word)
            if with_parts and len(word) > 2:
                found += [word[i:i + 2] for i in range(len(word) - 1)]
    return found


@lru_cache(maxsize=CACHED_TEXTS)
def _glued_words(text: str) -> tuple[str, ...]:
    """Korean and Chinese words of a text, cached: a sentence is weighed many times while a quote is chosen."""
    return (*korean_words(text), *chinese_words(text))


def glued_words(text: str) -> list[str]:
    """The words of a text's Korean and Chinese, which no space separates from their particles or neighbours."""
    return list(_glued_words(text)) if _GLUED_CHAR.search(text) else []


def is_glued(word: str) -> bool:
    """Whether a word is Korean or Chinese (searched by its segmented form, not as written)."""
    return bool(_GLUED_CHAR.search(word))


def words(text: str) -> list[str]:
    """Every word of a text, lower-cased, in a form another text's same word has: spaced words as written (a
    stemmer may reduce them further), Korean and Chinese segmented."""
    spaced = [word for word in _SPACED_WORD.findall(text.lower()) if not is_glued(word)]
    return spaced + glued_words(text.lower())


def index_text(text: str) -> str:
    """What the full-text index stores beside a text: its Korean and Chinese words, space-separated ('' for a
    text without any), so both backends' tokenizers read them as words."""
    return " ".join(glued_words(text))
