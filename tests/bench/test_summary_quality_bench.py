"""The summary-quality benchmark counts names and numbers as it says, and scores the extractive summarizer."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from bench.summary_quality import chat_blocks, entities, score, score_facts, summarizer
from graph.memory.extractive import ExtractiveSummarizer

pytestmark = pytest.mark.bench


def test_names_and_numbers_inside_sentences_without_speaker_labels():
    text = "Ana: I met Mina in Busan on 3 May.\nBen: Great! Where is Porto? It is 2.5 hours away."
    assert entities(text) == {"Mina", "Busan", "May", "3", "Porto", "2.5"}  # "Great", "Where" open sentences
    assert entities(text, anywhere=True) == {"Mina", "Busan", "May", "3", "2.5", "Great", "Where", "Porto"}


def test_an_extract_keeps_what_it_chose_and_invents_nothing():
    block = [HumanMessage("Hello! My sister Mina moved to Busan on 3 May 2023 and works at Samsung. "
                          "She loves it there, and the weather is lovely most of the year."),
             AIMessage("How nice. Busan has great beaches."), HumanMessage("Yes. We will meet on 14 July.")]
    row = score(summarizer(ExtractiveSummarizer()), [block], 0.5)
    assert row["invented"] == 0.0 and row["within"] == 1.0 and row["kept"] >= 0.5
    invented = score(lambda messages, target: "Tom went to Paris on 9 June." + " " * target, [block], 0.5)
    assert invented["invented"] == 1.0 and invented["kept"] == 0.0


@pytest.mark.parametrize("language", ["en", "ko", "zh"])
def test_the_chats_keep_the_persons_facts_at_their_size(language):
    blocks = chat_blocks(language)
    assert len(blocks) >= 6 and all(len(block.messages) >= 6 for block in blocks)
    for block in blocks:  # every fact is the person's own words
        said = "\n".join(str(m.content) for m in block.messages if isinstance(m, HumanMessage))
        assert all(fact in said for fact in block.facts), block.facts
    row = score_facts(summarizer(ExtractiveSummarizer(), language), blocks, 0.3)
    assert row["person"] >= 0.9 and row["invented"] == 0.0 and row["within"] == 1.0
    half = score_facts(summarizer(ExtractiveSummarizer(), language), blocks, 0.5)
    assert half["within"] == 1.0 and 0.9 <= half["size"] <= 1.1


def test_a_summary_of_words_no_one_said_counts_as_invented():
    blocks = chat_blocks("en")[:1]
    row = score_facts(lambda messages, target: "User: Next month I'm flying to Paris." + " " * target, blocks, 0.3)
    assert row["invented"] == 1.0  # a sentence the chat never had, though it names nothing new


def test_a_summary_that_names_what_no_one_said_counts_as_invented():
    blocks = chat_blocks("ko")[:1]
    row = score_facts(lambda messages, target: "사용자: 민지는 99만 원을 냈어." + " " * target, blocks, 0.3)
    assert row["invented"] == 1.0 and row["person"] == 0.0
