"""Recall finds a Korean or Chinese word inside a sentence, on both backends: 지우, 지우가 and 지우는 find one
another, a Chinese name inside a run of characters is found, and a relation's other word in the language finds
its turn (동생, 여동생)."""

import pytest

from tests.graph.recall.test_recall import play
from tests.graph.recall.test_recall_entities import KOREAN_CHATTER
from tests.graph.recall.test_recall_fusion import engine, recalled_turns  # noqa: F401  (both backends, the bundled window)

pytestmark = pytest.mark.graph

CHINESE_CHATTER = ["今天下了一整天的雨，我在家打扫卫生。", "中午煮了一碗面，有点咸。", "公司开了三个小时的会，累死了。",
                   "周末在小区公园散步听音乐。", "新买的跑鞋很合脚，心情不错。", "昨天看的电视剧结局一般。"]


def chatter(texts: list[str], n: int) -> str:
    return f"{texts[n % len(texts)]} ({n})"


@pytest.mark.parametrize("question", ["지우는 어디서 산책했지?", "지우가 어디 갔었더라?", "지우 뭐 했지?"])
def test_a_korean_name_is_recalled_whatever_its_particle(engine, question: str):  # noqa: F811
    session = engine.session("korean")
    play(session, [chatter(KOREAN_CHATTER, n) for n in range(1, 5)])
    play(session, ["지우가 콩이랑 한강에서 산책했대."])
    play(session, [chatter(KOREAN_CHATTER, n) for n in range(6, 30)])
    assert engine.recall.ranked("korean", question, 31)[0][:1] == [5]
    play(session, [question])
    assert 5 in recalled_turns(session)


def test_a_chinese_name_inside_a_run_is_recalled(engine):  # noqa: F811
    session = engine.session("chinese")
    play(session, [chatter(CHINESE_CHATTER, n) for n in range(1, 7)])
    play(session, ["给房东周叔发了消息，他说下周来修空调"])
    play(session, [chatter(CHINESE_CHATTER, n) for n in range(8, 30)])
    assert engine.recall.ranked("chinese", "周叔什么时候来？", 31)[0][:1] == [7]
    play(session, ["周叔什么时候来？"])
    assert 7 in recalled_turns(session)


def test_a_relations_other_word_finds_its_turn(engine):  # noqa: F811
    session = engine.session("relations")
    play(session, [chatter(KOREAN_CHATTER, n) for n in range(1, 4)])
    play(session, ["여동생이 이번 봄에 대전으로 이사했어."])
    play(session, [chatter(KOREAN_CHATTER, n) for n in range(5, 20)])
    assert 4 in engine.recall.ranked("relations", "내 동생 어디로 이사했지?", 21)[0][:3]
