"""What a question asks for (a person, a day, an amount, how often, how long) and whether a sentence tells it,
in English, Korean and Chinese: a sentence that cannot tell what was asked for does not answer the question."""

import re
from dataclasses import dataclass

_NUMBER_WORD = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|few|several|a couple of)"
_CJK_DIGIT = "[\\d一两二三四五六七八九十几]"
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_EN_STARTERS = frozenset("i i'm i've i'd i'll my we we're our you your it it's that this there the a an so and but "
                         "also just yes yeah no ok okay oh ha haha lol well then now today tonight".split())


@dataclass(frozen=True)
class Kind:
    """One kind of thing a question asks for: how a question asks it and how a sentence tells it."""

    name: str
    asks: re.Pattern[str]
    tells: re.Pattern[str] | None  # None: told by a name (see `names_someone`)
    required: bool = True  # no sentence without it answers (a day, a name, a number); else it only counts for one


KINDS = (  # the first that matches the question's form is what it asks for
    Kind("often", re.compile(r"(?i)\bhow often\b|얼마나 자주|몇 번|多久一次|多常|几次"),
         re.compile(rf"(?i)\b{_NUMBER_WORD} times? (?:a|an|per|each|every) \w+|\b(?:once|twice)\b|\bevery "
                    r"(?:day|week|month|year|morning|night|weekend|\w+day)\b|\b(?:daily|weekly|monthly)\b"
                    r"|매일|매주|매달|[일주달]에 \S+ ?번|마다|每天|每周|每个?月|每次|[一两三四五六七八九十几]次"),
         required=False),
    Kind("long", re.compile(r"(?i)\bhow long\b|\bfor how long\b|얼마나 오래|몇 년|多久|多长时间"),
         re.compile(rf"(?i)\b{_NUMBER_WORD} (?:minutes?|hours?|days?|weeks?|months?|years?|decades?)\b"
                    rf"|\d+ ?(?:분|시간|일|주|개월|달|년)|{_CJK_DIGIT}+ ?(?:分钟|小时|天|周|个月|年)"), required=False),
    Kind("when", re.compile(r"(?i)\bwhen\b|\bwhat (?:date|day|time)\b|\bwhich (?:date|day)\b|언제|며칠|몇 ?월|"
                            r"몇 ?시|날짜|무슨 요일|什么时候|哪天|哪一天|几号|几月|几点|星期几|日期"),
         re.compile(rf"(?i)\b{_MONTHS} \d|\b\d{{1,2}}(?:st|nd|rd|th)?(?: of)? {_MONTHS}|\b{_WEEKDAYS}\b|"
                    r"\b\d{1,2}[/.]\d{1,2}\b|\b\d{1,2}(?::\d\d)? ?(?:am|pm)\b|\b(?:tomorrow|tonight|next week)\b|"
                    rf"\d+ ?[월일시]|[월화수목금토일]요일|내일|모레|다음 ?주|{_CJK_DIGIT}+ ?[月号日点]|"
                    r"周[一二三四五六日]|星期[一二三四五六日天]|明天|后天|下周")),
    Kind("amount", re.compile(r"(?i)\bhow (?:much|many|heavy|old|far|big|tall)\b|\bwhat(?:'s| is)? the price\b|"
                              r"\bweigh|얼마|몇|多少|多重|多大|几"),
         re.compile(r"\d|(?i:\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred|"
                    r"thousand|million)\b)|[一两二三四五六七八九十百千万亿]")),
    Kind("who", re.compile(r"(?i)\bwho(?:'s|se|m)?\b|누구|누가|谁"), None),
)
_NAME = re.compile(r"[A-Z][\w'.-]*")
_HONORIFIC = re.compile(r"[가-힣]{1,3} ?(?:씨|님|선생|원장|사장|소장|반장|언니|오빠|누나|형)|"
                        r"[가-힣]{2,3}(?:이랑|이가|이는|이한테)|"
                        r"(?:小|老|阿)[\u4e00-\u9fff]|[\u4e00-\u9fff](?:师傅|医生|老师|总|姐|哥)")


def kind_asked(question: str) -> Kind | None:
    """What the question asks for by its form; None when its form names no kind (what, which, where)."""
    return next((kind for kind in KINDS if kind.asks.search(question)), None)


def tells_kind(kind: Kind, sentence: str, question: str) -> bool:
    """Whether the sentence tells what the kind asks for: a number, a day or a name it has (a name the question
    already gives tells nothing)."""
    if kind.tells is not None:
        return bool(kind.tells.search(sentence))
    return names_someone(sentence, question)


def names_someone(sentence: str, question: str) -> bool:
    """Whether a sentence names a person the question does not: a capitalized word past the first (or a first
    word that is not an everyday one), or a Korean or Chinese name as it is said (with 씨, 님, 师傅, 小...)."""
    given = {word.lower().strip("'s") for word in _NAME.findall(question)}
    words = sentence.split()
    named = [word.strip(".,!?:;\"'()").removesuffix("'s") for at, word in enumerate(words)
             if _NAME.match(word) and (at or word.lower().strip(".,!?:;") not in _EN_STARTERS)]
    if any(word and word.lower() not in given and word.lower() not in _EN_STARTERS for word in named):
        return True
    return any(match[0] not in question for match in _HONORIFIC.finditer(sentence))


_LATEST = re.compile(r"(?i)\b(?:now|currently|so far|final(?:ly)?|in the end|new|latest)\b|지금|현재|이제|결국|최종|"
                     r"바뀌|바꿨|现在|目前|最后|最终|改成|改到")


def asks_latest(question: str) -> bool:
    """Whether a question asks for a value as it stands now (what was said last replaces what came before)."""
    return bool(_LATEST.search(question))
