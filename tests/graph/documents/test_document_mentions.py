"""A question speaks of the documents by name or as "the document", "this file", "문서", "文件"; other
questions do not."""

import pytest

from graph.documents.mentions import mentions_documents, names_of

pytestmark = pytest.mark.unit

TITLES = ["trip_plan.md", "Q3 report.pdf"]


@pytest.mark.parametrize("text", [
    "Summarize the document", "What does this file say about Busan?", "Is there a date in the PDF?",
    "what's in trip_plan.md?", "Read me the trip plan", "What's in trip_plan?", "show the q3 report",
    "이 문서 요약해 줘", "파일에 뭐라고 써 있어?", "첨부한 자료에서 날짜 찾아줘",
    "这个文件讲了什么？", "总结一下文档",
])
def test_questions_that_speak_of_the_documents(text):
    assert mentions_documents(text, TITLES)


@pytest.mark.parametrize("text", [
    "What is the capital of France?", "hi", "Tell me a joke about penguins", "What is 17 * 23?",
    "How do I plan a trip?", "프랑스의 수도는 어디야?", "안녕하세요", "法国的首都是哪里？", "你好",
])
def test_questions_that_do_not(text):
    assert not mentions_documents(text, TITLES)


def test_a_document_is_named_by_its_file_name_or_its_stem():
    assert names_of("Trip_Plan.md") == {"trip_plan.md", "trip_plan", "trip plan"}
    assert names_of("a.md") == {"a.md"}  # a one-letter stem would name too much
