"""The words that say which sum a question asks for, in English, Korean and Chinese; kept apart from the reading
of sums so that reading stays short. Each is matched against the lower-cased question."""

# Asking: a sum is only done for a question or a request, never for a statement ("my budget is 80만원").
ASKING = (
    r"[?？]|얼마|몇|계산|알려|구해|되나요|돼\s*[?.!]*$|(?:면|하면|이면)\s*[?.!~]*$|多少|几|怎么算|算一下|算算|请算|的话\s*[?？。]*$"
    r"|how (?:much|many)|what(?:'s| is| are| would| will| does)|work out|calculate|tell me"
)
# Asking for an amount: numbers with no money in them make a sum only when one is asked for.
HOW_MUCH = r"how (?:much|many)|what(?:'s| is| are)|얼마|몇|多少|几|split \S+ between|split \S+ \S+ ways"
# A fragment that is itself the request: "45 euros split between 3 of us", "split 45 euros three ways".
FRAGMENT = (r"^[^\w§]*(?:(?:please|can you|could you|now)\s+)?"
            r"(?:§|split|divide|share|add|take|subtract|나누|빼|더하|合计|平分)")
# Asking back about something said earlier is memory, not arithmetic.
MEMORY = (
    r"기억|했지|했었|말했|그랬지|했던|였지|뭐였|얘기했|remember|did i (?:say|tell|mention)|what did i|i told you|"
    r"you said|did we|我说过|记得|之前说|刚才说|上次|我跟你说"
)

# Division: the amount shared, by the people or parts it is shared among.
DIVIDE = (
    r"나누|나눠|나눈|나누어|엔빵|n빵|더치|분담|각자\s*얼마|각각\s*얼마|(?:인|명|사람|§)당\s*(?:얼마|몇)|"
    r"한\s*(?:명|사람)(?:당|에)?\s*얼마|split|divide|share[ds]?\b|shared|go(?:ing)? dutch|divvy|\bways\b|"
    r"(?<!§\s)(?<!§)\b(?:each|per person|per head|apiece|a head|a person|per night|a night)\s*"
    r"(?:pay|owe|get|spend)?\s*[?.!]*$|(?<!§\s)(?<!§)\b(?:each|every)\s+(?:person|one|of us|of you)?\s*"
    r"(?:pay|owe|get|spend|put in|chip in)s?\b|"
    r"how much (?:does |do |would |will |should )?(?:each|every|one)|"
    r"平分|分摊|均摊|平摊|(?<![a-z])aa(?![a-z])|分给|分成|平均|除以|"
    r"(?:每人|每个人|一人|人均|每位|每晚|一晚)\s*(?:要|需要|得|应该)?\s*(?:付|出|交|花|摊|分)?\s*(?:多少|几)"
)
# The difference between two amounts: the larger less the smaller.
DIFFERENCE = r"차이|difference|相差|差多少|差了?几"
# Subtraction: what is left of an amount after another is taken away.
SUBTRACT = (
    r"빼|뺀|차감|제외하|남[아으는았을기]|남지|쓰고|쓰면|썼으면|썼다면|나가면|minus|subtract|take away|take off|"
    r"\bless\b|\bleft\b|\baway\b|remain|leftover|deduct|减|还剩|剩下|剩余|剩|扣|"
    + DIFFERENCE
)
# Addition: amounts of one kind put together.
ADD = (
    r"더하|더한|더해|합치|합쳐|합하|합한|합계|총|모두|전부|다\s*해서|다\s*합|plus|플러스|in total|total|altogether|"
    r"all together|together|combined|\bsum\b|overall|\badd\b|added|一共|总共|共计|合计|总计|加起来|加上|加|总和|总额"
)
# A price for one of something (a night, a person, each): times how many.
EACH = (
    r"씩|짜리|(?:1?인|명|사람|박|밤|하루|시간)당|1박에|하루에|하룻밤에|한\s*(?:명|사람|박|밤)에|곱하|시급|일당|"
    r"§ each\b|^each\b|\beach \w+ (?:costs?|is) §|\bper\b|hourly|时薪|日薪|"
    r"how much (?:is it |would it be |will it be )?for §|"
    r"apiece|a (?:night|head|person|ticket|day|piece|pop|round)\b|an hour|\btimes\b|§ (?:[a-z]+ )?at §|每|一晚|一天|"
    r"一人|一个人|"
    r"一位|一张|一个|乘"
)
# Percentages: a share taken off, added on, or taken of an amount.
PERCENT_OFF = r"할인|깎|세일|off\b|discount|reduced|\bsale\b|\bless\b|minus|빼|优惠|便宜|折扣|降价|减"
PERCENT_ON = (r"팁|봉사료|부가세|세금|인상|올리|오르|tip|tax|service|surcharge|increase|raise|markup|on top|"
              r"涨|增加|小费|税|服务费")
PERCENT_OF = r"의|的|\bof\b"
PERCENT_WITH = r"\bwith\b|including|포함|含"  # the amount with a tip or tax on top: the whole bill
# Where the amount taken from is marked: 80만원에서, from 80 euros, 从800元.
TAKEN_FROM = r"^\s*(?:에서|중에서|중)|^\s*(?:里|中)"
FROM_BEFORE = r"(?:from|out of|从)\s*$"
