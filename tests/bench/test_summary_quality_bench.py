"""The summary-quality benchmark counts names and numbers as it says, and scores the extractive summarizer."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from bench.summary_quality import entities, score, summarizer
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
