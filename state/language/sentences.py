"""Where a sentence ends, in English, Korean and Chinese, for every reader of text: a reply cut as it streams (the
same text gives the same sentences whether it arrives in one piece or in many), a turn's lines for recall and
quotes, a summary's sentences, a message's questions."""

import re

CLOSED_BY_ITSELF = "。！？\n"  # ends a sentence wherever it stands
CLOSED_BY_SPACE = ".!?…"  # ends a sentence only before a space ("3.4" and "?!" do not)
_ABBREVIATION_BEFORE = re.compile(r"(?:^|\s)(?:Mr|Mrs|Ms|Dr|St|Prof|Jr|Sr|e\.g|i\.e)\.$")  # "Mr. Seo", "e.g. tea"


def _sentence_ends(text: str) -> list[int]:
    """Where each complete sentence of `text` ends; a quoted or bracketed stretch ends none (a quote or an app's
    note stays whole, and a quote that ends a sentence ends it), a line break ends them too."""
    ends, quoted, bracketed = [], False, False
    for index, char in enumerate(text):
        if char == "\n":
            quoted = bracketed = False
        elif char == '"':
            quoted = not quoted
        elif char in "“”":
            quoted = char == "“"
        elif char in "[]":
            bracketed = char == "["
        if quoted or bracketed:
            continue
        after, before = text[index + 1:index + 2], text[index - 1:index]
        closes_quote = char in '"”' and bool(before) and before in CLOSED_BY_ITSELF + CLOSED_BY_SPACE
        if char in CLOSED_BY_ITSELF or ((char in CLOSED_BY_SPACE or closes_quote) and after.isspace()):
            ends.append(index + 1)
    return ends


class SentenceStream:
    """Text fed chunk by chunk comes out as complete sentences, each with the spaces before it."""

    def __init__(self) -> None:
        self.pending = ""

    def feed(self, chunk: str) -> list[str]:
        """The sentences `chunk` completes."""
        self.pending += chunk
        sentences, start = [], 0
        for end in _sentence_ends(self.pending):
            sentences.append(self.pending[start:end])
            start = end
        self.pending = self.pending[start:]
        return sentences

    def flush(self) -> list[str]:
        """What is left once the text has ended, as its last sentence."""
        rest, self.pending = self.pending, ""
        return [rest] if rest else []


def sentences(text: str) -> list[str]:
    """A whole text's sentences, as a stream of it would give them."""
    stream = SentenceStream()
    return stream.feed(text) + stream.flush()


def split_sentences(text: str) -> list[str]:
    """A whole text's sentences without the spaces around them, empty ones left out."""
    return [sentence.strip() for sentence in sentences(text) if sentence.strip()]


def told_sentences(text: str) -> list[str]:
    """A whole text's sentences as a reader tells them apart: a title's or an abbreviation's full stop ("Mr. Seo",
    "Dr. Lim", "e.g. tea") ends none."""
    found: list[str] = []
    for sentence in split_sentences(text):
        if found and _ABBREVIATION_BEFORE.search(found[-1]):
            found[-1] = f"{found[-1]} {sentence}"
        else:
            found.append(sentence)
    return found
