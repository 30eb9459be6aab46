"""The recall script is stable and fair: one turn holds each answer, probes come late, paraphrases differ."""

from datetime import date

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from bench.recall_measure import (
    RecallRow,
    answer_present,
    context_text,
    scripted_chat_reply,
    scripted_summary_reply,
    summarize_results,
)
from bench.recall_script import CHECKPOINTS, build_script, content_words
from prompt.summary.summary_generator import get_prompt

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module")
def script():
    return build_script()


def test_same_seed_gives_the_same_script_and_another_seed_does_not(script):
    again = build_script()
    assert again.user_turns == script.user_turns and again.assistant_turns == script.assistant_turns
    assert again.facts == script.facts and again.questions == script.questions
    assert again.turn_dates == script.turn_dates
    assert build_script(seed=8).user_turns != script.user_turns


def test_size_dates_and_turn_lengths(script):
    assert len(script.user_turns) == len(script.assistant_turns) == len(script.turn_dates) >= 300
    assert len(set(script.user_turns)) == len(script.user_turns)
    days = [date.fromisoformat(d) for d in script.turn_dates]
    assert days == sorted(days) and 50 <= (days[-1] - days[0]).days <= 70
    assert all(60 <= len(text) <= 250 for text in script.user_turns)
    assert all(150 <= len(text) <= 600 for text in script.assistant_turns)


def test_facts_are_many_varied_and_spread(script):
    assert len(script.facts) >= 64
    assert all(2 <= fact.turn <= 290 for fact in script.facts)
    assert len({fact.answer.casefold() for fact in script.facts}) == len(script.facts)
    categories = {fact.category for fact in script.facts}
    assert {"name", "number", "date", "preference", "place", "tool"} <= categories
    assert {fact.language for fact in script.facts} >= {"en", "ko", "zh"}
    assert all(fact.side == "assistant" for fact in script.facts if fact.category == "tool")


def test_each_answer_appears_in_its_turn_and_nowhere_else(script):
    texts = [" ".join(script.turn_text(t).split()).casefold() for t in range(1, len(script.user_turns) + 1)]
    for fact in script.facts:
        answer = " ".join(fact.answer.split()).casefold()
        assert [i + 1 for i, text in enumerate(texts) if answer in text] == [fact.turn], fact.key
        side = script.assistant_turns if fact.side == "assistant" else script.user_turns
        assert answer in side[fact.turn - 1].casefold()


def test_distractors_reuse_the_words_of_facts_without_their_answers(script):
    everything = "\n".join(script.turn_text(t) for t in range(1, len(script.user_turns) + 1)).casefold()
    for word in ("hana", "wifi", "parking", "plumber", "tea", "conference", "dentist", "mechanic"):
        assert everything.count(word) >= 2, word


def test_questions_come_late_and_half_are_paraphrased(script):
    assert sorted(script.questions) == list(CHECKPOINTS)
    for checkpoint, questions in script.questions.items():
        assert len(questions) >= 20
        assert sum(q.paraphrased for q in questions) * 2 == len(questions)
        for question in questions:
            assert question.asked_turn == checkpoint
            assert checkpoint - question.fact.turn >= 30
            assert question.text not in script.user_turns
    assert len(script.all_questions()) >= 60
    assert len({q.fact.key for q in script.all_questions()}) == len(script.all_questions())


def test_paraphrased_questions_share_no_content_word_with_the_answer(script):
    for question in script.all_questions():
        assert not answer_present(question.text, question)
        if question.paraphrased:
            assert not content_words(question.text) & content_words(question.fact.answer), question.text


def test_relative_date_questions_point_at_the_day_the_fact_was_said(script):
    phrases = {"last week": 7, "two weeks ago": 14, "three weeks ago": 21, "a month ago": 30}
    anchored = [q for q in script.all_questions() if q.days_ago is not None]
    assert len(anchored) >= 4
    for question in anchored:
        phrase = next(p for p in phrases if p in question.text)
        assert phrases[phrase] == question.days_ago
        said = date.fromisoformat(question.fact.date)
        asked = date.fromisoformat(question.asked_date)
        assert (asked - said).days == question.days_ago
        assert question.asked_date == script.turn_dates[question.asked_turn - 1]
        assert question.fact.date == script.turn_dates[question.fact.turn - 1]


def test_checkpoint_turns_are_ordinary_turns(script):
    planted = {fact.turn for fact in script.facts}
    assert not planted & set(CHECKPOINTS)


def test_answer_present_ignores_case_and_whitespace(script):
    question = next(q for q in script.all_questions() if " " in q.fact.answer)
    spaced = question.fact.answer.upper().replace(" ", " \n  ")
    assert answer_present(f"before {spaced} after", question)
    assert not answer_present(question.fact.answer[:-1], question)


def test_context_text_joins_string_and_part_contents():
    image = {"type": "image_url", "image_url": {"url": "x"}}
    messages = [SystemMessage("system"), HumanMessage([{"type": "text", "text": "part one"}, "part two"]),
                AIMessage([image, {"type": "text", "text": "reply"}])]
    text = context_text(messages)
    assert text.split("\n") == ["system", "part one", "part two", "reply"]


def test_summarize_results_splits_paraphrased_and_direct(script):
    questions = script.all_questions()[:4]
    rows = [RecallRow(q, i % 2 == 0, 100 * (i + 1)) for i, q in enumerate(questions)]
    summary = summarize_results(rows)
    paraphrased = [r for r in rows if r.question.paraphrased]
    assert summary["questions"] == 4 and summary["share"] == 0.5
    assert summary["paraphrased_questions"] == len(paraphrased)
    assert summary["mean_context_tokens"] == 250 and summary["max_context_tokens"] == 400
    dicts = [{"answered": r.answered, "paraphrased": r.question.paraphrased,
              "context_tokens": r.context_tokens} for r in rows]
    assert summarize_results(dicts) == summary


def test_scripted_chat_reply_plays_the_assistant_side(script):
    history = [SystemMessage("system"), HumanMessage(script.user_turns[0]),
               AIMessage(script.assistant_turns[0])]
    reply = scripted_chat_reply([*history, HumanMessage(script.user_turns[41])])
    assert reply.content == script.assistant_turns[41]
    probe = script.all_questions()[0]
    answer = scripted_chat_reply([*history, HumanMessage(probe.text)]).content
    assert answer and not answer_present(answer, probe)


def test_scripted_summary_reply_keeps_the_conversation_words_at_the_target_length(script):
    messages = [message for turn in range(9) for message in
                (HumanMessage(script.user_turns[turn]), AIMessage(script.assistant_turns[turn]))]
    summary = scripted_summary_reply([HumanMessage(get_prompt(messages, 300))]).content
    assert 200 <= len(summary) <= 300
    assert all(message.content.split()[0] in summary for message in messages)
    assert "Rules" not in summary and "User:" not in summary and "characters" not in summary
    short = scripted_summary_reply([HumanMessage(get_prompt(messages[:2], 5000))]).content
    assert short == script.user_turns[0] + " " + script.assistant_turns[0]
