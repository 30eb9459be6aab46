"""An endpoint that sends its model list a byte every half second holds up neither the sidebar's list nor a turn:
the list has one deadline for the whole call, the last list is served while a newer one is asked for, and a turn
whose model is listed answers within seconds (a real HTTP server started here, the bounds generous)."""

import time
from collections.abc import Iterator

import pytest

from graph.engine import Engine, Settings, assemble
from graph.models.endpoint import EndpointCatalog
from graph.models.local_server import MODEL_ALIAS
from graph.models.model_list import LIST_SECONDS, LIST_TIMEOUT, ModelList, endpoint_models
from graph.recall.embeddings import embed
from graph.storage.sqlite import create_checkpointer
from tests.graph.models.test_model_list import Clock
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.faults

BYTE_SECONDS = 0.5  # the pause between the bytes of the slow list's body
WITHIN = 10.0  # seconds a list or a turn may take with the slow list: generous, the list alone would take minutes


@pytest.fixture(scope="module", autouse=True)
def embeddings_loaded() -> None:
    """The sentence model loaded before any turn is timed: its first load is no part of what is measured here."""
    embed(["ready"])


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with openai_server(["model-a", "model-b"]) as running:
        yield running


def engine_on(server: OpenAIServer, tmp_path, clock: Clock) -> Engine:
    """The engine as the app opens it on the endpoint, its list read through the real client on the test's clock."""
    settings = Settings(db_path=str(tmp_path / "chat.sqlite"), openai_base_url=server.base_url, chat_model="model-a")
    listing = ModelList(lambda: endpoint_models(server.base_url, "", LIST_TIMEOUT), clock)
    catalog = EndpointCatalog(settings, listing=listing)
    return assemble(settings, create_checkpointer(tmp_path / "chat.sqlite"), catalog.open("model-a"), catalog=catalog)


def timed(action):
    """What `action` returned and the seconds it took."""
    started = time.monotonic()
    result = action()
    return result, time.monotonic() - started


def test_a_list_sent_a_byte_at_a_time_is_given_up_at_its_deadline(server):
    server.list_byte_seconds = BYTE_SECONDS
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        endpoint_models(server.base_url, "", LIST_TIMEOUT)
    assert time.monotonic() - started < WITHIN


def test_the_sidebar_and_a_turn_on_a_listed_model_do_not_wait_for_a_slow_list(server, tmp_path):
    clock = Clock()
    engine = engine_on(server, tmp_path, clock)
    try:
        session = engine.session("s")
        assert "model-b" in [option.name for option in engine.model_options()]
        session.save_settings(model="model-b")
        assert session.send("hello").wait()[-1].kind == "reply"
        server.list_byte_seconds = BYTE_SECONDS  # from now on the list trickles
        clock.now += LIST_SECONDS + 1  # and the list read is old: the next look asks again
        options, seconds = timed(engine.model_options)
        assert "model-b" in [option.name for option in options] and seconds < WITHIN
        events, seconds = timed(lambda: session.send("and again").wait())
        assert events[-1].kind == "reply" and seconds < WITHIN
        assert timed(engine.model_options)[1] < WITHIN
        assert set(server.answered_by()) == {"model-b"}
    finally:
        engine.close()


def test_a_first_list_that_trickles_leaves_the_configured_model_within_seconds(server, tmp_path):
    server.list_byte_seconds = BYTE_SECONDS
    engine = engine_on(server, tmp_path, Clock())
    try:
        options, seconds = timed(engine.model_options)
        assert [option.name for option in options] == [MODEL_ALIAS, "model-a"] and seconds < WITHIN
        session = engine.session("s")
        session.save_settings(model="model-b")
        events, seconds = timed(lambda: session.send("hello").wait())
        assert events[-1].kind == "reply" and seconds < WITHIN
        assert set(server.answered_by()) == {"model-a"}  # not listed: the default answers, nothing waits
    finally:
        engine.close()
