"""The person's own words that answer a question about them: the sentence that shares the question's words,
quoted with its turn and day, in the question's language; nothing when nothing said matches."""

import pytest

from graph.recall.lead import memory_lead
from graph.recall.lexicon import english_words
from graph.recall.quote import best_quotes, led_by_quote
from graph.recall.stems import stems

pytestmark = pytest.mark.unit


def item(turn: int, user: str, date: str = "2026-11-19") -> dict:
    return {"turn": turn, "record": {"turn": turn, "date": date, "user": user, "assistant": "I live in Tokyo."}}


RECALLED = [
    item(9, "Where does my sister live again?"),
    item(2, "My sister's name is Hana and she lives in Busan. I like green tea."),
    item(4, "I have a meeting with my landlord on March 14 at 3pm. My monthly rent budget is 1,850 dollars."),
    item(6, "내 여동생은 부산에 살아. 이름은 하나야."),
    item(7, "我的航班号是KE123，酒店在明洞。"),
]


@pytest.mark.parametrize(("question", "lead"), [
    ("Where does my sister live?",
     'You said on turn 2 (2026-11-19): "My sister\'s name is Hana and she lives in Busan."'),
    ("When is my meeting?", 'You said on turn 4 (2026-11-19): "I have a meeting with my landlord on March 14 at 3pm."'),
    ("What is my monthly rent budget?", 'You said on turn 4 (2026-11-19): "My monthly rent budget is 1,850 dollars."'),
    ("내 여동생은 어디에 살아?", '6턴(2026-11-19)에 이렇게 말씀하셨어요: "내 여동생은 부산에 살아."'),
    ("我的航班号是多少？", "您在第7轮（2026-11-19）说过：“我的航班号是KE123，酒店在明洞。”"),
])
def test_the_sentence_that_answers_is_quoted_with_its_turn_and_day(question, lead):
    assert memory_lead(question, RECALLED) == lead


@pytest.mark.parametrize("question", ["What is the capital of France?", "Where do I work?", "What?", ""])
def test_a_question_nothing_said_answers_gets_no_quote(question):
    assert memory_lead(question, RECALLED) == ""


def test_only_the_persons_statements_are_quoted_never_the_assistants_or_their_own_questions():
    quotes = best_quotes("Where does my sister live?", [item(9, "Where does my sister live again?"),
                                                        item(3, "I moved last year.")])
    assert quotes == []
    assert best_quotes("Where do I live?", [item(2, "Hello there.")]) == []  # "I live in Tokyo" is the model's


def test_words_meet_across_their_forms():
    assert stems("lives living lived") == stems("live") == {"liv"}
    assert stems("여동생은 여동생이") == {"여동생", "동생", "sister"}  # its group's idea, and its English
    assert "클라이밍" in stems("볼더링") and "房东" in stems("房主")
    assert "클라이밍" not in stems("볼더링", glossed=False)  # as written: each idea once


@pytest.mark.parametrize(("question", "told", "turn"), [
    ("내 볼더링 메이트가 누구였더라?", "오늘 밤은 하영이랑 클라이밍 가는 날!", "11턴"),
    ("我的房主是谁来着？", "我的房东是周叔，人很好。", "第11轮"),
])
def test_a_question_meets_the_turn_that_said_another_word_of_its_group(question, told, turn):
    lead = memory_lead(question, [item(11, told), item(12, "오늘 점심은 김치찌개 먹었어. 今天吃了火锅。")])
    assert turn in lead and told.split("!")[0].split("，")[0] in lead


@pytest.mark.parametrize(("reply", "follows"), [
    ("She lives in Busan with her family.", True),
    ("I live in Tokyo, Japan.", False),
    ("Your meeting is at 1pm next week.", False),
    ("You're referring to a seafood and wine dinner at a local restaurant.", False),  # an earlier answer again
    ("You said it before, on an earlier turn.", False),  # the framing's words are no answer
    ("", False),
])
def test_the_models_text_follows_the_quote_only_when_it_agrees(reply, follows):
    lead = 'You said on turn 2 (2026-11-19): "My sister\'s name is Hana and she lives in Busan."'
    shown = led_by_quote(lead, "Where does my sister live?", reply)
    assert shown == (f"{lead}\n\n{reply}" if follows else lead)


def test_a_documents_line_is_quoted_with_its_name_before_recalled_turns():
    notes = {"title": "notes.txt", "contents": "Trip notes.\nFlight KE123 departs Incheon at 9:40 on May 3.\n"
                                               "Hotel confirmation: HX-5521."}
    assert memory_lead("What is my flight number?", RECALLED, [notes]) == \
        'From notes.txt: "Flight KE123 departs Incheon at 9:40 on May 3."'
    assert memory_lead("hotel confirmation 알려줘", [], [notes]) == \
        'notes.txt에 이렇게 적혀 있어요: "Hotel confirmation: HX-5521."'


def test_a_statement_that_only_sets_up_its_answer_is_quoted_with_the_sentence_after_it():
    recalled = [item(30, "[2:10 pm on 9 August, 2023] John: Hey Maria, I set up a 5K charity run in our "
                         "neighborhood. It was all for veterans and their families. Want to join next time?")]
    assert memory_lead("What cause did the 5K charity run organized by John support?", recalled) == \
        'You said on turn 30 (2026-11-19): "I set up a 5K charity run in our neighborhood. It was all for ' \
        'veterans and their families."'


def test_an_answer_that_goes_on_in_the_next_sentence_is_quoted_with_it():
    recalled = [item(13, "My brother Dohyun and his wife Yuna are expecting their first in November."),
                item(99, "Big family news: Dohyun and Yuna changed the baby's name. It's Haon now. Mom cried.")]
    lead = memory_lead("What are my brother and his wife naming the baby now?", recalled)
    assert "It's Haon now." in lead.split("\n\n")[0] and "turn 99" in lead.split("\n\n")[0]


def test_a_pasted_lines_date_speaker_and_greeting_match_nothing():
    recalled = [item(12, "[11:51 am on 3 June, 2023] John: Hey Maria, long time no talk!"),
                item(13, "Wow, Maria, how cute!")]
    assert memory_lead("What did Maria adopt on 3 June, 2023?", recalled) == ""
    kyle = [item(8, "Our boy is cute, his name is Kyle!")]
    assert memory_lead("What is the name of Maria's second puppy?", kyle) == ""


def test_the_persons_own_name_in_a_question_is_not_needed_in_what_they_said():
    recalled = [item(21, "John: Since we chatted last, I've been blogging about politics and the government."),
                item(22, "John: Recently the kids started school.")]
    assert memory_lead("What topic has John been blogging about recently?", recalled).endswith(
        '"Since we chatted last, I\'ve been blogging about politics and the government."')


def test_a_documents_labelled_line_keeps_its_label():
    notes = {"title": "notes.txt", "contents": "Trip notes\nFlight: KE 907 leaves Incheon at 10:40 on May 3."}
    assert memory_lead("What is my flight number?", [], [notes]) == \
        'From notes.txt: "Flight: KE 907 leaves Incheon at 10:40 on May 3."'


def relayed(turn: int, user: str, reply: str, date: str = "2026-11-19") -> dict:
    return {"turn": turn, "record": {"turn": turn, "date": date, "user": user, "assistant": reply}}


RELAYED = [relayed(40, "John: My kids loved the park.", "Maria: I adopted a puppy from the shelter. Her name is Coco!"),
           relayed(41, "John: Coco is a great name.", "Maria: Thanks! She is learning commands."),
           relayed(42, "John: We went camping last weekend.", "Maria: Sounds fun! How was it?"),
           relayed(43, "John: It was peaceful and awesome.", "Maria: I love that.\nNote: remember the tent")]


def test_a_named_speakers_line_of_a_relayed_conversation_is_quoted_with_the_name():
    assert memory_lead("What is the name of the puppy Maria adopted?", RELAYED) == \
        'Maria said on turn 40 (2026-11-19): "I adopted a puppy from the shelter. Her name is Coco!"'
    assert memory_lead("Maria가 입양한 강아지 이름은 puppy adopted?", RELAYED).startswith("Maria 님이 40턴")


def test_a_label_in_a_reply_or_the_models_own_words_are_never_quoted():
    assert "Note" not in memory_lead("What should I remember about the tent?", RELAYED)
    assert memory_lead("Where do I live?", [item(2, "Hello there."), item(3, "Good morning.")]) == ""


def test_an_answer_given_in_the_turn_after_the_other_side_asked_is_quoted_with_it():
    assert memory_lead("How was the camping trip last weekend?", RELAYED) == \
        'You said on turns 42-43 (2026-11-19): "We went camping last weekend. … It was peaceful and awesome."'


def test_the_day_a_question_names_picks_the_turn_said_then():
    recalled = [item(3, "I like green tea."), item(7, "I made vegan ice cream for the group.", "2022-10-02"),
                item(30, "I made coconut ice cream for my friends.", "2022-11-09")]  # ranked close by recall
    assert "coconut" in memory_lead("What ice cream did I make on 9 November, 2022?", recalled).split("\n")[0]
    assert "vegan" in memory_lead("What ice cream did I make on 2 October, 2022?", recalled).split("\n")[0]


def test_a_quote_that_ends_asking_brings_the_answer_the_other_side_gave():
    recalled = [*RELAYED, relayed(50, "Tim: Any plans?", "John: We're planning a team trip next month to explore a new "
                                                         "city. Do you have any suggestions?"),
                relayed(51, "Tim: Edinburgh, Scotland would be great. It has awesome history.", "John: Cool!")]
    for extra in ("John: ok", "John: sure", "John: nice"):
        recalled.append(relayed(60 + len(recalled), "Tim: hi", extra))  # John speaks often enough to be a speaker
    assert memory_lead("What city did Tim suggest for the team trip next month?", recalled) == \
        'John said on turn 50 (2026-11-19): "We\'re planning a team trip next month to explore a new city." ' \
        'You answered on turn 51: "Edinburgh, Scotland would be great. It has awesome history."'


@pytest.mark.parametrize(("question", "lead"), [
    ("내 여동생은 어디에 살아?",
     '2턴(2026-11-19)에 이렇게 말씀하셨어요: "My sister\'s name is Hana and she lives in Busan."'),
    ("월세 예산이 얼마야?", '4턴(2026-11-19)에 이렇게 말씀하셨어요: "My monthly rent budget is 1,850 dollars."'),
    ("我妹妹住在哪里？", "您在第2轮（2026-11-19）说过：“My sister's name is Hana and she lives in Busan.”"),
])
def test_a_question_in_korean_or_chinese_meets_a_fact_told_in_english(question, lead):
    told = [item(2, "My sister's name is Hana and she lives in Busan. I like green tea."),
            item(4, "I have a meeting with my landlord on March 14 at 3pm. My monthly rent budget is 1,850 dollars.")]
    assert memory_lead(question, told) == lead


def test_a_younger_sibling_asked_about_in_korean_is_a_sister_or_a_brother():
    told = [item(2, "My sister's name is Hana and she lives in Busan."), item(6, "My brother Theo lives in Lisbon."),
            item(8, "I like green tea.")]
    lead = memory_lead("동생은 어디에 살아?", told)
    assert "she lives in Busan" in lead and "Theo lives in Lisbon" in lead and "tea" not in lead
    assert lead.count("이렇게 말씀하셨어요") == 2


def test_everyday_words_only_bring_their_english_where_they_are_words():
    assert english_words("몇 개 있어? 차 한잔 할래?") == []  # a counter and tea, not a dog and a car
    assert english_words("请记住这个") == []  # "remember", not "live"
    assert english_words("내 여동생은 어디에 살아?") == ["sister", "live"]
    assert english_words("동생은") == ["sister", "brother"]  # a younger sibling, either


def test_of_two_lines_sharing_the_questions_word_the_one_closer_in_meaning_is_quoted():
    told = "하영이가 수어 통역사인데 요즘 연휴 브리핑 통역하느라 바빠."
    climbed = "오늘 밤은 하영이랑 클라이밍 가는 날!"
    recalled = [{**item(11, climbed), "meaning": {climbed: 0.81}},
                {**item(106, told), "meaning": {told: 0.86}},
                {**item(40, "점심은 김밥."), "meaning": {"점심은 김밥.": 0.78}}]
    assert [quote.line.turn for quote in best_quotes("하영이 직업이 뭐랬지?", recalled)] == [106]
    unmeasured = [{key: value for key, value in entry.items() if key != "meaning"} for entry in recalled]
    assert [quote.line.turn for quote in best_quotes("하영이 뭐 하고 지낸댔지?", unmeasured)][0] == 11  # by rank alone
    assert [quote.line.turn for quote in best_quotes("하영이 직업이 뭐랬지?", unmeasured)] == [106]  # tells a job


def test_a_line_a_hair_closer_in_meaning_does_not_outweigh_the_one_recall_ranks_first():
    named, asked = "My name is Ada and I live in Lisbon.", "Name one primary colour."
    recalled = [{**item(1, named), "meaning": {named: 0.8085}}, item(2, "What is the capital of France?"),
                {**item(3, asked), "meaning": {asked: 0.814}}]
    assert [quote.line.turn for quote in best_quotes("What is my name?", recalled)] == [1]


def test_a_date_the_question_names_picks_the_day_and_need_not_be_in_the_words_said():
    told = "My ankle injury is healing, the doctor said it's not too serious."
    recalled = [item(3, "The exam week starts on Monday and I am nervous."), item(8, told, date="2023-11-16")]
    assert [quote.text for quote in best_quotes("What did I tell you about my injury on 16 November, 2023?",
                                                recalled)] == [told]


def test_a_line_that_answers_the_other_sides_question_is_quoted_by_that_questions_words():
    recalled = [relayed(30, "John: The kids had fun at the park with my family last weekend.", "Maria: Lovely."),
                relayed(80, "John: Work was fine.", "Maria: How often do you take the kids to the park?"),
                relayed(81, "John: Yeah, we go a few times a week. It's great for family bonding.", "Maria: Nice!")]
    question = "How often does John take his kids to the park?"
    assert best_quotes(question, recalled)[0].line.turn == 81
    unasked = [recalled[0], relayed(80, "John: Work was fine.", "Maria: Nice."), recalled[2]]
    assert best_quotes(question, unasked)[0].line.turn == 30  # nothing asked before it: the turn about the park


@pytest.mark.parametrize(("question", "told", "untold"), [
    ("How often do I go to the gym?", "I go to the gym three times a week.", "I love my gym, it is close."),
    ("How long have I had the turtles?", "I have had the turtles for 3 years.", "The turtles love lettuce."),
    ("얼마나 자주 운동해?", "운동은 일주일에 세 번 해.", "운동을 좋아해."),
    ("你多久一次去健身房？", "我每周去三次健身房。", "我喜欢健身房。"),
])
def test_a_sentence_that_tells_what_kind_of_thing_the_question_asks_for_is_preferred(question, told, untold):
    recalled = [item(2, "Work was busy this week."), item(5, untold), item(9, told)]  # recall ranks it last
    assert best_quotes(question, recalled)[0].line.turn == 9


@pytest.mark.parametrize(("question", "told", "asked"), [
    ("What is my name?", "My name is Ada and I live in Lisbon.", "Name one primary colour."),
    ("내 강아지 이름이 뭐였지?", "내 강아지 이름은 콩이야.", "강아지 이름 추천해 줘."),
    ("我的狗叫什么名字？", "我的狗叫豆豆。", "请给我的狗起个名字。"),
])
def test_a_request_to_the_assistant_is_never_quoted_as_something_the_person_told(question, told, asked):
    assert [quote.text for quote in best_quotes(question, [item(1, told), item(2, asked)])] == [told]
