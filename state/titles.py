"""A chat's title from its first message without a model: the gist of what was asked ("Trip to Kyoto in April"),
not its first 60 characters with the greeting and "Can you help me" in front."""

import re

from state.language.sentences import told_sentences

GIST_WORDS = 8
GIST_CHARS = 48

_DANGLING = frozenset("a an the to in on at of for and or with by from my your his her our their is are".split())
_GREETING = re.compile(
    r"^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening)|greetings|yo|ok(?:ay)?|so|well|thanks|thank you)"
    r"(?: there| everyone| all)?\b[\s,!.]*|안녕(?:하세요)?[\s,!.~]*|你好[\s,，!！。]*|您好[\s,，!！。]*)+",
    re.IGNORECASE)
_ASKING = re.compile(
    r"^(?:(?:can|could|would|will) you(?: please)?(?: help me(?: to)?)?|please(?: help me(?: to)?)?|help me(?: to)?|"
    r"i(?: would|'d| want(?: to)?| need(?: to)?| wanna)(?: like to)?(?: know| ask)?|i was wondering|"
    r"tell me(?: about)?|let'?s|do you know|"
    r"what(?: is|'s| are)(?: the| a| an)?|how (?:do|can|should) i|is there(?: a| an)?)\b[\s,]*",
    re.IGNORECASE)
_KOREAN_ASK = re.compile(r"\s*(?:좀\s*)?(?:알려\s*줘|알려\s*주세요|해\s*줘|해\s*주세요|짜\s*줘|짜\s*주세요|부탁해|"
                         r"부탁드려요|주세요|줘|뭐야|뭐예요|인가요|일까|할까)[\s?!.~]*$")
_CHINESE_ASK = re.compile(r"^(?:请|帮我|麻烦你|我想|我要|能不能|可以)+|(?:吗|呢|吧)?[？?。！!]*$")


def _first_sentence(text: str) -> str:
    """The first sentence that says something beyond a greeting."""
    for sentence in told_sentences(text):
        rest = _GREETING.sub("", sentence.strip())
        if re.search(r"\w", rest):
            return rest
    return text.strip()


def _shortened(text: str) -> str:
    """At most GIST_WORDS words and GIST_CHARS characters, cut between words."""
    words = text.split()
    kept: list[str] = []
    for word in words[:GIST_WORDS]:
        if len(" ".join([*kept, word])) > GIST_CHARS:
            break
        kept.append(word)
    cut = len(kept) < len(words)
    while cut and len(kept) > 1 and kept[-1].lower() in _DANGLING:
        kept.pop()  # "Trip to Kyoto…", not "Trip to Kyoto in…"
    short = " ".join(kept) or text[:GIST_CHARS]
    return short + ("…" if len(short) < len(" ".join(words)) else "")


def gist_title(text: str) -> str:
    """A short title for a chat that begins with `text`."""
    sentence = _first_sentence(text)
    for _ in range(3):  # "Can you" then "tell me" then "what is"
        sentence = _ASKING.sub("", sentence).strip()
    sentence = _KOREAN_ASK.sub("", sentence)
    sentence = _CHINESE_ASK.sub("", sentence).strip(" \t,.;:!?¿¡-—")
    if not sentence:
        return " ".join(text.split())[:GIST_CHARS]
    return _shortened(sentence[0].upper() + sentence[1:])
