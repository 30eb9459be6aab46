"""What kind of thing a question about a document asks for (a time, a place, an amount, a count, a length of
time, a person) and whether a line tells that kind, in English, Korean and Chinese; and the day or row a question
counts to ("the second day", "둘째 날", "第二天"), which in a plan is the table's row of that number."""

import re

WHEN, WHERE, AMOUNT, COUNT, LENGTH, WHO, CODE = "when", "where", "amount", "count", "length", "who", "code"
_MONTHS = "january february march april may june july august september october november december"
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday"
_CJK_DIGIT = "[\\d一二两三四五六七八九十百]"

# What a question asks for: each pattern with the kinds a line may tell to answer it (one of them).
_ASKS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"(?i)^\W*when\b|\bwhen (?:is|are|was|were|do|does|did|will|can|should|must)\b"
                r"|\b(?:what time|what day|which day|what date|by when|how soon|deadline)\b"
                r"|언제|몇 ?시|며칠|무슨 ?요일|몇 ?월|몇 ?일(?!째)|날짜|기한|마감"
                r"|什么时候|几点|哪天|哪一天|几号|几月|星期几|周几|哪个月|何时|日期|期限"), frozenset({WHEN})),
    (re.compile(r"(?i)\bwhere\b|\bwhich (?:place|restaurant|hotel|area|room|venue|city|café|cafe)\b"
                r"|어디|어느 ?(?:곳|장소|지역|식당|호텔|숙소|동네|도시)|장소"
                r"|哪里|哪儿|在哪|什么地方|哪家|哪个(?:地方|酒店|宾馆|饭店|餐厅|场馆|城市)|地点"), frozenset({WHERE})),
    (re.compile(r"(?i)\bhow much\b|\bwhat(?:'s| is| are)(?: the)? (?:cost|price|fee)s?\b|얼마(?!나)|금액이|가격이"
                r"|多少钱|价格是|花多少"),
     frozenset({AMOUNT})),
    (re.compile(r"(?i)\bhow many\b|몇 ?(?:명|개|번|회|분|장|권|대)|인원|几个|几位|几人|几次|多少人|多少次"),
     frozenset({COUNT})),
    (re.compile(r"(?i)\bhow long\b|얼마나 ?(?:오래|걸려|돼|되)|몇 ?(?:년|개월|달|시간)|기간|임기"
                r"|多久|多长|几年|几个月"),
     frozenset({LENGTH})),
    (re.compile(r"(?i)\b(?:number|code|confirmation|reference|booking|pin|password)\b|번호|코드|비밀번호"
                r"|号码|编号|代码|密码|单号"), frozenset({CODE})),
    (re.compile(r"多少|几"), frozenset({AMOUNT, COUNT})),
    (re.compile(r"(?i)\bwho(?:m|se)?\b|누구|누가|谁"), frozenset({WHO})),
)

_TELLS = {
    WHEN: re.compile(
        rf"(?i)\b(?:{_MONTHS.replace(' ', '|')}|{_WEEKDAYS.replace(' ', '|')}|noon|midnight|tonight|tomorrow)\b"
        r"|\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\b(?:every|each) (?:day|week|month|morning|evening)\b"
        r"|\d+\s?(?:월|일|시)(?!간)|[월화수목금토일]요일|오전|오후|저녁|아침|새벽|매주|매월|매일|매달|\d+일 ?전"
        rf"|{_CJK_DIGIT}+\s?(?:月|日|号|点)|[周]\s?[一二三四五六日天]|星期|上午|下午|晚上|早上|中午|每周|每月|每天"),
    WHERE: re.compile(
        r"(?i)\b(?:room|floor|hall|cent(?:er|re)|park|street|st\.|avenue|road|hotel|guesthouse|house|station|gate"
        r"|library|restaurant|caf[eé]|airport|office|church|school|club|bar|taberna|cervejaria|palace)\b"
        r"|(?:\bat|\bin|\bfrom)\s+(?:the\s+)?[A-Z][a-z]+|\b(?:in|inside|under|behind|near|next to|on top of)\s+"
        r"(?:the|a|an|our|my|your)\s+\w+"
        r"|장소|(?:회의실|층|호실|강당|관|역|공원|호텔|펜션|식당|카페|센터|시장|거리|연수원|학교|병원|공항"
        r"|터미널|해변|운동장|경기장|테니스장|도서관|사무실|회관|숙소|지역)|[가-힣]{2,}(?<![일활])(?:시|동|구)\s|에서\b"
        r"|地点|(?:楼|室|馆|中心|公园|路|街|酒店|宾馆|饭店|餐厅|店|园|站|区|机场|巷子|基地|祠|堰)"),
    AMOUNT: re.compile(
        r"(?i)[$€£¥₩]\s?\d|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|won|yuan|usd|eur|gbp|krw)\b"
        r"|\d[\d,.]*\s?(?:만|천)?\s?원|\d+\s?만|[\d一二两三四五六七八九十百千万]+\s?(?:元|块|万)"),
    COUNT: re.compile(
        r"(?i)\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\s+(?:members?|people|persons?"
        r"|adults?|children|kids|times?|bulbs?|nights?|days?|runs?)\b"
        r"|\d+\s?(?:명|개|번|회|박|권|장|대)|(?:한|두|세|네|다섯) ?(?:명|번|개)"
        rf"|{_CJK_DIGIT}+\s?(?:人|位|个|次|名|晚)"),
    LENGTH: re.compile(
        r"(?i)\b(?:\d+|one|two|three|four|five|six|ten|a|an)\s+(?:years?|months?|weeks?|days?|hours?|minutes?)\b"
        rf"|\d+\s?(?:년|개월|달|주|시간|분|박)|{_CJK_DIGIT}+\s?(?:年|个月|周|天|小时|分钟|晚)"),
    CODE: re.compile(r"\b[A-Z]{1,4}[- ]?\d{2,}\b|\b[A-Z]{2}\d*-\d+\b|(?<![\d.,:])\d{3,}(?![\d.,:년월일원元])"),
    WHO: re.compile(
        r"\b[A-Z][a-z]+ [A-Z][a-z]+\b|\b(?:by|to|with) [A-Z][a-z]+\b|\b[A-Z][a-z]+ will\b|treasurer|chair|coach"
        r"|[가-힣]{2,4}(?:이|가|에게|님|씨)\s|총무|회장|담당|코치|由[\u4e00-\u9fff]{2,3}|[\u4e00-\u9fff]{2,3}负责"
        r"|队长|财务|会长|教练"),
}
# Labels and headings that name what their line tells: "인원: 어른 2명" gives the count of people.
_LABELS = {
    WHEN: re.compile(r"(?i)\b(?:date|time|when|schedule|deadline)\b|일시|날짜|시간|기간|일정|时间|日期|期限"),
    WHERE: re.compile(r"(?i)\b(?:place|venue|location|where|address|stay)\b|장소|위치|주소|숙소|地点|地址|住宿"),
    AMOUNT: re.compile(r"(?i)\b(?:cost|price|fee|budget)s?\b|비용|예산|금액|가격|회비|费用|预算|价格|会费"),
    COUNT: re.compile(r"(?i)\b(?:travell?ers|people|participants|attendees|headcount)\b|인원|참석자|人数|参会人员"),
}
_LABEL = re.compile(r"^([^:：]{1,20})[:：]")
_ORDINALS = (
    (re.compile(r"(?i)\b(?:first|1st) (?:day|night|evening)|\bday (?:one|1)\b|첫 ?(?:날|째 ?날)|1 ?일 ?(?:차|째)"
                r"|第[一1]天|头一天|第一晚"), 1),
    (re.compile(r"(?i)\b(?:second|2nd) (?:day|night|evening)|\bday (?:two|2)\b|둘째 ?날|이튿 ?날|2 ?일 ?(?:차|째)"
                r"|第[二2]天|第二晚"), 2),
    (re.compile(r"(?i)\b(?:third|3rd) (?:day|night|evening)|\bday (?:three|3)\b|셋째 ?날|사흘 ?째|3 ?일 ?(?:차|째)"
                r"|第[三3]天|第三晚"), 3),
    (re.compile(r"(?i)\b(?:fourth|4th) (?:day|night|evening)|\bday (?:four|4)\b|넷째 ?날|나흘 ?째|4 ?일 ?(?:차|째)"
                r"|第[四4]天|第四晚"), 4),
    (re.compile(r"(?i)\b(?:last|final) (?:day|night|evening)|마지막 ?날|最后一天|最后一晚"), -1),
)


_TOTAL_ASKED = re.compile(r"(?i)\b(?:in total|total|whole|overall|altogether|all together|in all)\b"
                          r"|전체|총|다 ?합쳐|모두 ?합|통틀어|总共|一共|总|全部|合计")
_TOTAL_TOLD = re.compile(r"(?i)\b(?:total|overall|altogether|in all|grand)\b|(?:^|\s)총\s?|전체|总")
# The words a question asks with rather than about (what, how much, 몇, 多少): no line need hold them.
ASKING_WORDS = frozenset("much many long often time date day place doe should need hav wher whe tim number "
                         "몇 며칠 뭐 무슨 무엇 어느 누가 누구 날짜 시간 곳 번호 "
                         "多少 多 少 几 什么 哪 哪里 哪个 哪一天 哪一 一天 天 谁 怎么 时候 候 吗 呢 要 号码".split())


def asks_total(question: str) -> bool:
    """Whether the question asks for the whole of something (the total budget, not one of its items)."""
    return bool(_TOTAL_ASKED.search(question))


def tells_total(text: str) -> bool:
    """Whether a line gives a whole ("총 예산", "Total budget", "总预算")."""
    return bool(_TOTAL_TOLD.search(text))


def kinds_asked(question: str) -> list[frozenset[str]]:
    """What the question asks for, one set of kinds for each thing it asks ("when and where": two); a line that
    tells one kind of a set answers that part."""
    asked: list[frozenset[str]] = []
    for pattern, kinds in _ASKS:
        if pattern.search(question) and not any(kinds & earlier for earlier in asked):
            asked.append(kinds)
    return asked


TOLD_CHARS = 600  # a line's kinds are read in its first few sentences (a pasted paragraph can be a page long)


def kinds_told(text: str) -> set[str]:
    """The kinds of thing a line tells."""
    return {kind for kind, pattern in _TELLS.items() if pattern.search(text[:TOLD_CHARS])}


def kinds_labelled(passage_text: str, context: str) -> set[str]:
    """The kinds a line's label ("인원:", "Date:") or its headings name."""
    label = _LABEL.match(passage_text)
    named = f"{label[1] if label else ''} {context}"
    return {kind for kind, pattern in _LABELS.items() if pattern.search(named)}


def share_answered(asked: list[frozenset[str]], told: set[str]) -> float:
    """How much of what the question asks a line tells (1.0 for all of it; 0.0 when the question asks no kind)."""
    return sum(bool(kinds & told) for kinds in asked) / len(asked) if asked else 0.0


def day_counted(question: str) -> int | None:
    """The day (or night) a question counts to, 1 for the first, -1 for the last; None when it counts none."""
    return next((number for pattern, number in _ORDINALS if pattern.search(question)), None)
