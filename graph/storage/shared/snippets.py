"""A found turn's excerpt where the database's own headline cannot mark the word: a Korean or Chinese word is
found by its segmented form, inside a longer run of the text as written."""

import re

SNIPPET_CONTEXT_CHARS = 30  # either side of a word found inside a longer one (Korean, Chinese)


def substring_snippet(body: str, words: list[str]) -> str:
    """A short excerpt around the first of `words` in `body` (the longest word found there), marked with **, for
    words no tokenizer splits."""
    found = [(match.start(), match.end()) for word in words
             if (match := re.search(re.escape(word), body, flags=re.IGNORECASE))]
    if not found:
        return body[: SNIPPET_CONTEXT_CHARS * 2] + ("…" if len(body) > SNIPPET_CONTEXT_CHARS * 2 else "")
    start, end = min(found, key=lambda span: (span[0], -span[1]))
    left, right = max(0, start - SNIPPET_CONTEXT_CHARS), min(len(body), end + SNIPPET_CONTEXT_CHARS)
    return ("…" if left else "") + body[left:start] + "**" + body[start:end] + "**" + body[end:right] + (
        "…" if right < len(body) else "")
