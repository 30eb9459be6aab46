"""The router decides without an LLM: casual fast path, rag, or agent. A question speaks of the documents by name
or as "the document", "this file", "문서", "文件"; other questions do not."""

import pytest
from langchain_core.messages import HumanMessage

from graph.nodes.router import classify, make_router_node, mentions_documents, names_of, route_after_router

pytestmark = pytest.mark.unit

TITLES = ["trip_plan.md", "Q3 report.pdf"]


@pytest.mark.parametrize("text", ["hi", "Hello!", "thanks", "안녕하세요", "고마워요~", "ok", "你好"])
def test_greetings_take_the_fast_path(text):
    assert classify(text, has_documents=False, matches_documents=False) == "casual"


@pytest.mark.parametrize("text", ["What is 17 * 23?", "hi, what time is it in Seoul and what is 5*5?",
                                  "파이썬 3.13 새 기능 알려줘", "Explain the GIL",
                                  "你好，现在几点了？", "谢谢！今天几号？"])  # a greeting, then the clock
def test_questions_go_to_the_agent(text):
    assert classify(text, has_documents=False, matches_documents=False) == "agent"


def test_questions_about_documents_take_rag():
    assert classify("what does the policy say?", has_documents=True, matches_documents=True) == "rag"
    assert classify("what does the policy say?", has_documents=True, matches_documents=False) == "agent"


@pytest.mark.parametrize("text", ["12만원씩 3명이면 얼마야?", "What is 17 * 23?", "300元一晚，住4晚一共多少钱？"])
def test_a_calculation_goes_to_the_tools_beside_documents_that_match_it(text):
    assert classify(text, has_documents=True, matches_documents=True) == "agent"


def test_router_without_documents_needs_no_retriever():
    router = make_router_node(None)
    state = {"messages": [HumanMessage("hello")], "session_id": "s"}
    assert router(state) == {"route": "casual"}


def test_router_consults_the_retriever_only_when_documents_exist():
    class Docs:
        def __init__(self, present):
            self.present, self.queries = present, []

        def has_documents(self, session_id):
            return self.present

        def best_score(self, session_id, query):
            self.queries.append(query)
            return 5.0

        def search(self, session_id, query):
            return []

    empty, full = Docs(False), Docs(True)
    state = {"messages": [HumanMessage("vacation policy?")], "session_id": "s"}
    assert make_router_node(empty)(state) == {"route": "agent"} and empty.queries == []
    assert make_router_node(full)(state) == {"route": "rag"} and full.queries == ["vacation policy?"]


def test_edges_after_router():
    assert route_after_router({"route": "rag"}) == "rag"
    assert route_after_router({"route": "casual"}) == "summary"
    assert route_after_router({"route": "agent"}) == "summary"


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
