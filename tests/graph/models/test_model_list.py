"""The models a session may choose: the bundled one first, then what a real OpenAI-compatible server lists at
/v1/models, read at most once a minute in the background; a list that fails or hangs leaves the configured model
alone."""

import threading
import time
from collections.abc import Iterator

import pytest

from graph.models.endpoint import BUNDLED_NAME, EndpointCatalog
from graph.models.local_server import MODEL_ALIAS
from graph.models.model_list import LIST_SECONDS, RETRY_SECONDS, ModelList, endpoint_models
from graph.settings import Settings
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.unit


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with openai_server(["model-a", "model-b", "text-embedding-3-small"]) as running:
        yield running


def catalog_on(server: OpenAIServer, clock: Clock | None = None, timeout: float = 3.0) -> EndpointCatalog:
    settings = Settings(openai_base_url=server.base_url, chat_model="model-a")
    listing = ModelList(lambda: endpoint_models(server.base_url, "", timeout), clock or time.monotonic)
    return EndpointCatalog(settings, listing=listing)


def names(catalog: EndpointCatalog) -> list[str]:
    return [option.name for option in catalog.options()]


def test_the_endpoints_chat_models_follow_the_bundled_one(server):
    options = EndpointCatalog(Settings(openai_base_url=server.base_url, chat_model="model-a")).options()
    assert [option.name for option in options] == [MODEL_ALIAS, "model-a", "model-b"]  # no embedding model
    assert options[0].bundled and options[0].label == BUNDLED_NAME
    assert not any(option.bundled for option in options[1:])


def test_the_configured_model_comes_first_of_the_endpoints_even_when_unlisted(server):
    settings = Settings(openai_base_url=server.base_url, chat_model="model-b")
    assert names(EndpointCatalog(settings)) == [MODEL_ALIAS, "model-b", "model-a"]
    settings = Settings(openai_base_url=server.base_url, chat_model="llama3.1")
    assert names(EndpointCatalog(settings)) == [MODEL_ALIAS, "llama3.1", "model-a", "model-b"]


def test_the_list_is_read_once_a_minute(server):
    clock = Clock()
    catalog = catalog_on(server, clock)
    for _ in range(3):
        assert names(catalog) == [MODEL_ALIAS, "model-a", "model-b"]
    assert server.list_requests == 1
    server.models.append("model-c")
    clock.now += LIST_SECONDS - 1
    assert "model-c" not in names(catalog)
    clock.now += 2
    assert "model-c" not in names(catalog)  # the last list while the new one is asked for
    assert catalog.listing.refreshed(5.0)
    assert names(catalog)[-1] == "model-c" and server.list_requests == 2


def test_a_failed_list_shows_the_configured_model_only_and_is_asked_again_soon(server):
    clock = Clock()
    catalog = catalog_on(server, clock)
    server.list_status = 500
    assert names(catalog) == [MODEL_ALIAS, "model-a"]
    assert names(catalog) == [MODEL_ALIAS, "model-a"] and server.list_requests == 1
    server.list_status = 200
    clock.now += RETRY_SECONDS + 1
    assert names(catalog) == [MODEL_ALIAS, "model-a"]  # the last answer while the list is asked for again
    assert catalog.listing.refreshed(5.0)
    assert names(catalog) == [MODEL_ALIAS, "model-a", "model-b"]


def test_a_list_that_hangs_is_given_up_within_its_timeout(server):
    server.list_delay = 600.0  # far longer than any deadline below: only the catalog's own timeout ends the wait
    catalog = catalog_on(server, timeout=0.5)
    listed: list[list[str]] = []
    asking = threading.Thread(target=lambda: listed.append(names(catalog)), daemon=True)
    asking.start()
    asking.join(timeout=120)
    assert listed == [[MODEL_ALIAS, "model-a"]]


def test_an_endpoint_that_is_down_leaves_the_configured_model():
    with openai_server(["model-a", "model-b"]) as gone:
        url = gone.base_url
    catalog = EndpointCatalog(Settings(openai_base_url=url, chat_model="model-a"))
    assert names(catalog) == [MODEL_ALIAS, "model-a"]
    assert catalog.resolve("model-b") == "model-a"  # not offered now: the default answers, nothing breaks


def test_without_an_endpoint_the_bundled_model_alone_is_offered_and_nothing_is_asked(server):
    catalog = EndpointCatalog(Settings(local_model_servers="off"))
    assert names(catalog) == [MODEL_ALIAS]
    assert catalog.default == MODEL_ALIAS and catalog.resolve("model-b") == MODEL_ALIAS
    assert catalog.profile(MODEL_ALIAS).provider == "bundled" and server.list_requests == 0


def test_a_choice_resolves_to_itself_while_offered_else_to_the_default(server):
    catalog = catalog_on(server)
    assert [catalog.resolve(name) for name in ("model-b", "", "removed-model", MODEL_ALIAS)] == \
        ["model-b", "model-a", "model-a", MODEL_ALIAS]


@pytest.mark.parametrize("streaming", [True, False], ids=["stream", "invoke"])
def test_a_chosen_model_is_asked_by_its_name_on_the_endpoint(server, streaming):
    catalog = catalog_on(server)
    models = catalog.open("model-b")
    assert models.profile.provider == "remote" and models.profile.label == "model-b"
    reply = "".join(str(c.content) for c in models.chat.stream("hi")) if streaming else models.chat.invoke("hi").content
    assert reply == "Answer 1 from model-b."
    assert server.answered_by() == ["model-b"]
