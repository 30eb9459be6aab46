"""Recall by the entities turns name: a Korean name is one key whatever particle follows it ("민준은", "민준이",
"민준에"), which neither the word index (it keeps "민준은" whole) nor the English sentence model can tell."""

import pytest

from tests.graph.recall.test_recall import context_text, play
from tests.graph.recall.test_recall_fusion import engine, recalled_turns  # noqa: F401  (both backends, the bundled window)

pytestmark = pytest.mark.graph

KOREAN_CHATTER = ["오늘은 비가 많이 와서 집에서 청소를 하고 빨래를 했어.",
                  "점심으로 김치찌개를 끓여 먹었는데 조금 짰어.",
                  "회사에서 회의가 세 시간이나 계속돼서 너무 피곤했어.",
                  "주말에는 동네 공원에서 산책하면서 음악을 들었어.",
                  "요즘 새로 산 운동화가 발에 잘 맞아서 기분이 좋아.",
                  "어제 본 드라마 마지막 회가 생각보다 재미없었어."]


def play_sixty(session, chatter: list[str], fifth: str, fiftieth: str) -> None:
    """Sixty turns of chatter, each numbered, with two planted at turns 5 and 50."""
    for n in range(1, 61):
        play(session, [{5: fifth, 50: fiftieth}.get(n, f"{chatter[n % len(chatter)]} ({n})")])


def test_a_korean_name_finds_its_turns_far_apart_whatever_particle_follows_it(engine):  # noqa: F811
    session = engine.session("korean-names")
    play_sixty(session, KOREAN_CHATTER, "내 친구 민준은 부산에서 작은 식당을 운영해. 생선구이가 제일 유명해.",
               "민준이 이번 달에 가게를 두 배로 넓혔대. 손님이 너무 많아서.")
    play(session, ["민준에 대해 내가 뭐라고 했지?"])
    assert {5, 50} <= set(recalled_turns(session))
    assert "생선구이" in context_text(session.last_context())


def test_a_session_indexed_before_entities_gains_them_a_few_turns_at_a_time(engine):  # noqa: F811
    session = engine.session("older")
    play(session, [f"I met Priya Raman at the Lisbon office, visit {n}." for n in range(1, 21)])
    engine.wait_idle()
    engine.storage.entities_remove_from("older", 1)  # as a database from before entities were stored
    engine.recall.forget("older")
    assert engine.recall.ranked("older", "Where did I meet Priya Raman?", 21)[0]  # read from the records meanwhile
    engine.recall.backfill("older", limit=1)
    stored = dict(engine.storage.entities_after("older", 0))
    assert 0 < len(stored) < 20 and all(names == ["lisbon", "priya raman"] for names in stored.values())
    engine.recall.backfill("older")
    assert len(engine.storage.entities_after("older", 0)) == 20


ENGLISH_CHATTER = ["It rained all day so I cleaned the flat and did the laundry.",
                   "Lunch was a stew that came out a little too salty.",
                   "The meeting at work ran three hours and I was worn out.",
                   "I walked around the park at the weekend listening to music.",
                   "The new running shoes fit well and I am happy with them.",
                   "The last episode of the series was duller than I expected."]


def test_a_name_that_opens_a_sentence_is_followed_from_the_turn_that_named_it_first(engine):  # noqa: F811
    play_sixty(engine.session("opening-name"), ENGLISH_CHATTER,
               "Tonight is bouldering night with Hayoung, every Monday after work.",
               "Hayoung was the one in the little box in the corner of the screen last night.")
    engine.wait_idle()
    assert "hayoung" in dict(engine.storage.entities_after("opening-name", 0))[50]
    ranked, _ = engine.recall.ranked("opening-name", "Where did my bouldering partner appear on TV?", 61)
    assert ranked.index(5) < 3 and ranked.index(50) < 3
