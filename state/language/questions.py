"""Whether a sentence asks, in English, Korean and Chinese, as people type it: with a question mark, or without one
by a Korean asking ending or a Chinese particle or asking word; and whether it asks the assistant to do something.
Recall, quotes, the request and the product's own replies all ask here, so none takes a question for a fact."""

import re

from state.language.segmenters import korean_final_ending
from state.language.sentences import split_sentences

_KOREAN_ASKING_WORDS = "뭐|무엇|무슨|언제|어디|누구|누가|몇|며칠|왜|어떻게|얼마|어느"  # what, when, where, who, how
_KOREAN_ASKING_ENDINGS = ("니", "냐", "까", "까요", "나", "나요", "가", "가요", "던가", "더라", "는지", "ㄴ지", "은지",
                          "ㄹ지", "을지")  # Kiwi's final endings that ask (갈까, 먹니, 괜찮은가요, 뭐였더라)
_RECOLLECTING = ("더라",)  # tells what was seen, unless an asking word asks with it
_KOREAN_ASKING_WORD = re.compile(_KOREAN_ASKING_WORDS + "|뭘|뭔")
_ENDS_ASKING = re.compile(r"[?？][\s\"'”’)）」』]*$")
_ENDS_TELLING = re.compile(r"[.。!！][\s\"'”’)）」』]*$")
_HANGUL_AT_END = re.compile(r"[가-힣][~ㅋㅎ\s.。!！]*$")
_ASKS_WITHOUT_MARK = re.compile(
    r"^\W*(?:what|when|where|who|whom|whose|which|why|how|remind me|do you remember|tell me)\b"
    rf"|(?:{_KOREAN_ASKING_WORDS})(?!든|라도|이든).*[가-힣][~ㅋㅎ\s]*$"  # an asking word, said to its end ("누가 봐줘")
    r"|(?:알려|말해)\s?줘(?!야|서)|기억(?:나|해)[~ㅋㅎ\s]*$"  # asking to be told or reminded (not "말해 줘야지")
    r"|[吗呢][~\s]*$|什么|哪|(?<![那这好])几|多少|谁|怎么|为什么|是不是|有没有",  # Chinese particles and asking
    # words (几 of 那几天, 这几天, 好几 counts no one)
    re.IGNORECASE,
)
_CHINESE_PARTICLE_CLOSED = re.compile(r"[吗呢][。.!！~\s]*$")  # "你吃饭了吗。" asks though a full stop closes it
_REQUEST = re.compile(
    r"(?i)^(?:please\s+)?(?:name|tell|give|list|show|write|translate|explain|describe|summari[sz]e|recommend|"
    r"suggest|calculate|compute|remind|define|compare|pick)\s+\w"  # a verb that opens a request
    r"|(?:해|알려|말해|보여|써|골라|추천해|찾아|계산해|설명해|번역해)\s?(?:줘|주세요|줄래|봐)[.!。\s]*$"
    r"|^(?:请|帮我|给我|告诉我)(?![^，。！？]*了)"  # not what was done for them: "给我约了10月16号"
    r"|(?:推荐|介绍|建议|帮我|告诉我|说说).*吧[。！!]?$"  # "你推荐一些餐厅吧。"
    r"|^(?:你|您)(?:能|可以)?(?:帮|推荐|告诉|介绍)")
_OPENING = " \t\"'“‘(*-"


def is_question(sentence: str) -> bool:
    """Whether a sentence asks: it ends with a question mark, or, not closed by a full stop, asks by its words
    ("where did we eat", "콩이 누가 봐줘", "你去哪儿"); a full stop closes a statement ("I know what you mean.",
    "我不知道吃什么好。") unless an asking ending stands before it."""
    text = sentence.strip()
    if _ENDS_ASKING.search(text) or _CHINESE_PARTICLE_CLOSED.search(text) or _korean_ending_asks(text):
        return True
    return not _ENDS_TELLING.search(text) and bool(_ASKS_WITHOUT_MARK.search(text))


def _korean_ending_asks(text: str) -> bool:
    """Whether a Korean sentence closes on an ending that asks (Kiwi's, so "제주도에 가요" and "어머니" do not); -더라
    recalls what was seen ("맛이 다르더라") and asks only with an asking word ("이름이 뭐였더라")."""
    if not _HANGUL_AT_END.search(text):
        return False
    ending = korean_final_ending(text)
    if ending.endswith(_RECOLLECTING):
        return bool(_KOREAN_ASKING_WORD.search(text))
    return ending.endswith(_KOREAN_ASKING_ENDINGS)


def is_request(sentence: str) -> bool:
    """Whether a sentence asks the assistant to do something ("Name one primary colour.", "추천해 줘", "请告诉我")."""
    return bool(_REQUEST.search(sentence.strip(_OPENING)))


def asks(sentence: str) -> bool:
    """Whether a sentence asks something of someone: a question, or a request to be told or shown."""
    return is_question(sentence) or is_request(sentence)


def tells(sentence: str) -> bool:
    """Whether a sentence tells something: neither a question nor a request to the assistant."""
    return not is_question(sentence) and not is_request(sentence)


def questions_in(text: str) -> list[str]:
    """The sentences of a text that ask, in order."""
    return [sentence for sentence in split_sentences(text) if is_question(sentence)]


def last_question(text: str) -> str:
    """The question a text ends on (its last sentence), empty when it ends telling."""
    said = split_sentences(text.strip().splitlines()[-1]) if text.strip() else []
    return said[-1] if said and is_question(said[-1]) else ""
