"""What a sentence carries of a person's life, in English, Korean and Chinese: numbers and amounts, names, dates and
times, places, health, plans and decisions, and the people and animals of that life (read with Kiwi's and jieba's
tags and the words people say them with); and whether it is only small talk (greetings, thanks, the weather, a
mood, courtesy). A summary keeps the sentences that carry facts before those that carry none."""

import re
from collections.abc import Iterable
from functools import lru_cache

from state.language.segmenters import chinese_tags, korean_tags, word_spans
from state.words import is_glued

FACT_WEIGHTS = {"number": 2.0, "time": 2.0, "health": 2.0, "name": 1.5, "place": 1.5, "plan": 1.0, "intent": 1.0,
                "relation": 1.0}
UNSTATED = frozenset({"intent"})  # what tells a plan is made ("will", "하기로", "打算"), not what the plan is
CACHED_SENTENCES = 4096
EXTRA_FACT_WEIGHT = 0.5  # each further name, number or date in one sentence
MAX_EXTRA_FACTS = 3

_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                     r"forty|fifty|hundred|thousand|million|dozen|twice|half)\b", re.IGNORECASE)
_NUMBER_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*")
_TIME = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow|tonight|yesterday|"
    r"(?:next|last|this) (?:week|month|year|morning|evening)|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|noon|midnight|o'clock)\b|\d\s*(?:am|pm|a\.m\.|p\.m\.)\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}:\d\d"
    r"|\d+\s*(?:시|분|월|일|년|點|点|号|號|日|月|年)|[월화수목금토일]요일|주말|내일|모레|어제|오전|오후|다음\s?주|이번\s?주|"
    r"다음\s?달|이번\s?달|[上下这]周|周[一二三四五六日末]|星期|礼拜|明天|后天|昨天|上午|下午|晚上|[上下这]个月",
    re.IGNORECASE)
_HEALTH = re.compile(
    r"\b(?:allerg\w*|medicin\w*|medication|meds|pills?|doctor|dentist|hospital|clinic|surgery|diabet\w*|asthma|"
    r"prescri\w*|vaccin\w*|therapy|blood pressure|ibuprofen|aspirin|insulin|gluten|vegan|vegetarian|pregnan\w*)\b"
    r"|알레르기|알러지|약을|약은|약이|먹는 약|병원|의사|치과|처방|복용|수술|천식|당뇨|혈압|진료|임신|채식"
    r"|过敏|药|医院|医生|牙医|看病|手术|哮喘|糖尿病|血压|怀孕|素食",
    re.IGNORECASE)
_PLAN = re.compile(
    r"\b(?:booked|reserved|appointment|meeting|deadline|budget|rent|salary|loan|fee|dues|trip|flight|party)\b"
    r"|약속|예약|회의|모임|미팅|예산|월세|전세|월급|회비|대출|여행|집들이|이사"
    r"|预订|会议|开会|预算|房租|工资|贷款|旅行|搬家",
    re.IGNORECASE)
_INTENT = re.compile(
    r"\b(?:will|going to|plan\w*|decided|decide|scheduled|agreed|promised|need to|have to)\b|'ll\b"
    r"|예정|계획|결정|정했|기로|[갈할올볼살] (?:거|것)|打算|计划|决定|准备|约好|安排|要去|我会|我要",
    re.IGNORECASE)
_RELATION = re.compile(
    r"\b(?:sister|brother|mom|mother|dad|father|parents|wife|husband|son|daughter|friend|boss|manager|landlord|"
    r"neighbou?r|colleague|partner|girlfriend|boyfriend|dog|cat|puppy|kitten)\b"
    r"|동생|언니|누나|오빠|형|엄마|아빠|부모님|남편|아내|아들|딸|친구|팀장|사장님|집주인|동료|강아지|고양이"
    r"|妹妹|姐姐|弟弟|哥哥|妈妈|爸爸|爸妈|父母|丈夫|老公|妻子|老婆|儿子|女儿|朋友|经理|老板|房东|同事|狗|猫",
    re.IGNORECASE)
_COURTESY = re.compile(
    r"\b(?:hi|hello|hey|thanks|thank you|good (?:morning|night|evening)|bye|how are you|weather|rain\w*|sunny|"
    r"cold|gloomy|mood|you're welcome|let me know|feel free|any ?time|happy to help|good luck|have a (?:great|"
    r"nice|wonderful)|as an ai|i'm sorry|i am sorry|that's all|congratulations|lovely to hear|glad)\b"
    r"|안녕|고마워|고맙|감사|날씨|추워|춥|더워|덥|비가|기분|천만에요|언제든|말씀해 주세요|드릴게요|도와드릴|"
    r"축하|좋은 하루|즐거운|여기까지|도움 됐|반가워|ㅋㅋ|ㅎㅎ"
    r"|你好|谢谢|天气|冷了|热了|下雨|心情|再见|哈哈|不客气|随时|告诉我|先到这里|帮了大忙|祝",
    re.IGNORECASE)
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\.? [A-Z][a-z]+)*")
_PLACE_BEFORE = re.compile(r"\b(?:in|at|to|from|near|on|visit|visiting)\s+(?:the\s+)?$")
_OPENERS = frozenset(
    "a an the my our your his her their its this that these those i i'm i've it it's we you he she they so and "
    "but also oh ok okay well then yes no hi hello hey thanks thank good great sure please what when where who why "
    "how can could would should do does did is are was were let tell remind maybe just next last any if "
    "congratulations happy have keep set eat put ugh wow nice sounds on in at to from for with after before during "
    "since by about of".split())
_KOREAN_PLACE_PARTICLES = frozenset("에 에서 으로 로 까지 부터".split())  # 부산에, 대전으로, 강남역에서
_KOREAN_NUMERALS = frozenset("한 두 세 네 석 넉 다섯 여섯 일곱 여덟 아홉 열 스무".split())  # 세 명, 석 달
_CHINESE_KINDS = {"nr": "name", "nrfg": "name", "nrt": "name", "ns": "place", "nt": "name", "nz": "name",
                  "t": "time", "m": "number"}
_CHINESE_VAGUE = frozenset("一 一个 一些 一下 一点 有点 一起 一定 一样 一直 最近 现在 今天 以后 之前 早上 早晨 晚上 "
                           "平时 刚才".split())
# a number said without its unit (45만, 3500, 三个, three): the word after it is the unit
_BARE_NUMBER = re.compile(r"[$€£¥]?[\d.,]+[만천백억万千百亿]*|[一二三四五六七八九十两百千万]+个?|[a-z]+", re.I)
_CHINESE_NUMERAL = re.compile(r"[\d一二三四五六七八九十两百千万亿半]")
_UNIT = re.compile(r"[a-z%$€£¥]{1,8}[.,!?]?")  # what follows a number in lower case: pm, hours, euros, kg
_SENTENCE_OPENS = re.compile(r"(?:^|[.!?。！？]\s+)[\s\"'“(]*$")


def _english_names(sentence: str) -> Iterable[tuple[str, str]]:
    """The capitalized words of a sentence that name someone or somewhere: within it, or opening it when the word
    opens no ordinary sentence; a place when it follows in, at, to, from or near."""
    for match in _NAME.finditer(sentence):
        word = match.group()
        first = word.split()[0].lower()
        opens = bool(_SENTENCE_OPENS.search(sentence[:match.start()]))
        if (opens and first in _OPENERS) or _TIME.fullmatch(word) or first == "i":
            continue
        yield word, "place" if _PLACE_BEFORE.search(sentence[:match.start()]) else "name"


def _korean_facts(sentence: str) -> Iterable[tuple[str, str]]:
    """Kiwi's names (NNP: a place when a place particle follows), numbers (SN) and numerals (NR)."""
    tags = korean_tags(sentence)
    for index, (form, tag) in enumerate(tags):
        if tag == "NNP" and not _HEALTH.search(form):
            after = tags[index + 1] if index + 1 < len(tags) else ("", "")
            yield form, "place" if after[1] == "JKB" and after[0] in _KOREAN_PLACE_PARTICLES else "name"
        elif tag in ("SN", "NR") or (tag == "MM" and form in _KOREAN_NUMERALS):
            yield form, "number"


def _chinese_facts(sentence: str) -> Iterable[tuple[str, str]]:
    """jieba's people (nr), places (ns), organizations and other names (nt, nz), times (t) and numbers (m)."""
    for word, flag in chinese_tags(sentence):
        kind = _CHINESE_KINDS.get(flag)
        if kind == "number" and not _CHINESE_NUMERAL.search(word):
            continue  # jieba tags a lone 年 or 个 a number too
        if kind and word not in _CHINESE_VAGUE and not (kind == "name" and (len(word) < 2 or _HEALTH.search(word)
                                                                             or _COURTESY.search(word))):
            yield word, kind


def facts_in(sentence: str) -> list[tuple[str, str]]:
    """The facts a sentence states, each as (what, kind): kind one of number, time, name, place, health, plan,
    intent, relation; a number said in digits once, however many tags read it."""
    return list(_facts(sentence))


@lru_cache(maxsize=CACHED_SENTENCES)
def _facts(sentence: str) -> tuple[tuple[str, str], ...]:
    """facts_in, cached: a summary weighs a sentence many times while it fits the size."""
    found: list[tuple[str, str]] = [(number, "number") for number in _NUMBER_TOKEN.findall(sentence)]
    found += [(match.group(), "number") for match in _NUMBER.finditer(sentence) if match.group().isalpha()]
    found += [(match.group(), "time") for match in _TIME.finditer(sentence)]
    found += list(_english_names(sentence))
    if re.search(r"[가-힣]", sentence):
        found += list(_korean_facts(sentence))
    if re.search(r"[\u4e00-\u9fff]", sentence):
        found += list(_chinese_facts(sentence))
    for kind, pattern in (("health", _HEALTH), ("plan", _PLAN), ("intent", _INTENT), ("relation", _RELATION)):
        found += [(match.group(), kind) for match in pattern.finditer(sentence)]
    return tuple(dict.fromkeys(found))


def fact_weight(sentence: str) -> float:
    """How much of a person's life a sentence carries: each kind of fact it states once, by its weight, and a
    little for each further fact (0 for a sentence that states none)."""
    found = facts_in(sentence)
    kinds = {kind for _, kind in found}
    extra = min(max(len(found) - len(kinds), 0), MAX_EXTRA_FACTS)
    return sum(FACT_WEIGHTS[kind] for kind in kinds) + EXTRA_FACT_WEIGHT * extra


def is_courtesy(sentence: str) -> bool:
    """Whether a sentence greets, thanks, talks of the weather or a mood, or offers help ("Let me know if…",
    "언제든 말씀해 주세요", "随时告诉我")."""
    return bool(_COURTESY.search(sentence))


def is_small_talk(sentence: str) -> bool:
    """Whether a sentence is only small talk: courtesy or the weather, stating no fact."""
    return is_courtesy(sentence) and not {kind for _, kind in facts_in(sentence)} - {"relation", "plan", "intent"}


def _widened(kind: str, index: int, words: list[str]) -> list[int]:
    """The words a fact at word `index` is said with: a number's unit after it ("45만 원", "3500元", "3 pm"), the
    name after a relation in Korean and Chinese ("강아지 보리도", "狗豆豆"), what a health word is about ("땅콩
    알레르기", "花生过敏", "allergic to peanuts")."""
    word, following = words[index], words[index + 1] if index + 1 < len(words) else ""
    glued = is_glued(word)
    unit = bool(_BARE_NUMBER.fullmatch(word)) and (is_glued(following) or bool(_UNIT.fullmatch(following)))
    after = {"number": int(unit), "relation": int(glued), "health": 0 if glued else 2}.get(kind, 0)
    before = 1 if kind == "health" and glued else 0
    return [i for i in range(index - before, index + after + 1) if 0 <= i < len(words)]


def fact_words(sentence: str) -> list[tuple[int, int]]:
    """The stretches of a sentence that state its facts, whole words each, in order: what a summary with too
    little room for the whole sentence keeps of it."""
    spans = word_spans(sentence)
    words = [sentence[start:end] for start, end in spans]
    kept: set[int] = set()
    for what, kind in facts_in(sentence):
        start = sentence.find(what) if kind not in UNSTATED else -1
        while start >= 0:
            end = start + len(what)
            for index, (word_start, word_end) in enumerate(spans):
                if word_start < end and start < word_end:
                    kept.update(_widened(kind, index, words))
            start = sentence.find(what, end)
    stretches: list[tuple[int, int]] = []
    for index in sorted(kept):
        if stretches and index - 1 in kept:
            stretches[-1] = (stretches[-1][0], spans[index][1])
        else:
            stretches.append(spans[index])
    return stretches
