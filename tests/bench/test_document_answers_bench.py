"""The document answers benchmark judges a reply as a person would: the answer in it, a quote that is not it, or
the honest word that the file does not say it; and its PDF reads back as the text it was made from."""

import pytest

from bench.document_answers import attached, judged, not_found_openings
from graph.documents.reader import read_upload

pytestmark = pytest.mark.bench


@pytest.mark.parametrize(("reply", "answer", "outcome"), [
    ('회의록.txt에 이렇게 적혀 있어요: "1인당 회비는 3만 5천원으로 정했다."', "3만 5천원", "right"),
    ('From notes.txt: "Date: Thursday, January 14, 7 pm / Place: room 2"', ["January 14", "room 2"], "right"),
    ('会议记录.txt中写道：“年终聚会定在12月28日星期日晚上6点。”', "蜀香园", "wrong"),
    ("회의록.txt에서 그 내용을 찾지 못했어요.", "3만 5천원", "not found"),
    ("I could not find that in trip_plan.md.", None, "not found"),
    ('From trip_plan.md: "Flights: 380 pounds for both of us"', None, "wrong"),
    ("ok", "9:25 am", "other"),
])
def test_a_reply_is_judged_by_what_it_shows(reply, answer, outcome):
    assert judged(reply, answer, not_found_openings()) == outcome


def test_the_pdf_file_reads_back_as_its_lines():
    name, data = attached({"file": "en/club_rules.txt", "as_pdf": True})
    assert name == "club_rules.pdf" and data.startswith(b"%PDF")
    text = read_upload(name, data)
    assert "Rule 3 (Fees) Membership costs 60 dollars a year, paid by the end of January." in text.splitlines()
