"""Documents: small ones ride whole, large ones are indexed (FTS5/bm25) and cited as [n]."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.documents.reader import read_upload
from graph.documents.store import WHOLE_MAX_TOKENS, DocumentRefused, DocumentStore, chunk_text
from graph.graph_config import GraphConfig
from graph.storage.sqlite import SqliteStorage
from prompt.request_notes import CITATION_REMINDER
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

FILLER = "The handbook covers many topics about office life, parking, lunch and meetings. " * 120
POLICY = "Vacation policy: every employee receives 15 days of paid annual leave and 10 days of sick leave."


def minimal_pdf(text: str) -> bytes:
    """A one-page PDF whose content stream draws `text`."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


@pytest.fixture
def store(tmp_path):
    storage = SqliteStorage.open(tmp_path / "docs.sqlite")
    yield DocumentStore(storage)
    storage.close()


def test_reader_handles_txt_md_and_pdf():
    assert read_upload("notes.md", "# Title\n본문".encode()) == "# Title\n본문"
    assert read_upload("old.txt", "한글".encode("cp949")) == "한글"
    assert "Hello PDF world" in read_upload("doc.pdf", minimal_pdf("Hello PDF world"))
    with pytest.raises(DocumentRefused, match="only txt, md, pdf"):
        read_upload("image.png", b"\x89PNG")
    with pytest.raises(DocumentRefused, match="could not be read"):
        read_upload("broken.pdf", b"%PDF-1.4 not really")


def test_small_documents_ride_whole_and_large_ones_are_indexed(store):
    small = store.add("s", "memo.txt", "Mina's birthday is on May 3.")
    large = store.add("s", "handbook.md", FILLER + POLICY + FILLER)
    assert small.mode == "whole" and large.mode == "indexed" and large.tokens > WHOLE_MAX_TOKENS
    assert store.whole_documents("s") == [{"title": "memo.txt", "contents": "Mina's birthday is on May 3."}]
    assert store.has_documents("s") and not store.has_documents("other")
    assert any("15 days" in p["contents"] for p in store.search("s", "how many vacation days of leave?"))
    assert store.best_score("s", "vacation leave days") > store.best_score("s", "quantum chromodynamics")
    store.remove("s", large.id)
    assert store.search("s", "vacation") == []
    assert [p["title"] for p in store.search("s", "Mina birthday")] == ["memo.txt"]  # whole ones are searchable
    store.remove("s", small.id)
    assert not store.has_documents("s") and store.search("s", "birthday") == []


def test_empty_and_oversized_files_are_refused(store, monkeypatch):
    with pytest.raises(DocumentRefused, match="no text"):
        store.add("s", "empty.txt", "   ")
    monkeypatch.setattr("graph.documents.store.MAX_DOCUMENT_TOKENS", 100)
    with pytest.raises(DocumentRefused, match="more than the 100"):
        store.add("s", "big.txt", FILLER)


def test_fts_syntax_in_questions_is_harmless(store):
    store.add("s", "handbook.md", FILLER + POLICY + FILLER)
    passages = store.search("s", 'vacation" AND "NEAR( leave* -sick: days) OR ^paid --;')
    assert passages and "15 days of paid annual leave" in passages[0]["contents"]
    assert store.best_score("s", 'NOT "vacation*" : leave') > 0
    assert store.search("s", '"NEAR( * - : ^ ) NEAR"') == []  # syntax alone matches nothing
    assert store.search("s", '" * ( ) : - ^ + {}') == [] and store.best_score("s", '"*:-') == 0.0


def test_chunks_overlap_and_cover_the_text():
    text = ("Sentence number %d. " * 400) % tuple(range(400))
    chunks = chunk_text(text)
    assert len(chunks) > 3 and all(len(c) <= 1200 for c in chunks)
    assert "Sentence number 399." in chunks[-1]


def test_question_about_documents_is_answered_from_numbered_passages_with_sources(store):
    store.add("s", "memo.txt", "Mina's birthday is on May 3.")
    store.add("s", "handbook.md", FILLER + POLICY + FILLER)
    chat = ScriptedChatModel(reply=lambda m: AIMessage("Employees get 15 days of paid leave [2]."))
    graph = build_graph(chat, ScriptedChatModel(reply=summary_reply), InMemorySaver(), GraphConfig(retriever=store))
    state = graph.invoke({"messages": [HumanMessage("How many vacation days of paid annual leave?")],
                          "turn_count": 1, "session_id": "s", "compression_rate": 0.3},
                         {"configurable": {"thread_id": "s"}})
    assert state["route"] == "rag"
    context = chat.calls[-1]
    documents = next(m for m in context if m.content.startswith("[참고 문서"))
    assert '"document": 1, "title": "memo.txt"' in documents.content
    assert '"document": 2, "title": "handbook.md"' in documents.content and "15 days" in documents.content
    assert context[-1].content == CITATION_REMINDER
    assert context.index(documents) == len(context) - 3  # right above the question, reminder last
    sources = state["messages"][-1].response_metadata["sources"]
    assert sources[0] == {"document": 2, "title": "handbook.md"}


def test_a_small_document_rides_whole_and_is_cited_when_the_question_matches_it(store):
    store.add("s", "memo.txt", "Mina's birthday is on May 3.")
    chat = ScriptedChatModel()
    graph = build_graph(chat, ScriptedChatModel(reply=summary_reply), InMemorySaver(), GraphConfig(retriever=store))
    state = graph.invoke({"messages": [HumanMessage("When is Mina's birthday?")], "turn_count": 1,
                          "session_id": "s", "compression_rate": 0.3}, {"configurable": {"thread_id": "s"}})
    assert state["route"] == "rag"
    assert sum("May 3" in m.content for m in chat.calls[-1]) == 1  # whole, not repeated as a passage
    assert state["messages"][-1].response_metadata["sources"] == [{"document": 1, "title": "memo.txt"}]
    state = graph.invoke({"messages": [HumanMessage("Tell me a joke about penguins")], "turn_count": 2,
                          "session_id": "s", "compression_rate": 0.3}, {"configurable": {"thread_id": "s"}})
    assert state["route"] == "agent" and "sources" not in state["messages"][-1].response_metadata
    request = [m.content for m in chat.calls[-1]]
    shown = [i for i, text in enumerate(request) if "May 3" in text]
    assert len(shown) == 1 and request[shown[0] + 1] == "When is Mina's birthday?"  # where it was shown, once


def test_ambiguous_score_asks_a_structured_output_model(store, monkeypatch):
    store.add("s", "handbook.md", FILLER + POLICY + FILLER)
    monkeypatch.setattr("graph.nodes.router.MATCH_SCORE", 1e9)
    monkeypatch.setattr("graph.nodes.router.AMBIGUOUS_SCORE", 0.0)
    decider = ScriptedChatModel(script=[AIMessage("", tool_calls=[
        {"name": "RouteDecision", "args": {"route": "rag", "reason": "about leave"}, "id": "r1"}])])
    chat = ScriptedChatModel()
    graph = build_graph(chat, ScriptedChatModel(reply=summary_reply), InMemorySaver(),
                        GraphConfig(retriever=store, router_model=decider))
    state = graph.invoke({"messages": [HumanMessage("vacation days?")], "turn_count": 1, "session_id": "s",
                          "compression_rate": 0.3}, {"configurable": {"thread_id": "s"}})
    assert state["route"] == "rag" and len(decider.calls) == 1
