"""Phrase tables for matching questions to tools, kept apart so the matcher itself stays short."""

NUMBER = r"(?<![\d.])(\d+(?:\.\d+)?)"  # starts only where a number starts, so long digit runs stay linear

# Names the calculator accepts as functions or constants.
FUNCTION_NAMES = (
    "sqrt", "log", "log10", "log2", "exp", "sin", "cos", "tan", "abs", "round", "floor", "ceil",
    "factorial", "pi", "e", "tau",
)

# English number words, read as digits before anything else.
UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
TENS = {word: 10 * n for n, word in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2
)}

# Spoken operators, mapped to the symbol the calculator reads.
ENGLISH_OPERATORS = {
    "plus": "+", "minus": "-", "times": "*", "multiplied by": "*", "divided by": "/", "mod": "%",
    "modulo": "%", "to the power of": "**", "raised to the power of": "**", "raised to": "**",
}
CJK_OPERATORS = {
    "더하기": "+", "빼기": "-", "곱하기": "*", "나누기": "/", "플러스": "+", "마이너스": "-",
    "加上": "+", "加": "+", "减去": "-", "减": "-", "乘以": "*", "乘": "*", "除以": "/",
}

# Phrasings rewritten to calculator syntax before the operators are; the order matters.
REWRITES = (
    (rf"{NUMBER}\s*(?:%|percent|per cent|퍼센트|프로)\s*of\s*{NUMBER}", r"\2 * \1 / 100"),
    (rf"{NUMBER}\s*(?:의|的)\s*{NUMBER}\s*(?:%|퍼센트|프로)", r"\1 * \2 / 100"),
    (rf"{NUMBER}\s*的\s*百分之\s*{NUMBER}", r"\1 * \2 / 100"),
    (rf"{NUMBER}\s*(?:의\s*제곱근|的平方根)", r"sqrt(\1)"),
    (rf"(?:the\s+)?square root of\s*{NUMBER}|(?:루트|根号)\s*{NUMBER}", r"sqrt(\1\2)"),
    (rf"{NUMBER}\s*(?:의|的)\s*{NUMBER}\s*(?:제곱|次方|次幂)", r"\1 ** \2"),
    (rf"{NUMBER}\s*(?:squared|제곱|的平方)", r"\1 ** 2"),
    (rf"{NUMBER}\s*cubed", r"\1 ** 3"),
    (r"(?<=[\d)])\s+x\s+(?=[\d(])", " * "),
)

# What may precede or follow an arithmetic question without being part of it.
LEAD = (
    r"^(?:(?:hey|hi|ok|okay|so|please)[,!]?\s+)?(?:(?:can|could|would) you\s+)?(?:please\s+)?"
    r"(?:(?:what\s*'?s|what is|how much is|calculate|compute|evaluate|solve|work out):?\s+"
    r"(?:the (?:value|result|answer) (?:of|to)\s+)?|(?:请问|请|帮我)*\s*(?:计算|算一下|算算)\s*[:]?\s*)"
)
TRAIL = (
    r"(?:\s*(?:[?!.=,]|equals?(?: to)?|please|for me|(?:은|는|이|가|을|를)(?=\s*(?:얼마|계산|뭐|[?!.]|$))"
    r"|얼마(?:야|예요|에요|지|죠|일까|인가요|입니까|니|나요)?|계산(?:해\s*(?:줘|주세요|줄래|봐)|하면|해)?"
    r"|뭐(?:야|예요|에요|지|죠)?|알려\s*(?:줘|주세요|줄래)|값(?:은|이)?"
    r"|等于多少|等于几|等于|是多少|是几|呢|啊|呀)){1,6}$"
)

# Greetings, thanks and fillers a message may open with before its question; stripped, repeatedly.
GREETING = (
    r"^(?:(?:hello|hiya|hi|hey|yo|good (?:morning|afternoon|evening)|thanks|thank you|ok|okay|so|well|um|"
    r"quick question|quick one|now|then|and|also|안녕하세요|안녕|감사합니다|고마워요?|저기요?|음|그럼|그러면|그리고|"
    r"你好|您好|嗨|哈喽|谢谢|那个|那么)(?:\s+there)?(?=[\s,!.~，。！:\-—]|$)[\s,!.~，。！:\-—]*)+"
)
CLAUSE_END = r"(?<=[!?。！？~])\s*|(?<=[.:])\s+(?=\D)|(?<=[,，])\s*(?=[^\d\s(])"

# Shapes of dates and phone numbers, which look like subtraction or division but are not.
NOT_ARITHMETIC = r"\d{4}-\d{1,2}-\d{1,2}|\d{2,4}-\d{3,4}-\d{4}|\d{1,2}/\d{1,2}/\d{2,4}"

# Questions about the current date or time; each pattern must cover the whole normalised message.
_EN_LEAD = r"^(?:(?:hey|hi|ok|okay|so)[,!]?\s+)?(?:(?:can|could|would) you\s+)?(?:please\s+)?"
_EN_TAIL = r"(?: (?:today|now|right now|currently|please))?\s*[?.!]*$"
_KO_TAIL = (
    r"\s*(?:이야|야|예요|에요|이에요|이지|지|죠|니|냐|일까|인가요|입니까|인지|이냐|이니|나요)?"
    r"\s*(?:알려\s*(?:줘|주세요|줄래요?))?\s*[?.!]*$"
)
_ZH_LEAD = r"^(?:请问|请告诉我|告诉我|你知道)?\s*"
_ZH_TAIL = r"\s*(?:了|啊|呀|呢|吗|啦)*\s*[?.!]*$"
_UNITS = r"(?:time|date|day|year|month|day of the week|date and time|time and date)"
DATETIME_PATTERNS = (
    _EN_LEAD + rf"(?:tell me |do you know )?what(?:\s*'?s| is) (?:the )?(?:current |exact |local )?{_UNITS}"
    + _EN_TAIL,
    _EN_LEAD + r"(?:tell me |do you know )?what(?:\s*'?s| is) today'?s date" + _EN_TAIL,
    _EN_LEAD + rf"(?:tell me |do you know )?what {_UNITS} (?:is it|it is|is today|today is)" + _EN_TAIL,
    _EN_LEAD + rf"(?:tell me|give me|show me|do you know) (?:the )?(?:current |exact |local )?{_UNITS}"
    + _EN_TAIL,
    _EN_LEAD + r"(?:today'?s date|the date today|(?:the )?current (?:time|date)|the time now)" + _EN_TAIL,
    r"^(?:혹시\s*)?(?:지금|현재)?\s*(?:시간은?\s*|시각은?\s*)?몇\s*시\s*(?:몇\s*분)?" + _KO_TAIL,
    r"^(?:혹시\s*)?(?:지금|현재)\s*(?:시간|시각)(?:은|이)?\s*(?:뭐|어떻게\s*돼)?" + _KO_TAIL,
    r"^(?:혹시\s*)?오늘(?:은|이)?\s*(?:날짜|며칠|몇\s*월\s*며칠|몇\s*일|무슨\s*요일|요일)(?:가|이|은|는)?"
    r"\s*(?:뭐|어떻게\s*돼|며칠|무슨\s*요일)?" + _KO_TAIL,
    r"^(?:혹시\s*)?(?:오늘은?\s*)?무슨\s*요일" + _KO_TAIL,
    r"^(?:올해는?|지금은?)\s*몇\s*년도?" + _KO_TAIL,
    _ZH_LEAD + r"(?:现在|当前|目前)?\s*(?:是)?\s*几点(?:钟)?(?:了)?(?:几分)?" + _ZH_TAIL,
    _ZH_LEAD + r"(?:现在|当前)的?\s*(?:时间|时刻)(?:是)?(?:多少|几点|什么)?" + _ZH_TAIL,
    _ZH_LEAD + r"今天(?:是)?\s*(?:几月)?(?:几号|几日|星期几|周几|礼拜几|什么日子|哪一天|哪天)" + _ZH_TAIL,
    _ZH_LEAD + r"(?:今天|现在)的?日期(?:是)?(?:什么|多少|几号)?" + _ZH_TAIL,
    _ZH_LEAD + r"今年(?:是)?(?:哪一年|哪年|几几年|多少年|什么年)" + _ZH_TAIL,
)
