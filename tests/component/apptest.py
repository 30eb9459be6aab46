"""Run app.py in Streamlit's AppTest with fake models and a temporary database; tests/conftest.py registers
these fixtures for every test (the page's tests and the fault tests that check what the page shows)."""

from dataclasses import replace

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import component.startup
import graph.engine
from graph.engine import Engine, assemble
from graph.models import ModelProfile, Models
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from tests.fakes import ScriptedChatModel, summary_reply

PROFILE = ModelProfile("fake-model", "remote", streaming=True, tools=True, structured_output=True, context_window=8192)


class FakeEngineFactory:
    """Stands in for open_engine: same engine shape, fake models, a database under tmp_path."""

    def __init__(self, db_path):
        self.db_path = db_path
        self.chat = ScriptedChatModel()
        self.summary = ScriptedChatModel(reply=summary_reply)
        self.profile = PROFILE
        self.engine = None

    def __call__(self, settings: Settings | None = None, progress=None) -> Engine:
        # a turn makes a due summary itself, as `tests.conftest.make_engine` has it: pages sent at once see it then
        settings = replace(settings or Settings(), summary_late_turns=0)
        saver = create_checkpointer(self.db_path)
        models = Models(chat=self.chat, summary=self.summary, profile=self.profile)
        self.engine = assemble(settings, saver, models)
        return self.engine


class StartedAtOnce(component.startup.EngineStart):
    """The engine's start waited for before the page is drawn, so a test's first run shows the chat (the waiting
    page itself is tested with the real start in test_startup.py)."""

    def __init__(self, start) -> None:
        super().__init__(start)
        self._thread.join()


def engine_started_at_once(monkeypatch, factory) -> None:
    """The page's engine is `factory`'s, ready on the page's first run."""
    monkeypatch.setattr(graph.engine, "open_engine", factory)
    monkeypatch.setattr(component.startup, "EngineStart", StartedAtOnce)


@pytest.fixture
def fake_engine(tmp_path, monkeypatch):
    st.cache_resource.clear()
    factory = FakeEngineFactory(tmp_path / "chat.sqlite")
    engine_started_at_once(monkeypatch, factory)
    yield factory
    st.cache_resource.clear()


@pytest.fixture
def app(fake_engine) -> AppTest:
    at = AppTest.from_file("../../app.py", default_timeout=30)
    return at.run()


@pytest.fixture
def detailed_app(fake_engine) -> AppTest:
    """The page with the developer details switched on (kept in its address)."""
    at = AppTest.from_file("../../app.py", default_timeout=30)
    at.query_params["details"] = "on"
    return at.run()


def send(at: AppTest, text: str) -> AppTest:
    """Type a message into the chat input and run the script until it settles."""
    at.chat_input[0].set_value(text).run()
    return at
