"""Shared fixtures: fake models, an in-memory graph, an engine on a temporary database, and transcripts."""

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.engine import Engine, Session, TurnEvent, assemble
from graph.models import ModelProfile, Models, bundled_profile
from graph.settings import Settings
from graph.storage import Storage, open_storage
from graph.storage.postgres import create_checkpointer as postgres_checkpointer
from graph.storage.postgres import is_database_url
from graph.storage.sqlite import create_checkpointer as sqlite_checkpointer
from tests.fakes import ScriptedChatModel, summary_reply

# PostgreSQL and an identity provider on demand, the page in AppTest, and the model matrix of the fault tests
pytest_plugins = ["tests.postgres_server", "tests.oidc_provider", "tests.component.apptest", "tests.model_kinds"]

BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(autouse=True)
def main_module_kept():
    """Streamlit's AppTest leaves the page's script as `__main__`: put back after each test, or a process that a
    later test starts by spawn (as the benchmarks do) runs the page instead of its work, and dies, again and again."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """The name of the backend a test runs on: every test asking for it runs on both."""
    return request.param


@pytest.fixture
def database(backend: str, tmp_path: Path, request) -> str:
    """Where the backend keeps its data: a SQLite file path or the URL of a fresh PostgreSQL database."""
    if backend == "postgres":
        return request.getfixturevalue("postgres_url")
    return str(tmp_path / "chat.sqlite")


def plain_turn(n: int) -> list[BaseMessage]:
    """A turn without tools: question n and its answer."""
    return [HumanMessage(f"question {n}"), AIMessage(f"answer {n}")]


def tool_turn(n: int) -> list[BaseMessage]:
    """A turn with one tool round: Human, AI(tool_calls), Tool, AI(final)."""
    call_id = f"call-{n}"
    return [
        HumanMessage(f"compute {n} * 2"),
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": f"{n}*2"}, "id": call_id}]),
        ToolMessage(str(n * 2), tool_call_id=call_id, name="calculator"),
        AIMessage(f"{n} * 2 = {n * 2}"),
    ]


def transcript(count: int, tool_every: int = 0) -> list[BaseMessage]:
    """`count` completed turns; every `tool_every`-th one uses a tool."""
    messages: list[BaseMessage] = []
    for n in range(1, count + 1):
        messages += tool_turn(n) if tool_every and n % tool_every == 0 else plain_turn(n)
    return messages


@pytest.fixture
def chat_model() -> ScriptedChatModel:
    return ScriptedChatModel()


@pytest.fixture
def summary_model() -> ScriptedChatModel:
    return ScriptedChatModel(reply=summary_reply)


@pytest.fixture
def graph(chat_model, summary_model):
    return build_graph(chat_model, summary_model, InMemorySaver())


def run_turn(graph, n: int, text: str | None = None, session_id: str = "s1", rate: float = 0.3) -> dict:
    """Invoke turn n the way the app does and return the resulting state."""
    return graph.invoke(
        {
            "messages": [HumanMessage(text or f"question {n}")],
            "turn_count": n,
            "session_id": session_id,
            "compression_rate": rate,
        },
        {"configurable": {"thread_id": session_id}},
    )


def open_database(database: Path | str) -> Storage:
    """The storage the app opens for a SQLite file path or a PostgreSQL URL."""
    location = str(database)
    return open_storage("", location) if is_database_url(location) else open_storage(location)


def reader_profile() -> ModelProfile:
    """The bundled model's window and extractive summaries, on a model that reads all its context: what recall
    brings into the request is measured on it (the bundled model itself is sent only a slow reader's share)."""
    return replace(bundled_profile(), label="reads its context", provider="remote", summarizes=False)


def make_engine(database: Path | str, chat: ScriptedChatModel | None = None, summary: ScriptedChatModel | None = None,
                context_window: int = 128_000, tools: bool = True, profile: ModelProfile | None = None,
                **settings) -> Engine:
    """An engine assembled as the app assembles it, on fake models and a SQLite file or a PostgreSQL URL. A turn
    makes a due summary itself (`summary_late_turns=0`) unless a test asks otherwise: tests that send turn after
    turn then see it on the turn it is due, whatever the preparer is doing at that moment."""
    settings.setdefault("summary_late_turns", 0)
    profile = profile or ModelProfile(label="fake", provider="remote", streaming=True, tools=tools,
                                      structured_output=True, context_window=context_window)
    models = Models(chat=chat or ScriptedChatModel(), summary=summary or ScriptedChatModel(reply=summary_reply),
                    profile=profile)
    if is_database_url(str(database)):
        return assemble(Settings(database_url=str(database), **settings), postgres_checkpointer(str(database)),
                        models)
    return assemble(Settings(db_path=str(database), **settings), sqlite_checkpointer(database), models)


@pytest.fixture
def engine(database, chat_model, summary_model):
    """An engine on each backend in turn."""
    engine = make_engine(database, chat_model, summary_model)
    yield engine
    engine.close()


def recalled(session: Session) -> list[dict]:
    """The earlier turns recall brought into the last request: turn, rank and tokens of each."""
    return session.state().get("request_report", {}).get("recalled") or []


def send(session: Session, text: str, rate: float | None = 0.3) -> list[TurnEvent]:
    """Send a message, wait for its answer and for the work the engine does after it."""
    events = session.send(text, compression_rate=rate).wait()
    session.services.wait_idle()
    return events
