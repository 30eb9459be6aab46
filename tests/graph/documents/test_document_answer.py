"""A question about an attached file is answered by the line that answers it, chosen by meaning, words and the kind
of thing asked; a heading is never the answer, a table's row and a list's item are quoted whole, and a question the
file does not answer gets the honest word that it is not there rather than a quote that does not answer."""

import pytest

import graph.documents.answer as answer
from graph.documents.answer import answered_in, document_answer
from graph.documents.asked import AMOUNT, COUNT, WHEN, WHERE, day_counted, kinds_asked, kinds_told
from graph.documents.sections import headings, passages_of

pytestmark = pytest.mark.unit

MINUTES = """독서 모임 11월 정기 회의록

일시: 2026년 11월 20일(금) 오후 7시
장소: 망원동 카페 '책방골목'

1. 회비
1인당 회비는 3만 5천원으로 정했다.
회비는 12월 10일까지 총무 이지영에게 보낸다.

2. 다음 회의
목요일 오후 3시, 2층 회의실
발제는 박서준이 맡는다.

기타
- 모임 사진은 단체 채팅방 앨범에 모은다.
"""
TRIP = """# Lisbon Long Weekend

## Basics
- Travellers: 2 adults
- Stay: Casa Alfama guesthouse, near the cathedral

## Day by day
| Day | Area | Plan | Dinner |
|---|---|---|---|
| May 7 | Alfama | Arrive at noon, walk up to the castle | Taberna da Sé |
| May 8 | Belém | Monastery, tower and the custard tart bakery | Cervejaria Ramiro |
| May 9 | Sintra | Day trip by train to Pena Palace | O Pátio |

## Budget
- Flights: 380 pounds for both of us
- Guesthouse: 3 nights for 450 euros
"""
NOTES = [{"title": "회의록.txt", "contents": MINUTES}]
PLAN = [{"title": "trip_plan.md", "contents": TRIP}]


def quoted_lines(title: str, contents: str) -> list[str]:
    return [passage.text for passage in passages_of(title, contents)]


def test_headings_are_never_among_the_lines_that_may_answer():
    lines = quoted_lines("회의록.txt", MINUTES)
    assert "2. 다음 회의" not in lines and "다음 회의" not in lines and "기타" not in lines
    assert not any(line.startswith(("독서 모임", "1. 회비")) for line in lines)
    trip = quoted_lines("trip_plan.md", TRIP)
    assert not any("Budget" == line or "Day by day" in line or line.startswith("Day |") for line in trip)


def test_a_numbered_list_is_items_not_headings_and_a_title_above_content_is_a_heading():
    assert headings(["Rules", "1. Bring snacks", "2. Clean up", "3. Lock the door"]) == {0}
    assert headings(["Notes", "", "2. 다음 회의", "목요일 오후 3시, 2층 회의실"]) == {0, 2}
    assert headings(["Trip notes.", "Flight KE123 departs Incheon at 9:40 on May 3."]) == {0}
    # a section's one short line, above the next numbered title, is its content
    assert headings(["안내", "2. 장소", "양평 연수원 3층 대강당", "3. 준비물", "- 노트북: 개인 지참"]) == {0, 1, 3}


def test_the_fee_is_answered_with_its_line():
    shown = document_answer("1인당 회비가 얼마야?", NOTES)
    assert shown is not None and shown.found
    assert shown.text == '회의록.txt에 이렇게 적혀 있어요: "1인당 회비는 3만 5천원으로 정했다."'


def test_the_next_meeting_is_answered_by_the_line_under_its_heading_not_the_heading():
    shown = document_answer("다음 회의는 언제 어디서 해?", NOTES)
    assert shown is not None and shown.found
    assert shown.text == '회의록.txt에 이렇게 적혀 있어요: "목요일 오후 3시, 2층 회의실"'


def test_a_table_row_is_quoted_whole_and_a_counted_day_is_its_row():
    shown = document_answer("Where do we eat on the second night?", PLAN)
    assert shown is not None
    assert shown.text == 'From trip_plan.md: "May 8 | Belém | Monastery, tower and the custard tart bakery | ' \
                         'Cervejaria Ramiro"'


def test_a_list_item_is_quoted_whole_with_its_label():
    shown = document_answer("How much is the accommodation?", PLAN)
    assert shown is not None and shown.text == 'From trip_plan.md: "Guesthouse: 3 nights for 450 euros"'


@pytest.mark.parametrize(("question", "documents", "honest"), [
    ("송년회 드레스 코드가 뭐야?", NOTES, "회의록.txt에서 그 내용을 찾지 못했어요."),
    ("Did we buy travel insurance?", PLAN, "I could not find that in trip_plan.md."),
    ("我们买了旅游保险吗？", PLAN, "在trip_plan.md中没有找到相关内容。"),
])
def test_a_question_the_file_does_not_answer_is_told_so_honestly(question, documents, honest):
    shown = document_answer(question, documents)
    assert shown is not None and not shown.found and shown.text == honest
    assert not answered_in(question, documents)  # nor does it take the documents' route for its meaning


def test_a_request_for_the_whole_file_is_no_question_for_a_line():
    assert document_answer("이 파일 요약해 줘", NOTES) is None
    assert document_answer("Summarize the trip plan", PLAN) is None


def test_without_the_embeddings_a_line_is_chosen_by_its_words_and_kind(monkeypatch):
    monkeypatch.setattr(answer, "embed_query", lambda text: None)
    shown = document_answer("회비는 누구에게 언제까지 보내?", NOTES)
    assert shown is not None and shown.text.endswith('"회비는 12월 10일까지 총무 이지영에게 보낸다."')
    assert not document_answer("What is the capital of France?", PLAN).found  # type: ignore[union-attr]


@pytest.mark.parametrize(("question", "kinds"), [
    ("다음 회의는 언제 어디서 해?", [{WHEN}, {WHERE}]),
    ("1인당 회비가 얼마야?", [{AMOUNT}]),
    ("How many people are travelling?", [{COUNT}]),
    ("What should I wear when running at night?", []),  # "when" joins two clauses here; it asks nothing
    ("每个人的会费是多少？", [{AMOUNT, COUNT}]),
])
def test_the_kind_of_thing_a_question_asks(question, kinds):
    assert kinds_asked(question) == kinds


def test_the_kinds_a_line_tells():
    assert {WHEN, WHERE} <= kinds_told("목요일 오후 3시, 2층 회의실")
    assert AMOUNT in kinds_told("1인당 회비는 3만 5천원으로 정했다.")
    assert AMOUNT in kinds_told("每人每年会费为200元。") and AMOUNT in kinds_told("Flights: 380 pounds")
    assert AMOUNT not in kinds_told("발제는 박서준이 맡는다.")
    counted = ("둘째 날은 어디서 자?", "第三天去哪里玩？", "last day?")
    assert [day_counted(question) for question in counted] == [2, 3, -1]


def test_when_and_where_told_on_two_lines_of_a_section_are_quoted_together():
    minutes = [{"title": "회의록.txt", "contents": "정기 회의록\n\n1. 회비\n1인당 회비는 3만 5천원으로 정했다.\n\n"
                                                  "2. 다음 회의\n- 일시: 12월 5일(목) 오후 3시\n- 장소: 2층 회의실\n"
                                                  "- 발제: 박서준\n"}]
    shown = document_answer("다음 회의는 언제 어디서 해?", minutes)
    assert shown is not None
    assert shown.text == '회의록.txt에 이렇게 적혀 있어요: "일시: 12월 5일(목) 오후 3시 / 장소: 2층 회의실"'
