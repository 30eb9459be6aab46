"""The quote chosen for a question asked in other words than the fact, in English, Korean and Chinese: the line
recall measured closest in meaning that tells the kind of thing asked wins; thanks, greetings, small talk and
questions are never quoted; a line far from the question in meaning and words is withheld."""

import pytest

from graph.recall.asked import kind_asked, names_someone, spoken_names, tells_kind
from graph.recall.lead import memory_lead
from graph.recall.quote import best_quotes
from graph.recall.said import small_talk
from graph.recall.stems import stems

pytestmark = pytest.mark.unit


def measured(turn: int, user: str, meaning: float, date: str = "2026-09-20") -> dict:
    """A recalled turn with its line's closeness to the question, as recall hands it to the chooser."""
    return {"turn": turn, "rank": turn, "meaning": {user: meaning},
            "record": {"turn": turn, "date": date, "user": user, "assistant": "Got it."}}


def quoted_turns(question: str, recalled: list[dict]) -> list[int]:
    return [quote.line.turn for quote in best_quotes(question, recalled)]


FILLER = {
    "en": ["The weather turned cold this week.", "I watched a long documentary about whales last night.",
           "My desk plant finally has a new leaf.", "The bus was late again this morning."],
    "ko": ["이번 주에 날씨가 갑자기 추워졌어.", "어젯밤에 고래 다큐멘터리를 오래 봤어.",
           "책상 화분에 드디어 새잎이 났어.", "오늘 아침에도 버스가 늦게 왔어."],
    "zh": ["这周天气一下子变冷了。", "昨晚看了很久的鲸鱼纪录片。", "桌上的绿植终于长新叶子了。",
           "今天早上公交车又晚点了。"],
}


def conversation(language: str, facts: list[tuple[str, float]]) -> list[dict]:
    """Filler lines (measured far from the question) around the given lines with their closeness."""
    filler = [measured(turn, text, 0.80 + 0.002 * turn) for turn, text in enumerate(FILLER[language], 1)]
    return filler + [measured(10 + at, text, meaning) for at, (text, meaning) in enumerate(facts)]


@pytest.mark.parametrize(("language", "question", "fact", "other"), [
    ("en", "Who's my mechanic?", "Mr. Seo at the garage behind my office fixed the AC this morning.",
     "I'm selling the car soon anyway, it is twelve years old."),
    ("ko", "내 차 단골 정비사가 누구지?", "오늘 아침에 회사 뒤 카센터 서 사장님이 에어컨 고쳐 주셨어.",
     "어차피 차는 곧 팔 거야, 벌써 오래됐거든."),
    ("zh", "我车坏了一般找谁？", "今天早上公司后面修车店的吴师傅把空调修好了，就是一根管子漏了。",
     "反正车我也快卖了，现在基本都走路。"),
])
def test_a_question_in_other_words_is_answered_by_the_line_closest_in_meaning_that_names_someone(
        language, question, fact, other):
    recalled = conversation(language, [(other, 0.87), (fact, 0.93)])  # no word of the question in the fact
    assert quoted_turns(question, recalled) == [11]  # and the line that names no one is no answer to "who"
    barely = conversation(language, [(other, 0.87), (fact, 0.88)])  # not standing out: better nothing than a guess
    assert quoted_turns(question, barely) == ([] if not stems(question) & stems(fact) else [11])  # zh: 车 in both


@pytest.mark.parametrize(("language", "question", "thanks", "fact"), [
    ("en", "How much is the whole trip going to cost?", "Thanks for listening to me go on like this.",
     "Our budget for the trip is 8,000 for the two of us."),
    ("ko", "이번 여행 전부 얼마 들 것 같아?", "내 얘기 들어줘서 고마워.",
     "여행 예산은 둘이 합쳐서 80만원 정도로 잡았어."),
    ("zh", "这趟一共准备花多少钱？", "谢谢你听我说这么多。", "这次旅行预算是两个人一共八千块。"),
])
def test_thanks_are_never_quoted_however_close_recall_measured_them(language, question, thanks, fact):
    recalled = conversation(language, [(thanks, 0.90), (fact, 0.86)])
    lead = memory_lead(question, recalled)
    assert thanks not in lead
    assert fact in lead


@pytest.mark.parametrize(("language", "question", "asked"), [
    ("en", "Where did we eat last Friday?", "Where should we eat tonight, any ideas?"),
    ("ko", "지난 금요일에 어디서 먹었지?", "오늘 저녁 어디서 먹을까"),
    ("zh", "上周五我们在哪儿吃的饭？", "今晚去哪儿吃饭呢"),
])
def test_a_question_is_never_quoted_as_an_answer(language, question, asked):
    recalled = conversation(language, [(asked, 0.93)])
    assert asked not in memory_lead(question, recalled)


@pytest.mark.parametrize(("language", "question"), [
    ("en", "What's my blood type?"),
    ("ko", "내 혈액형이 뭐였지?"),
    ("zh", "我是什么血型？"),
])
def test_a_line_far_from_the_question_is_withheld(language, question):
    recalled = conversation(language, [("Kongi chewed my slipper again.", 0.801)])
    assert memory_lead(question, recalled) == ""


@pytest.mark.parametrize(("language", "question", "undated", "dated"), [
    ("en", "When is my dentist appointment?", "My dentist is really gentle with me.",
     "The dentist appointment is on October 29 at 10 am."),
    ("ko", "치과 예약 언제였지?", "우리 치과 선생님은 정말 친절해.", "치과 예약은 10월 29일 오전 10시야."),
    ("zh", "我牙医预约是哪天？", "我的牙医人特别温柔。", "牙医预约在10月29号上午10点。"),
])
def test_a_question_for_a_day_is_only_answered_by_a_line_that_gives_one(language, question, undated, dated):
    assert memory_lead(question, conversation(language, [(undated, 0.92)])) == ""
    assert dated in memory_lead(question, conversation(language, [(undated, 0.92), (dated, 0.88)]))


@pytest.mark.parametrize(("language", "question", "before", "after"), [
    ("en", "Where in Vietnam am I going now?", "Yerin and I booked Da Nang in Vietnam for October.",
     "We switched our Vietnam trip to Phu Quoc, same dates."),
    ("ko", "베트남 지금 어디로 가기로 했지?", "예린이랑 10월에 베트남 다낭 가기로 했어.",
     "베트남 여행 푸꾸옥으로 바꿨어, 날짜는 그대로."),
    ("zh", "我现在要去越南哪里？", "我跟思思十月去越南岘港。", "越南改成富国岛了，日期不变。"),
])
def test_a_question_about_now_quotes_what_was_said_last(language, question, before, after):
    recalled = conversation(language, [(before, 0.93), (after, 0.92)])
    assert quoted_turns(question, recalled)[0] == 11


@pytest.mark.parametrize(("question", "kind"), [
    ("When's my bouldering partner's birthday?", "when"), ("새언니 애기 언제 나온댔지?", "when"),
    ("过节那次我哪天动身回家的？", "when"), ("How much does my dog weigh now?", "amount"),
    ("우리 강아지 지금 몇 킬로야?", "amount"), ("狗子现在多重？", "amount"), ("Who's my mechanic?", "who"),
    ("내 볼더링 메이트가 누구였더라?", "who"), ("年糕平时找哪个兽医？", None), ("What's Yerin's day job?", "job"),
    ("소라는 뭐 해서 먹고살아?", "job"), ("思思干的是哪一行？", "job"), ("What's Minseok's hometown?", "place"),
    ("우리 본가가 어느 도시야?", "place"), ("小何老家是哪儿的？", "place"), ("What did the crew unearth?", None),
    ("What's my pup called?", "name"), ("내 강아지 이름이 뭐더라?", "name"), ("我家狗子叫啥来着？", "name"),
])
def test_the_kind_of_thing_asked_is_read_from_the_questions_form(question, kind):
    asked = kind_asked(question)
    assert (asked.name if asked else None) == kind


def test_a_name_is_read_as_people_say_one_in_each_language():
    assert names_someone("Then Hayoung texted me bad news.", "Who's my bouldering partner?")
    assert not names_someone("I'm packing tonight.", "Who's my bouldering partner?")
    assert not names_someone("Hayoung is great.", "Who is Hayoung?")  # the question's own name tells nothing
    assert names_someone("민석 씨가 콩이 봐 주겠대.", "강아지 누가 봐 주기로 했지?")
    assert names_someone("小何说年糕他来带。", "谁帮我带狗？")
    assert not names_someone("现在跟没事狗一样。", "谁帮我带狗？")
    when = kind_asked("When is it?")
    assert when and tells_kind(when, "It is on October 21.", "When is it?")
    assert when and not tells_kind(when, "It is soon.", "When is it?")


@pytest.mark.parametrize(("question", "answer", "other"), [
    ("How does Sora make a living?", "Sora's a florist and has 40 centerpieces to deliver.",
     "Also, Sora and I are planning a surprise dinner for Hayoung."),
    ("What's my brother's line of work?", "He's an air traffic controller at the airport.", "Talked to my brother."),
    ("예린이는 뭐 하는 사람이야?", "중학교 영어 선생님이라 연휴 끝나자마자 중간고사래.", "예린이가 저녁 먹으러 왔어."),
    ("苗苗是干什么工作的？", "苗苗是手语翻译，屏幕角落那个小框里就是她。", "今晚跟苗苗去攀岩！"),
    ("What city are my parents in?", "My parents live in Gangneung, right by the sea.", "We video-called."),
    ("What city did Tim suggest?", "Edinburgh, Scotland would be great.", "I am packing tonight."),
    ("민석 씨 고향이 어디랬지?", "가족이 다 목포에 있는데 어머니가 한 상 차리신대.", "민석 씨가 커피 내려 줬어."),
    ("我父母住在哪座城市？", "我爸妈住在乐山，我爸退休以后开了个小茶馆。", "中午跟爸妈视频了。"),
])
def test_a_job_or_a_place_asked_for_is_told_by_the_sentence_that_answers(question, answer, other):
    kind = kind_asked(question)
    assert kind and tells_kind(kind, answer, question) and not tells_kind(kind, other, question)


@pytest.mark.parametrize(("question", "answer", "other"), [
    ("狗子现在多重？", "上周称了一下，11.6公斤。", "狗子超爱那边的江边，每次回来都一身泥。"),
    ("我家狗子叫啥来着？", "我家柴犬叫年糕。", "下班带狗子去做年度体检。"),
    ("내 강아지 이름이 뭐더라?", "우리 강아지 이름은 콩이야.", "퇴근하고 강아지 건강검진 다녀왔어."),
    ("What's my pup called?", "My shiba is called Kongi.", "Took the dog to the vet after work."),
])
def test_a_number_or_a_name_asked_for_is_told_only_by_a_sentence_that_gives_one(question, answer, other):
    kind = kind_asked(question)  # an idiom's 一 (一身泥) counts nothing; a sentence naming no one names nothing
    known = spoken_names([answer, other])
    assert kind and tells_kind(kind, answer, question, known) and not tells_kind(kind, other, question, known)


@pytest.mark.parametrize(("question", "told", "not_told"), [
    ("我平时跟谁一起去抱石？", "今晚跟小何去攀岩！", "除了小时候，这是我俩第一次单独出去玩。"),
    ("谁帮我修的车？", "公司后面修车店的吴师傅修好了。", "我哥说车该换了。"),
    ("Where in Vietnam am I going now?", "We switched our Vietnam trip to Phu Quoc.",
     "I'm getting worried about the weather in Vietnam."),
    ("我现在要去越南哪里？", "越南改成去富国岛了。", "顺便说了要去越南。"),
])
def test_a_name_or_a_place_the_question_gives_or_an_everyday_word_tells_no_one(question, told, not_told):
    kind = kind_asked(question)
    assert kind and tells_kind(kind, told, question) and not tells_kind(kind, not_told, question)


def test_a_word_that_only_starts_a_sentence_is_no_name():
    names = spoken_names(["I ran him over to Dr. Lim at the animal hospital.", "Lunch was sad, but Minseok brewed."])
    assert names_someone("Minseok is great.", "Who is watching my dog?", names)
    assert names_someone("Dr. Lim was impressed.", "Who is the vet?", names)
    assert not names_someone("Okay. Quick bath for the dog, then bed.", "Who is watching my dog?", names)
    assert not names_someone("Yep, pushed it to after the trip.", "Who's my travel buddy?", names)
    assert not names_someone("Elbows on thighs, I'll try that.", "Whose idea was it?", names)


@pytest.mark.parametrize("sentence", ["Thanks for listening!", "Probably lol.", "Good idea.", "고마워.",
                                      "谢谢你听我说这么多。", "Yep."])
def test_manners_and_reactions_are_small_talk(sentence):
    assert small_talk(sentence, stems(sentence))


@pytest.mark.parametrize("sentence", ["Kongi is 11.6 kg now!", "It's Haon now.", "My parents live in Gangneung.",
                                      "年糕现在11.6公斤！"])
def test_a_number_or_a_name_is_never_small_talk(sentence):
    assert not small_talk(sentence, stems(sentence))
