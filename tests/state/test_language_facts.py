"""What a sentence carries of a person's life, in English, Korean and Chinese, and what is only small talk."""

import pytest

from state.language.facts import fact_weight, fact_words, facts_in, is_courtesy, is_small_talk

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("sentence", "kinds"), [
    ("I have a meeting with my manager Sarah next Thursday at 3 pm at the Blue Bottle cafe.",
     {"name", "time", "number", "place", "plan", "relation"}),
    ("Oh, and I'm allergic to peanuts.", {"health"}),
    ("다음 주 목요일 오후 3시에 강남역에서 박 팀장님이랑 회의가 있어요.", {"time", "number", "name", "place", "plan"}),
    ("아 그리고 나 땅콩 알레르기 있어.", {"health"}),
    ("석 달 동안 4킬로 빠졌어.", {"number"}),
    ("下周四下午三点我要在国贸和陈经理开会。", {"time", "number", "name", "plan"}),
    ("我妹妹小雨搬到成都了。", {"name", "place", "relation"}),
    ("对了，我对花生过敏。", {"health"}),
])
def test_the_facts_of_a_sentence_by_kind(sentence, kinds):
    assert kinds <= {kind for _, kind in facts_in(sentence)}
    assert fact_weight(sentence) > 0


@pytest.mark.parametrize("sentence", ["Good morning!", "Ugh, it's been raining all week here.", "Thanks!",
                                      "요즘 날씨가 너무 추워졌어요.", "고마워, 많이 도움 됐어!",
                                      "最近天气越来越冷了，早上都不想起床。", "谢谢，帮了大忙！"])
def test_small_talk_states_no_fact(sentence):
    assert is_small_talk(sentence) and fact_weight(sentence) == 0


def test_courtesy_with_a_fact_is_no_small_talk():
    assert is_courtesy("Thanks, my rent is $1,450 now.") and not is_small_talk("Thanks, my rent is $1,450 now.")
    assert fact_weight("Thanks!") == 0 and not facts_in("That's all for today. Thanks!")


@pytest.mark.parametrize(("sentence", "kept"), [
    ("다음 주에 제주도 가는데 예산은 45만 원 정도로 잡았어.", ["다음 주에 제주도", "예산은 45만 원"]),
    ("강아지 보리도 데려갈 거야.", ["강아지 보리도"]),  # the name after a relation
    ("对了，我对花生过敏。", ["花生过敏"]),  # what the allergy is to
    ("I lost 9 pounds in three months.", ["9 pounds"]),  # a number with its unit
])
def test_the_words_that_state_the_facts_are_whole_words_in_order(sentence, kept):
    stretches = [sentence[start:end] for start, end in fact_words(sentence)]
    assert all(any(stretch.startswith(part) for stretch in stretches) for part in kept), stretches
    assert [sentence.index(stretch) for stretch in stretches] == sorted(sentence.index(s) for s in stretches)
