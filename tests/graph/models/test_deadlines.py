"""A hung model is cut off: deadlines per call that do not depend on the server, Stop that ends a call
stalled inside the process, and close() that returns at once with threads ending quietly."""

import logging
import threading
import time

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessageChunk
from langchain_core.outputs import ChatGenerationChunk

from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.faults


class Trickling(ScriptedChatModel):
    """Streams a token every `delay` seconds and never stops, like an endpoint that trickles."""

    def _stream(self, messages, stop=None, run_manager=None, **kwargs):
        self.calls.append(list(messages))
        while True:
            time.sleep(self.delay)
            yield ChatGenerationChunk(message=AIMessageChunk(content="drip "))


class Stalled(ScriptedChatModel):
    """A model that hangs inside the process before its first token (and ignores callbacks)."""

    release: threading.Event = threading.Event()

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.calls.append(list(messages))
        self.release.wait(timeout=60)
        return super()._generate(messages, stop, None, **kwargs)

    _stream = BaseChatModel._stream  # type: ignore[assignment]


def test_a_trickling_endpoint_is_cut_off_at_the_reply_deadline(database):
    engine = make_engine(database, Trickling(delay=0.2), ScriptedChatModel(reply=summary_reply),
                         first_token_timeout=5, reply_timeout=1.5)
    session = engine.session("trickle")
    started = time.monotonic()
    events = session.send("hello").wait()
    assert time.monotonic() - started < 10
    assert events[-1].kind == "error" and "too long" in events[-1].text
    assert session.unfinished()  # the message is kept for Retry
    engine.close()


def test_a_stalled_model_is_cut_off_at_the_first_token_deadline(database):
    model = Stalled(release=threading.Event())
    engine = make_engine(database, model, ScriptedChatModel(reply=summary_reply), first_token_timeout=1)
    events = engine.session("stalled").send("hello").wait()
    assert events[-1].kind == "error" and "too long" in events[-1].text
    model.release.set()
    engine.close()


def test_stop_abandons_a_model_stalled_inside_the_process(database):
    model = Stalled(release=threading.Event())
    engine = make_engine(database, model, ScriptedChatModel(reply=summary_reply))
    session = engine.session("stalled")
    run = session.send("hello")
    deadline = time.monotonic() + 10
    while not model.calls and time.monotonic() < deadline:
        time.sleep(0.02)
    stopped_at = time.monotonic()
    session.stop()
    events = run.wait(timeout=10)
    assert time.monotonic() - stopped_at < 30  # the model itself is released only after 60 s
    assert events[-1].kind == "reply" and events[-1].data.get("stopped")
    assert not session.unfinished()
    model.release.set()
    engine.close()


def test_close_returns_promptly_and_quietly_while_a_model_hangs(database, caplog):
    model = Stalled(release=threading.Event())
    engine = make_engine(database, model, ScriptedChatModel(reply=summary_reply))
    session = engine.session("closing")
    runs = [session.send("first"), session.send("second")]  # the second waits its turn
    deadline = time.monotonic() + 10
    while not model.calls and time.monotonic() < deadline:
        time.sleep(0.02)
    caplog.set_level(logging.DEBUG)
    started = time.monotonic()
    engine.close()
    assert time.monotonic() - started < 30  # the model itself is released only after 60 s
    assert runs[1].wait(timeout=5)[-1].data.get("code") == "cancelled"
    model.release.set()
    time.sleep(0.3)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.records
