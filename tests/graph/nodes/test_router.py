"""The router decides without an LLM: casual fast path, rag, or agent."""

import pytest
from langchain_core.messages import HumanMessage

from graph.nodes.router import classify, make_router_node, route_after_router

pytestmark = pytest.mark.unit


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
