"""How much of a request the model has read before: the longest common start with the request before it, which a
model server's prompt cache does not read again. Each request leaves a fingerprint (a digest and the tokens of each
line of the system message, then of each message) so the next can be compared without keeping the text."""

import hashlib
from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from graph.request.tokens import MESSAGE_OVERHEAD_TOKENS, count_text
from state.turns import message_text

Fingerprint = list[list]  # [[digest, tokens], ...]: the system message line by line, then message by message


def _digest(*texts: str) -> str:
    hasher = hashlib.blake2b(digest_size=8)
    for text in texts:
        hasher.update(text.encode("utf-8", "surrogatepass"))
        hasher.update(b"\0")
    return hasher.hexdigest()


def fingerprint(messages: Sequence[BaseMessage]) -> Fingerprint:
    """A request's fingerprint: each piece's digest chained on the ones before it, and its tokens."""
    pieces: list[tuple[str, int]] = []
    for index, message in enumerate(messages):
        text = message_text(message)
        if index == 0:
            lines = text.split("\n")
            pieces += [(line + "\n", count_text(line) + 1) for line in lines]
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + MESSAGE_OVERHEAD_TOKENS)
        else:
            pieces.append((f"<{message.type}>{text}", count_text(text) + MESSAGE_OVERHEAD_TOKENS))
    chained, previous = [], ""
    for text, tokens in pieces:
        previous = _digest(previous, text)
        chained.append([previous, tokens])
    return chained


def read_before(previous: Fingerprint | None, current: Fingerprint) -> int:
    """The tokens at the start of `current` that `previous` began with as well."""
    shared = 0
    for (digest, tokens), (before, _) in zip(current, previous or [], strict=False):
        if digest != before:
            break
        shared += tokens
    return shared
