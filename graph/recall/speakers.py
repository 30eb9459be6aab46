"""The speakers of a pasted conversation ("Nate: ...", "[3 May, 2023] Joanna: ..."): a question that names one
is about what that person said, and the name itself says nothing of the subject."""

import re
from collections import Counter
from collections.abc import Sequence

SPEAKER_LINES = 3  # a name at the start of this many lines is a speaker's, not a word that happens to lead one


def speakers_named(text: str, speakers: Counter[str]) -> list[str]:
    """The conversation's speakers a message names."""
    return [name for name, lines in speakers.items()
            if lines >= SPEAKER_LINES and re.search(rf"\b{re.escape(name)}\b", text)]


def without_names(text: str, names: Sequence[str]) -> str:
    """The message without these names: every line of a pasted conversation carries its speaker's, so in a
    question's meaning they match the lines that greet the speaker, not the subject."""
    if not names:
        return text
    bare = re.sub(rf"\b(?:{'|'.join(re.escape(name) for name in names)})(?:'s)?\b", " ", text)
    return " ".join(bare.split()) or text
