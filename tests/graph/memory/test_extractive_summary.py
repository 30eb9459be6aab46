"""The extractive summary: only the conversation's own words (the person's, tool results, and the assistant's only
on what the person said or asked), facts first, in their order, at the length the rate sets within 10% (or all it
may keep, when that is shorter), in English, Korean and Chinese."""

import random
import re

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.memory.extractive import ExtractiveSummarizer, extractive_summary, sentences_of, summary_lines
from graph.memory.merge import merge_records
from graph.memory.summarize import speaker_lines, summarize_block

pytestmark = pytest.mark.unit

ENGLISH = [
    ("User", "Hi there! How are you today?"),
    ("Assistant", "I am fine, thanks for asking. What can I do for you?"),
    ("User", "My sister Mina moved to Busan on 3 May 2023. She works at Samsung as an engineer. "
             "I would like to visit her in July, maybe for a week or so."),
    ("Assistant", "That sounds lovely. Busan is famous for its beaches and its seafood markets. "
                  "The KTX train takes about 2.5 hours from Seoul Station."),
    ("Tool", "calculator: 17 * 23 = 391"),
    ("User", "Great, thanks. Also remind me that the dentist appointment is on Friday at 4 pm."),
    ("Assistant", "Noted: the dentist on Friday at 4 pm. Anything else I should keep in mind?"),
]
KOREAN = [("User", "안녕하세요! 오늘 날씨가 좋네요."), ("Assistant", "네, 정말 좋아요. 무엇을 도와드릴까요?"),
          ("User", "우리 회사의 연차 휴가는 15일입니다. 저는 서울 마포구에 살고, 동생은 부산에 살아요. "
                   "다음 달 3일에 부산에 갈 예정입니다."),
          ("Assistant", "부산 여행 좋네요. KTX로 2시간 30분 정도 걸립니다. 해운대도 가보세요.")]
CHINESE = [("User", "你好！今天怎么样？"), ("Assistant", "很好，谢谢。有什么可以帮你的？"),
           ("User", "我的年假是十五天。我住在北京海淀区，妹妹住在上海。下个月三号我要去上海。"),
           ("Assistant", "上海很好玩。高铁大约四个半小时。可以去外滩看看。")]


def original_chars(lines) -> int:
    return sum(len(text) for _, text in lines)


def reachable(lines, target: float) -> float:
    """The length a summary can have: the target, or everything it may keep when that is shorter."""
    return min(target, len(extractive_summary(lines, 10**9)))


@pytest.mark.parametrize("lines", [ENGLISH, KOREAN, CHINESE], ids=["english", "korean", "chinese"])
@pytest.mark.parametrize("rate", [0.1, 0.2, 0.3, 0.4, 0.5])
def test_the_length_is_the_rate_of_the_original_within_ten_percent(lines, rate):
    lines = lines * 4  # a block of a few turns
    target = int(original_chars(lines) * rate)
    summary = extractive_summary(lines, target)
    expected = reachable(lines, target)
    assert abs(len(summary) - expected) <= max(0.1 * expected, 2), (target, len(summary), summary)


@pytest.mark.parametrize("lines", [ENGLISH, KOREAN, CHINESE], ids=["english", "korean", "chinese"])
def test_nothing_is_invented_and_the_order_is_kept(lines):
    said = " ".join(text for _, text in lines)
    summary = extractive_summary(lines, int(original_chars(lines) * 0.4))
    positions = []
    for _, text in summary_lines(summary):
        for sentence in re.split(r"(?<=[.!?])\s+|(?<=[。！？])|…", text):  # … marks a gap or a cut
            if sentence.strip():
                whole = sentence.strip()
                found = said.find(whole, positions[-1] if positions else 0)
                assert found >= 0, whole  # every sentence (or its cut start, or its facts' words) is the conversation's
                positions.append(found)  # own, in the order said
    assert positions == sorted(positions)


def test_facts_come_before_greetings_and_filler():
    summary = extractive_summary(ENGLISH, int(original_chars(ENGLISH) * 0.3))
    assert "Busan on 3 May 2023" in summary and "Friday at 4 pm" in summary
    assert "Hi there" not in summary and "How are you" not in summary
    assert "17 * 23 = 391" in extractive_summary(ENGLISH, int(original_chars(ENGLISH) * 0.5))
    scores = {s.text: s.score for s in sentences_of(ENGLISH)}
    assert scores["Hi there!"] == 0 and scores["Also remind me that the dentist appointment is on Friday at 4 pm."] > 0


def test_the_assistants_sentences_fill_only_what_the_person_cannot_and_only_on_the_persons_topic():
    assert "Assistant:" not in extractive_summary(ENGLISH, int(original_chars(ENGLISH) * 0.2))
    everything = extractive_summary(ENGLISH * 4, 10**9)
    assert "Busan is famous" in everything  # of the city the person's sister moved to
    assert "KTX train" not in everything  # of nothing the person said
    assert all(courtesy not in everything for courtesy in ("What can I do for you?", "Anything else", "I am fine"))
    assert "Busan on 3 May 2023" in everything and "17 * 23 = 391" in everything
    looked_up = extractive_summary([("Tool", "calculator: 17 * 23 = 391"), ("Assistant", "It is 391. Tokyo is big.")],
                                   10**9)
    assert "It is 391." in looked_up and "Tokyo" not in looked_up


def test_a_block_of_messages_and_a_merge_of_records():
    messages = [HumanMessage("My sister Mina moved to Busan on 3 May 2023. She loves the seafood there."),
                AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "c1"}]),
                ToolMessage("391", tool_call_id="c1", name="calculator"),
                AIMessage("17 times 23 is 391. Busan sounds like a wonderful place to live.")]
    assert speaker_lines(messages)[1] == ("calculator", "17*23 = 391")  # the result stated, not the raw call
    first = summarize_block(ExtractiveSummarizer(), "s", [1], messages, 0.5)
    lines = speaker_lines(messages)
    expected = reachable(lines, first["original_chars"] * 0.5)
    assert abs(first["summary_chars"] - expected) <= expected * 0.1
    assert "Busan on 3 May 2023" in first["summary"] and first["measured_ratio"] == pytest.approx(
        first["summary_chars"] / first["original_chars"], abs=0.001)
    second = summarize_block(ExtractiveSummarizer(), "s", [2], [HumanMessage("I adopted a grey cat named Miso "
                                                                             "on 9 June 2023."),
                                                                AIMessage("Miso is a lovely name.")], 0.5)
    merged = merge_records(ExtractiveSummarizer(), [first, second], 80, "s")
    assert merged["turns"] == [1, 2] and abs(merged["summary_chars"] - 80) <= 8
    assert "Miso" in merged["summary"] or "Busan" in merged["summary"]


def short_block(seed: int) -> list[tuple[str, str]]:
    """Three short turns like a first chat with the bundled model: a question, a reply of a few sentences."""
    rng = random.Random(seed)
    words = ["Lisbon", "capital", "France", "Paris", "colour", "primary", "blue", "name", "Ada", "city",
             "river", "museum", "answer", "question", "remember", "beautiful", "interesting", "is", "the", "a"]

    def sentence() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(3, 12))).capitalize() + rng.choice(".!?")

    return [(speaker, " ".join(sentence() for _ in range(rng.randint(1, 4))))
            for _ in range(3) for speaker in ("User", "Assistant")]


@pytest.mark.parametrize("rate", [0.1, 0.2, 0.3, 0.4, 0.5])
def test_a_short_block_is_held_to_the_rate_within_ten_percent(rate):
    misses, blocks = [], 0
    for seed in range(200):
        lines = short_block(seed)
        target = int(reachable(lines, rate * original_chars(lines)))
        if target < 80:
            continue  # a sentence's start needs a few words' room
        blocks += 1
        summary = extractive_summary(lines, int(target))
        assert len(summary) <= 1.1 * target
        if len(summary) < 0.9 * target:
            misses.append((seed, len(summary), round(target)))
    # three short turns leave the person few sentences to combine: never over, and short of 90% at most 1 in 50
    assert len(misses) <= blocks // 50, misses
