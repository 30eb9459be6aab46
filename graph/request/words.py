"""The words of a message worth searching for: lower-cased, without stop words or one-letter English words,
Korean and Chinese segmented as the index stores them."""

import re

from state.language.segmenters import HAN
from state.words import chinese_words, is_glued, words

STOP_WORDS = frozenset("""
a an and are as at be been but by can could did do does for from had has have he her his how i if in into
is it its me my no not of on or our she so that the their them then there these they this to too us was we
were what when where which who why will with would you your yours about also just like please tell more
some any all one get got know think want said say says yes okay ok thanks thank hi hello hey again
는 은 이 가 을 를 에 의 도 로 으로 와 과 그 저 이거 그거 뭐 뭐야 어떻게 있어 있나요 해줘 알려줘
的 了 是 我 你 他 她 在 吗 呢 吧 和 有 这 那 什么 怎么
기억 알리 생각 말하 얘기 이번 지금 요즘 원래 결국 최종 제일 정도 때 거 것 뭘
什 么 怎 谁 哪 几 多少 为什么 哪里 哪儿 时候 什么时候 记得 记 得 知道 个 们 一 不 就 都 也 还 又 很 啊 啦 哦 嗯 呀
啥 着 来着 干什么 哪个 哪些 哪行 几号 几月 咋 怎样 怎么样 当初 现在 这次 平时 以前
""".split())

_HAN_CHARACTER = re.compile(f"[{HAN}]")
_PASTED_DATE = r"^\s*(?:\[[^\]]{1,40}\]\s*)?"
_NAME = r"[A-Z][\w'-]{0,20}"
PASTED_LINE_START = f"{_PASTED_DATE}(?:{_NAME}(?: {_NAME})?:\\s+)?"  # a pasted line's date and speaker
# ("[3 June, 2023] John: "): words of when and by whom, not of what was said
SPEAKER = re.compile(f"{_PASTED_DATE}({_NAME}):\\s+")  # a pasted line's one-word speaker, alone
GREETING = r"(?i:\b(?:hey|hi|hello|thanks|thank you|wow|oh|yo|yeah|yep|congrats|haha)\b)"  # before a name it greets


def query_words(text: str) -> list[str]:
    """The informative words of a message: lower-cased, stop words and one-letter English words left out (a
    one-syllable Korean noun or a Chinese character is a word: 콩, 周)."""
    return sorted({word for word in words(text) if len(word) > 1 or is_glued(word)} - STOP_WORDS)


def search_words(text: str) -> list[str]:
    """The words a search across chats looks for: the informative words, without the single characters of a
    longer Chinese word (成都 finds 去成都的, not every turn with a 都); a character said as a word stays (周)."""
    said = set(chinese_words(text, with_parts=False))
    return [word for word in query_words(text) if len(word) > 1 or word in said or not _HAN_CHARACTER.match(word)]
