"""Recalled turns as the model reads them: dated once per day, in the order given."""

import pytest

from graph.request.tokens import count_text
from prompt.recall import RECALL_HEADER, excerpt_text, render_recalled

pytestmark = pytest.mark.unit


def item(turn: int, day: str, line: str) -> dict:
    return {"turn": turn, "text": excerpt_text(turn, day, [line]), "record": {"date": day}}


def test_a_days_date_is_written_once_before_its_turns():
    recalled = [item(3, "2023-05-01", "Nate: I got a turtle."), item(4, "2023-05-01", "Nate: It eats lettuce."),
                item(9, "2023-06-12", "Joanna: I finished my screenplay."),
                item(10, "2023-06-12", "Joanna: It is about loss.")]
    assert render_recalled(recalled) == "\n".join([
        RECALL_HEADER,
        "(2023-05-01, turn 3) Nate: I got a turtle.", "(turn 4) Nate: It eats lettuce.",
        "(2023-06-12, turn 9) Joanna: I finished my screenplay.", "(turn 10) Joanna: It is about loss."])
    dated_each = "\n".join([RECALL_HEADER, *(entry["text"] for entry in recalled)])
    assert count_text(render_recalled(recalled)) < count_text(dated_each) - 8


def test_a_turn_without_a_date_or_after_another_day_keeps_its_header():
    recalled = [item(1, "2023-05-01", "A."), {"turn": 2, "text": "(turn 2) B.", "record": {}},
                item(3, "2023-05-01", "C.")]
    assert render_recalled(recalled).splitlines()[1:] == ["(2023-05-01, turn 1) A.", "(turn 2) B.",
                                                         "(2023-05-01, turn 3) C."]
