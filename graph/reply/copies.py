"""How much of a reply copies another text, told by runs of words (Chinese and Japanese by character): a token is
"copied" when one of the word runs it sits in also occurs in the other text. A sentence said again is told by its
words alone."""

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

RUN = 4             # words in a compared run
_CHARACTER_WORD = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"  # a token of its own, whole at once
TOKEN = re.compile(_CHARACTER_WORD + r"|[^\W_]+|[^\w\s]")
_ENDS_IN_WORD = re.compile(r"[^\W_]\Z")
_ENDS_IN_CHARACTER_WORD = re.compile(_CHARACTER_WORD + r"\Z")
_ASKED_TO_REPEAT = re.compile(
    r"\b(?:repeat|again|once more|one more time|same answer|say (?:it|that) back)\b|다시|반복|한 ?번 ?더|똑같이"
    r"|再说|重复|再一次|再讲|一遍", re.IGNORECASE)
_JSON_OPENING = re.compile(r"\s*(?:```json\s*)?(?:\{|\[\s*[{\"])", re.IGNORECASE)
OPENING_CHARS = 12  # enough to tell "```json\n{" from "```python" or "[1] says"


def opens_like_json(text: str) -> bool | None:
    """Whether a reply opens as a JSON object or list, as the request's documents and recalled turns do; None
    while it is too short to tell."""
    head = text.lstrip()
    if _JSON_OPENING.match(head):
        return True
    return None if len(head) < OPENING_CHARS and (not head or head[0] in "`[") else False


def tokens(text: str) -> list[str]:
    """Lower-cased words, CJK characters and punctuation marks, in order."""
    return [word.lower() for word in TOKEN.findall(text)]


def runs(words: Sequence[str]) -> set[tuple[str, ...]]:
    """Every run of RUN consecutive tokens."""
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def whole_tokens(text: str, count: int) -> int:
    """How many of the `count` tokens of a reply so far are whole: the last one may still go on when the text ends
    inside a word (a streamed chunk can end mid-word), but not when it is a CJK character."""
    if count and _ENDS_IN_WORD.search(text) and not _ENDS_IN_CHARACTER_WORD.search(text):
        return count - 1
    return count


def run_openings(known: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """Every opening of a known run shorter than the run: the words a reply so far ends with that may still
    become one of them."""
    return {run[:length] for run in known for length in range(1, RUN)}


def open_from(words: Sequence[str], whole: int, openings: set[tuple[str, ...]]) -> int:
    """Where the last of a reply's `whole` words that may still begin a known run start (`whole` when none can):
    the words before it sit in no run that could yet become a copy."""
    for start in range(max(whole - RUN + 1, 0), whole):
        if tuple(words[start:whole]) in openings:
            return start
    return whole


def copied(words: Sequence[str], known: set[tuple[str, ...]]) -> list[bool]:
    """For each token, whether a run it sits in is one of `known`."""
    mask = [False] * len(words)
    for i in range(len(words) - RUN + 1):
        if tuple(words[i:i + RUN]) in known:
            mask[i:i + RUN] = [True] * RUN
    return mask


def matched(before: Sequence[str], words: Sequence[str]) -> int:
    """How many tokens of `words` match `before`, in order."""
    return sum(block.size for block in SequenceMatcher(None, before, words, autojunk=False).get_matching_blocks())


def asked_to_repeat(text: str) -> bool:
    """Whether the person asked for the same again."""
    return bool(_ASKED_TO_REPEAT.search(text))


def held_from(mask: Sequence[bool], long: int) -> tuple[int | None, bool]:
    """Where the first copied stretch at least `long` tokens long starts (nothing after it is shown: True), or
    else where a copied stretch still growing at the end starts (it may become long: False); None when neither."""
    start = None
    for i, is_copied in enumerate(mask):
        if is_copied and start is None:
            start = i
        elif not is_copied:
            if start is not None and i - start >= long:
                return start, True
            start = None
    return start, start is not None and len(mask) - start >= long


def sentence_key(sentence: str) -> str:
    """A sentence as its words alone, so the same sentence said again is told whatever its spacing or case."""
    return " ".join(word for word in tokens(sentence) if word.isalnum())
