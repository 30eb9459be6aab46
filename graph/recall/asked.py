"""What a question asks for (a person, a day, an amount, how often, how long, a job, a place) and whether a
sentence tells it, in English, Korean and Chinese: a sentence that cannot tell what was asked for does not answer
the question."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from graph.recall.said import sentences_of
from state.words import chinese_words, korean_nouns

_NUMBER_WORD = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|few|several|a couple of)"
_CJK_DIGIT = "[\\d一两二三四五六七八九十几]"
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_JOB_NOUN = (r"[\w-]*(?:er|or|ist|ian|ant|ent|man|woman|nurse|chef|cook|doctor|vet|pilot|clerk|judge|coach|"
             r"surgeon|dentist|architect)\b")
_KOREAN_JOB = ("(?:통역사|관제사|선생님|교사|강사|교수|의사|간호사|약사|변호사|회계사|세무사|건축가|디자이너|엔지니어|"
               "개발자|프로그래머|기자|작가|플로리스트|바리스타|요리사|셰프|공무원|회사원|연구원|은행원|경찰|소방관|"
               "군인|정비사|수의사|미용사|번역가|화가|배우|가수|농부|목수)")
_CHINESE_UNIT = "(?:[个块元斤岁只条张本件位名次天年周层米]|公斤|公里|小时|分钟|个月)"  # counted: 一 alone is an idiom's
_CHINESE_JOB = "(?:员|师|老师|医生|翻译|护士|律师|司机|记者|作家|经理|老板|警察|会计|工人|农民|演员|歌手)"
_NO_NAMES = frozenset("mom mum dad mother father grandma grandpa granny auntie uncle god january february march april "
                      "may june july august september october november december monday tuesday wednesday thursday "
                      "friday saturday sunday english korean chinese".split())  # capitalized, and no one's name
_EN_STARTERS = frozenset("i i'm i've i'd i'll my we we're our you your it it's that this there the a an so and but "
                         "also just yes yeah yep yup nope no ok okay oh ha haha lol well then now today tonight sure "
                         "hmm wow thanks right cool great nice sorry hey hi hello anyway maybe probably honestly "
                         "actually".split())


@dataclass(frozen=True)
class Kind:
    """One kind of thing a question asks for: how a question asks it and how a sentence tells it."""

    name: str
    asks: re.Pattern[str]
    tells: re.Pattern[str] | None  # None: told by a name alone
    required: bool = True  # no sentence without it answers (a day, a name, a number); else it only counts for one
    named: bool = False  # a name (see `names_someone`) tells it too...
    titled: bool = False  # ...and a Korean or Chinese person's, said with a title (민석 씨, 吴师傅)
    new: bool = False  # a name the question gives tells nothing ("the weather in Vietnam" is no place in Vietnam)


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
                    r"thousand|million)\b)|[两二三四五六七八九十百千万亿]|一(?:[百千万亿]|" + _CHINESE_UNIT + ")")),
    Kind("name", re.compile(r"(?i)\bwhat(?:'s| is| was) (?:\w+'s )?name\b|\bcalled\?|"
                            r"\bnam(?:e|ing) (?:the|their|his)\b|이름이? 뭐|叫啥|叫什么|什么名字"),
         re.compile(r"\b(?:[Cc]alled|[Nn]amed|[Nn]ame is|[Nn]ame's) [A-Z]|이름은|이름이|이?라고 (?:해|불러|부르|지었)|"
                    r"叫[\u4e00-\u9fff]|名字是"), named=True, titled=True),
    Kind("who", re.compile(r"(?i)^\W*(?:\w+ )?who(?:'s|se|m)?\b|\b(?:with|to|for|by|from|of) who(?:m|se)?\b|"
                           r"누구|누가|谁"), None, named=True, titled=True),  # "the coworker who..." asks for no one
    Kind("job", re.compile(r"(?i)\bjob\b|\bline of work\b|\bkind of work\b|\bdo for (?:a )?(?:work|living)\b|"
                           r"\b(?:make|earn)s? (?:a|her|his|their|my|your) living\b|\bprofession\b|\boccupation\b|"
                           r"직업|무슨 일|뭐 하는 사람|뭐 해서 먹고|하는 일|직장에서 뭐|"
                           r"什么工作|干什么|做什么的|干哪行|哪一行|从事什么|职业|靠什么吃饭"),
         re.compile(rf"(?i)\b(?:is|'s|was|works as|worked as|became|as) an? (?:[\w-]+ ){{0,3}}{_JOB_NOUN}|"
                    r"\bwork(?:s|ed)? (?:as|at|for)\b|\bteach(?:es|ing)?\b|"
                    rf"{_KOREAN_JOB}|[가-힣]+(?:사|가|원|관|님|트|너|어|머)(?:라서|라|이라|인데|이고|이야|야|예요|이에요)|"
                    rf"[当是做][\u4e00-\u9fff]{{0,6}}{_CHINESE_JOB}|工作|上班")),
    Kind("place", re.compile(r"(?i)\bwhere\b|\b(?:what|which) (?:city|town|country|neighbou?rhood|part of town)\b|"
                             r"\bhometown\b|어디|어느 (?:도시|동네|나라|지역)|고향|"
                             r"哪儿|哪里|哪座城市|哪个城市|哪一片|哪片|老家|哪国|哪个国家"),
         re.compile(r"\b(?:in|at|from|to|near) (?:the )?[A-Z]|"
                    r"\b(?:in|on|under|behind|inside|near|next to) (?:the|my|a|his|her|our|their) \w|"
                    r"[가-힣]+(?:에|에서) (?:있|살|사시|사는|살아|가|산)|[가-힣]+(?:으로|로) (?:바꿨|가|갔|간|옮|이사)|"
                    r"[가-힣]+(?:동|시|도|군|구|섬)(?:에|에서|으로|로)|[가-힣]{1,3}(?:동|구|시) |"
                    r"(?:[在到去回住]|改成|改到|搬到)[\u4e00-\u9fff]{2,4}"), named=True, new=True),
)
_NAME = re.compile(r"[A-Z][\w'.-]*")
_KOREAN_PARTICLE = re.compile(r"(?:이랑|이가|이는|이한테)$")  # 하영이가: the name is 하영
# the surnames Chinese people are called by with 小, 老, 阿 or a title (小何, 吴师傅): 小时候 and 我哥 name no one
_SURNAME = ("[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏"
            "吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤]")
_HONORIFIC = re.compile(r"[가-힣]{1,3} ?(?:씨|님|선생|원장|사장|소장|반장|언니|오빠|누나|형)|"
                        r"[가-힣]{2,3}(?:이랑|이가|이는|이한테)|"
                        f"(?:小|老|阿){_SURNAME}|{_SURNAME}(?:师傅|医生|大夫|老师|总|姐|哥|叔|阿姨)")


def kind_asked(question: str) -> Kind | None:
    """What the question asks for by its form; None when its form names no kind (what, which, where)."""
    return next((kind for kind in KINDS if kind.asks.search(question)), None)


def tells_kind(kind: Kind, sentence: str, question: str, names: frozenset[str] | None = None) -> bool:
    """Whether the sentence tells what the kind asks for: a number, a day, a job, a place or a name it has (a
    name the question already gives tells nothing; `names` as `names_someone` reads them)."""
    if kind.tells is not None and kind.tells.search(_without_given(sentence, question) if kind.new else sentence):
        return True
    return kind.named and names_someone(sentence, question, names, kind.titled)


def proper_names(words: set[str]) -> set[str]:
    """The words that may be someone's or somewhere's name: not a month, a weekday or a family word."""
    return words - _NO_NAMES


def _without_given(sentence: str, question: str) -> str:
    """The sentence without the names and the Korean or Chinese words the question gives: "the weather in
    Vietnam" and "要去越南" tell no place to "Where in Vietnam am I going?" or "我现在要去越南哪里？"."""
    given = {word.rstrip("'s") for word in _NAME.findall(question)[1:]}
    bare = " ".join(word for word in sentence.split() if word.strip(".,!?:;\"'()").removesuffix("'s") not in given)
    for word in {*korean_nouns(question), *chinese_words(question, with_parts=False)}:
        bare = bare.replace(word, " ") if len(word) > 1 else bare
    return bare


def names_someone(sentence: str, question: str, names: frozenset[str] | None = None, titled: bool = True) -> bool:
    """Whether a sentence names someone (or somewhere) the question does not: a capitalized word past a
    sentence's first, or a sentence's first word that is a known name (`names`, lower-cased: the words
    capitalized mid-sentence in what was said) or, not an everyday one, is followed by another capitalized word
    or a comma ("Edinburgh, Scotland"); or, when `titled`, a Korean or Chinese name as it is said (with 씨, 님,
    师傅, 小...)."""
    given = {word.lower().strip("'s") for word in _NAME.findall(question)}
    named = []
    for part in sentences_of(sentence):
        words = part.split()
        named += [_bare(word) for at, word in enumerate(words) if _NAME.match(word)
                  and (at or _first_is_name(word, words[1] if len(words) > 1 else "", names))]
    if any(word and word not in given and word not in _EN_STARTERS and word not in _NO_NAMES for word in named):
        return True
    return titled and any(match[0] not in question for match in _HONORIFIC.finditer(sentence))


def names_in(sentence: str, question: str) -> list[str]:
    """The names a sentence gives that the question does not, as they are written (Hayoung, 서 사장님, 하영, 小何), in
    order: the capitalized words past a sentence's first and the Korean or Chinese names said with a title."""
    found = [word.strip(".,!?:;\"'()").removesuffix("'s") for part in sentences_of(sentence)
             for word in part.split()[1:] if _NAME.match(word)]
    found = [word for word in found if word.lower() not in _EN_STARTERS | _NO_NAMES]
    found += [_KOREAN_PARTICLE.sub("", match[0]) for match in _HONORIFIC.finditer(sentence)]
    return [name for name in dict.fromkeys(found) if name and name not in question]


def kind_named(name: str) -> Kind:
    """The kind of thing asked for that goes by this name ("who", "job"...)."""
    return next(kind for kind in KINDS if kind.name == name)


def spoken_names(sentences: Iterable[str]) -> frozenset[str]:
    """The words capitalized past a sentence's first, lower-cased: the names people and places go by in what was
    said (a common word is capitalized only where a sentence starts)."""
    return frozenset(_bare(word) for sentence in sentences for part in sentences_of(sentence)
                     for word in part.split()[1:] if _NAME.match(word))


def _first_is_name(word: str, following: str, names: frozenset[str] | None) -> bool:
    bare = _bare(word)
    if bare in _EN_STARTERS:
        return False
    return names is None or bare in names or word.endswith(",") or bool(_NAME.match(following))


def _bare(word: str) -> str:
    return word.strip(".,!?:;\"'()").removesuffix("'s").lower()


_LATEST = re.compile(r"(?i)\b(?:now|currently|so far|final(?:ly)?|in the end|new|latest)\b|지금|현재|이제|결국|최종|"
                     r"바뀌|바꿨|现在|目前|最后|最终|改成|改到")


def asks_latest(question: str) -> bool:
    """Whether a question asks for a value as it stands now (what was said last replaces what came before)."""
    return bool(_LATEST.search(question))


_SOMEONE = re.compile(r"(?i)\b(?:partner|friend|buddy|mate|guy|man|woman|lady|person|someone|relative|cousin|"
                      r"co-?worker|colleague|neighbou?r|husband|wife|boyfriend|girlfriend|boss|mechanic|vet|doctor|"
                      r"dentist|teacher|trainer|coach|roommate|landlord)s?\b|\b(?:who|whom)\b(?!'s)"
                      r"|친구|메이트|파트너|사장님|동료|남편|아내|남친|여친|선생님|의사|수의사|정비사|사람|주치의|집주인"
                      r"|朋友|搭子|师傅|同事|老公|老婆|丈夫|妻子|那位|的人|那个人|医生|老师|伙伴|旅伴|房东")


def describes_someone(question: str) -> bool:
    """Whether a question speaks of a person by what they are to the person asking ("my bouldering partner", "the
    coworker who used to be a barista", 볼더링 같이 하는 친구, 给我修空调的那位师傅), not by name."""
    return bool(_SOMEONE.search(question))
