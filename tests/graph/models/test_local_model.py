"""The engine against the real bundled model, served by llama-cpp-python on 127.0.0.1."""

import json
import re
import time
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path
from urllib.parse import urlparse

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.engine import assemble
from graph.graph_config import GraphConfig
from graph.models import create_bundled_models, token_limit
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from prompt.recall import RECALL_HEADER
from prompt.system import BASE_SYSTEM_PROMPT, render_system_prompt

pytestmark = [pytest.mark.integration, pytest.mark.local_model]

QUESTIONS = [
    "My name is Ada and I live in Lisbon.",
    "What is the capital of France?",
    "Name one primary colour.",
    "What is my name?",
    "Which city do I live in?",
]
SUMMARY_KEYS = {
    "thread_id", "turns", "turn_length", "original_chars", "summary_chars",
    "compression_rate", "summary", "original_tokens", "summary_tokens", "requested_rate", "measured_ratio",
}  # fmt: skip


@pytest.fixture(scope="module")
def server():
    with LocalModelServer(find_bundled_model()) as running:
        yield running


def client(server: LocalModelServer, **kwargs) -> ChatOpenAI:
    """A deterministic, short-answer client for the local server."""
    return ChatOpenAI(
        base_url=server.base_url,
        api_key=server.api_key,
        model=server.model_alias,
        temperature=0,
        extra_body={"max_tokens": 64},  # llama.cpp ignores max_completion_tokens
        timeout=120,
        **kwargs,
    )


def test_server_binds_loopback_and_lists_alias(server):
    assert urlparse(server.base_url).hostname == "127.0.0.1"
    request = urllib.request.Request(f"{server.base_url}/models", headers={"Authorization": f"Bearer {server.api_key}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        models = json.load(response)
    assert server.model_alias in [model["id"] for model in models["data"]]
    with pytest.raises(urllib.error.HTTPError, match="401"):  # without the key this start made, nothing is served
        urllib.request.urlopen(f"{server.base_url}/models", timeout=10)


def test_five_turns_summarize_the_first_three(server):
    models = create_bundled_models(Settings(), server.base_url, server)
    graph = build_graph(chat_model=models.chat, summary_model=models.summary, checkpointer=InMemorySaver(),
                        config=GraphConfig(tools=[]))
    for n, text in enumerate(QUESTIONS, start=1):
        state = graph.invoke(
            {
                "messages": [HumanMessage(text)],
                "turn_count": n,
                "session_id": "local",
                "compression_rate": 0.3,
            },
            {"configurable": {"thread_id": "local"}},
        )
        reply = state["messages"][-1].content
        assert isinstance(reply, str) and reply.strip(), f"turn {n} got an empty reply"
        if n < 4:
            assert state["summary_history"] == []
        elif n == 4:
            (record,) = state["summary_history"]
            assert SUMMARY_KEYS <= record.keys()
            assert record["thread_id"] == "local"
            assert record["turns"] == [1, 2, 3]
            assert record["turn_length"] == 3
            assert record["original_chars"] > 0
            assert record["summary_chars"] == len(record["summary"]) > 0
            assert record["compression_rate"] == 0.3
            assert record["original_tokens"] > 0 and record["summary_tokens"] > 0
            assert record["requested_rate"] == 0.3
            assert record["measured_ratio"] == round(record["summary_chars"] / record["original_chars"], 3)
        else:
            assert len(state["summary_history"]) == 1


def test_session_api_streams_and_summarizes_with_the_bundled_model(server, tmp_path):
    path = tmp_path / "chat.sqlite"
    settings = Settings(db_path=str(path))
    engine = assemble(settings, create_checkpointer(path), create_bundled_models(settings, server.base_url, server))
    session = engine.session("local")
    streamed = []
    for n, text in enumerate(QUESTIONS[:4], start=1):
        events = session.send(text, compression_rate=0.3).wait()
        engine.wait_idle()
        assert events[-1].kind == "reply", [(e.kind, e.text) for e in events]
        tokens = [e.text for e in events if e.kind == "token"]
        assert tokens and "".join(tokens).split() == events[-1].text.split()  # streamed = kept
        streamed.append(len(tokens))
        assert session.turns_completed() == n and not session.unfinished()
    assert min(streamed) >= 1  # every reply streamed before it was kept (the bundled model's sentence by sentence)
    state = session.state()
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    context = [m.content for m in session.last_context()]
    recalled_after = context[-1].startswith(RECALL_HEADER)  # a question about the person: its recall follows it
    assert context[-2 if recalled_after else -1] == QUESTIONS[3]
    assert [(s.session_id, s.turns) for s in engine.sessions()] == [("local", 4)]
    engine.close()


def test_a_warmed_server_reads_only_what_follows_the_system_prompt_of_a_first_message(server):
    opening = render_system_prompt(BASE_SYSTEM_PROMPT, [], datetime.now().astimezone())
    other = client(server)
    other.invoke([SystemMessage("Answer in one word."), HumanMessage("Name a fruit.")])  # the server read else
    server.warm(opening)
    client(server).invoke([SystemMessage(opening), HumanMessage("What is the capital of France?")])
    hits = [int(n) for n in re.findall(r"Llama\.generate: (\d+) prefix-match hit", server.log_path.read_text())]
    assert hits and hits[-1] >= len(opening) // 8  # the system prompt's tokens came from the warm-up


def test_streaming_yields_several_chunks(server):
    chunks = [chunk.content for chunk in client(server, streaming=True).stream("Say hello")]
    assert len([content for content in chunks if content]) > 1


def test_missing_model_file_fails_fast(tmp_path: Path):
    started = time.monotonic()
    with pytest.raises((FileNotFoundError, RuntimeError), match="not found"):
        LocalModelServer(tmp_path / "missing.gguf", startup_timeout=30).start()
    assert time.monotonic() - started < 5


def test_find_bundled_model_rejects_a_missing_explicit_path(tmp_path: Path):
    with pytest.raises(FileNotFoundError, match="LOCAL_MODEL_PATH"):
        find_bundled_model(tmp_path / "missing.gguf")


def test_reply_length_limit_reaches_the_server(server):
    limited = ChatOpenAI(base_url=server.base_url, api_key=server.api_key, model=server.model_alias,
                         **token_limit(server.base_url, 5))
    reply = limited.invoke("Write a long story about the sea.")
    assert reply.response_metadata["token_usage"]["completion_tokens"] <= 5


def test_prompt_cache_brings_back_a_session_after_another(server):
    model = client(server)
    rivers = [SystemMessage("You are a helpful assistant."), HumanMessage("Tell me about rivers. " * 40)]
    model.invoke(rivers)
    model.invoke([SystemMessage("You are a helpful assistant."), HumanMessage("Tell me about hills. " * 40)])
    logged = len(server.log_path.read_text(errors="replace"))
    model.invoke([*rivers, AIMessage("Rivers flow to the sea."), HumanMessage("And lakes?")])
    assert "cache hit" in server.log_path.read_text(errors="replace")[logged:]
