"""The page is drawn at once while the engine starts behind it: it says what is starting, the chat opens by
itself, input and all, once the engine is ready, and a start that fails is said in the page's words."""

import threading

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

import graph.engine
from tests.component.apptest import FakeEngineFactory

pytestmark = pytest.mark.app


class HeldStart(FakeEngineFactory):
    """An engine whose start takes until the test lets it finish, reporting progress meanwhile."""

    def __init__(self, db_path, fails: bool = False) -> None:
        super().__init__(db_path)
        self.release, self.reported, self.fails = threading.Event(), threading.Event(), fails

    def __call__(self, settings=None, progress=None):
        if progress is not None:
            progress("Loading the local model... 5 s")
        self.reported.set()
        assert self.release.wait(60), "the test never let the engine start"
        if self.fails:
            raise FileNotFoundError("Local model file not found: /nowhere/model.gguf (check LOCAL_MODEL_PATH).")
        return super().__call__(settings, progress)


@pytest.fixture
def held(tmp_path, monkeypatch):
    st.cache_resource.clear()
    factories = []

    def make(fails: bool = False) -> HeldStart:
        factory = HeldStart(tmp_path / "chat.sqlite", fails)
        monkeypatch.setattr(graph.engine, "open_engine", factory)
        factories.append(factory)
        return factory

    yield make
    for factory in factories:
        factory.release.set()
        if factory.engine is not None:
            factory.engine.close()
    st.cache_resource.clear()


def test_the_page_is_drawn_while_the_engine_starts_and_opens_the_chat_when_ready(held):
    start = held()
    app = AppTest.from_file("../../app.py", default_timeout=30).run()
    assert not app.exception
    assert start.reported.wait(30)
    assert [i.value for i in app.info][0].startswith("모델과 대화를 준비하는 중이에요")
    assert not app.chat_input  # the chat opens, input and all, when the engine is ready
    start.release.set()
    for _ in range(600):  # the start ends on its own thread; the page looks again, as its fragment does
        if start.engine is not None:
            break
        threading.Event().wait(0.05)
    app.run()
    assert not app.exception and not [i for i in app.info if i.value.startswith("모델과 대화를 준비하는 중이에요")]
    assert not app.chat_input[0].disabled
    app.chat_input[0].set_value("hello").run()
    assert start.engine.session(app.session_state["session_id"]).turns_completed() == 1


def test_a_start_that_fails_is_said_on_the_page(held):
    start = held(fails=True)
    start.release.set()
    app = AppTest.from_file("../../app.py", default_timeout=30).run()
    for _ in range(600):  # the failed start ends on its own thread
        if app.error:
            break
        threading.Event().wait(0.05)
        app.run()
    assert not app.exception
    assert any("LOCAL_MODEL_PATH" in e.value for e in app.error)
