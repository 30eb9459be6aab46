"""A pasted date dates only what it stamps: the pasted conversation's lines, not the person's own words written
after them in the same message; a message goes on relaying a conversation only when it opens with a speaker's line."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.recall.records import turn_record
from graph.recall.said import relays, said_lines, stamped_lines

pytestmark = pytest.mark.unit

PASTED = "[1:56 pm on 8 May, 2019] Bob: I moved to Lisbon last spring.\nAlice: Wow!\nBob: The rent there is cheap."


@pytest.mark.parametrize(("text", "count"), [
    (PASTED, 3),
    (f"{PASTED}\nMy sister lives in Busan.\nShe is a nurse.", 3),  # the person's two lines after the paste
    ("Bob: a long message\nthat goes on\nAlice: ok", 3),  # a speaker's line broken in two stays the speaker's
    ("[8 May, 2019] I went hiking.\nIt was lovely.", 2),  # the person's own dated note: every line its day
    ("Note: not a speaker\nMy sister lives in Busan.", 2),
])
def test_the_stamp_dates_the_lines_up_to_the_last_speakers(text, count):
    assert stamped_lines(text) == count


@pytest.mark.parametrize(("text", "goes_on"), [
    ("Bob: I adopted a cat.", True), ("[2:00 pm on 9 May, 2019] Bob: hi", True), ("Bob: hi\nWhat should I say?", True),
    ("My sister lives in Busan.", False), ("Summary: things", False), ("What did Bob say?", False), ("", False),
])
def test_a_message_relays_a_conversation_when_it_opens_with_a_speaker(text, goes_on):
    assert relays(text) is goes_on


def turn(text: str) -> list:
    return [HumanMessage(text), AIMessage("Noted.")]


def test_the_day_a_message_was_sent_is_kept_only_for_the_persons_lines_after_a_paste():
    mixed = turn_record(1, "2019-05-08", turn(f"{PASTED}\nMy sister lives in Busan."), said_on="2026-11-20")
    pasted = turn_record(2, "2019-05-08", turn(PASTED), said_on="2026-11-20")
    own = turn_record(3, "2026-11-20", turn("My sister lives in Busan."), said_on="2026-11-20")
    assert mixed["said_on"] == "2026-11-20" and "said_on" not in pasted and "said_on" not in own


def test_each_line_is_quoted_with_its_own_day():
    record = turn_record(4, "2019-05-08", turn(f"{PASTED}\nMy sister lives in Busan."), said_on="2026-11-20")
    lines = said_lines([{"turn": 4, "record": record}])
    dated = {(line.speaker, line.sentences[0]): line.date for line in lines if line.person}
    assert dated == {("Bob", "I moved to Lisbon last spring."): "2019-05-08", ("Alice", "Wow!"): "2019-05-08",
                     ("Bob", "The rent there is cheap."): "2019-05-08", ("", "My sister lives in Busan."): "2026-11-20"}
