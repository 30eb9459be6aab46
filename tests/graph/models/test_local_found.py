"""Model servers found on this machine without an endpoint configured: a stand-in OpenAI-compatible server on
OLLAMA_HOST has its chat models offered beside the bundled one (never its embedding models), answers a session that
chose one, streamed and not, and once it goes away the default answers, without waiting for its list to age."""

from collections.abc import Iterator

import pytest

from graph.models.endpoint import EndpointCatalog
from graph.models.factory import LOCAL_CONTEXT_WINDOW
from graph.models.local_found import LocalServers, host_url, server_roots
from graph.models.local_server import MODEL_ALIAS
from graph.settings import Settings
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.unit

CHAT, EMBEDDING_BY_NAME, EMBEDDING_BY_FAMILY = "qwen2.5:0.5b", "nomic-embed-text:latest", "bge-m3:latest"


@pytest.fixture
def ollama() -> Iterator[OpenAIServer]:
    """A stand-in Ollama: two embedding models beside a chat model, one only its own listing marks as such."""
    with openai_server([CHAT, EMBEDDING_BY_NAME, EMBEDDING_BY_FAMILY]) as running:
        running.native["/api/tags"] = {"models": [
            {"name": CHAT, "details": {"family": "qwen2", "families": ["qwen2"]}},
            {"name": EMBEDDING_BY_NAME, "details": {"family": "nomic-bert", "families": ["nomic-bert"]}},
            {"name": EMBEDDING_BY_FAMILY, "details": {"family": "bert", "families": ["bert"]}}]}
        yield running


def address(server: OpenAIServer) -> str:
    return server.base_url.removeprefix("http://").removesuffix("/v1")


def found_catalog(server: OpenAIServer) -> EndpointCatalog:
    """The app's catalog without an endpoint, Ollama looked for where OLLAMA_HOST says, the first look read."""
    catalog = EndpointCatalog(Settings(ollama_host=address(server)))
    assert all(found.listing.refreshed(10) for found in catalog.found.servers)
    return catalog


def offered(catalog: EndpointCatalog, server: OpenAIServer) -> list:
    """The bundled model and the stand-in's models as offered (a model server this machine happens to run aside)."""
    return [option for option in catalog.options() if option.bundled or option.name.startswith(address(server))]


@pytest.mark.parametrize(("given", "expected"), [
    ("", "http://127.0.0.1:11434"), ("0.0.0.0", "http://127.0.0.1:11434"), (":8000", "http://127.0.0.1:8000"),
    ("example.lan:11500", "http://example.lan:11500"), ("https://models.example.lan", "https://models.example.lan:11434"),
])
def test_an_address_is_read_as_ollama_reads_its_host(given, expected):
    assert host_url(given or "127.0.0.1", 11434) == expected


def test_ollama_lm_studio_and_llama_cpp_are_looked_for_unless_told_where_or_not_to():
    assert server_roots(Settings()) == {"http://127.0.0.1:11434": "Ollama", "http://127.0.0.1:1234": "LM Studio",
                                        "http://127.0.0.1:8080": "llama.cpp"}
    assert server_roots(Settings(ollama_host="0.0.0.0:11500"))["http://127.0.0.1:11500"] == "Ollama"
    assert server_roots(Settings(ollama_host="127.0.0.1:1234")) == {"http://127.0.0.1:1234": "Ollama",
                                                                    "http://127.0.0.1:8080": "llama.cpp"}
    assert server_roots(Settings(local_model_servers="off")) == {}
    assert server_roots(Settings(local_model_servers="http://box:9000/v1, http://box:1234")) == {
        "http://box:9000": "box:9000", "http://box:1234": "LM Studio"}
    assert LocalServers(Settings(openai_base_url="http://x/v1", chat_model="m")).servers  # the catalog skips these
    assert EndpointCatalog(Settings(openai_base_url="http://x/v1", chat_model="m")).found.servers == []


def test_the_chat_models_of_a_server_on_ollama_host_are_offered_beside_the_bundled_one(ollama):
    catalog = found_catalog(ollama)
    options = offered(catalog, ollama)
    assert [option.name for option in options] == [MODEL_ALIAS, f"{address(ollama)}/{CHAT}"]
    assert options[0].bundled and options[1].label == f"{CHAT} · Ollama"  # found where OLLAMA_HOST says
    assert catalog.default == MODEL_ALIAS  # a chat that chose nothing stays on the bundled model


def test_embedding_and_ranking_models_are_known_by_their_names(ollama):
    ollama.models += ["all-minilm:latest", "mxbai-embed-large:latest", "paraphrase-multilingual:latest",
                      "bge-reranker-v2-m3", "llama3.2:1b"]
    catalog = found_catalog(ollama)
    assert [option.name.split("/", 1)[1] for option in offered(catalog, ollama)[1:]] == [CHAT, "llama3.2:1b"]


def test_a_server_on_the_ollama_port_is_called_ollama():
    servers = LocalServers(Settings())
    assert [server.label("m") for server in servers.servers] == ["m · Ollama", "m · LM Studio", "m · llama.cpp"]


def test_a_chosen_found_model_answers_streamed_and_not_with_its_own_profile(ollama):
    catalog = found_catalog(ollama)
    name = f"{address(ollama)}/{CHAT}"
    assert catalog.resolve(name) == name
    profile = catalog.profile(name)
    assert (profile.provider, profile.tools, profile.can_summarize) == ("local", False, True)
    assert profile.context_window == LOCAL_CONTEXT_WINDOW and CHAT in profile.label
    models = catalog.open(name)
    assert models.chat.invoke("hello").content == f"Answer 1 from {CHAT}."
    assert "".join(str(piece.content) for piece in models.chat.stream("again")) == f"Answer 2 from {CHAT}."
    assert ollama.answered_by() == [CHAT, CHAT]


def test_a_server_that_went_away_hands_its_chats_to_the_default_at_once_and_gets_them_back(ollama):
    catalog = found_catalog(ollama)
    name = f"{address(ollama)}/{CHAT}"
    port = int(address(ollama).rsplit(":", 1)[1])
    ollama.stop()
    assert name in [option.name for option in offered(catalog, ollama)]  # its list is still fresh
    assert catalog.resolve(name) == MODEL_ALIAS  # yet no turn is sent to it
    with openai_server([CHAT], port=port) as back:
        assert catalog.resolve(name) == name
        assert catalog.open(name).chat.invoke("hi").content == f"Answer 1 from {CHAT}."
        assert back.answered_by() == [CHAT]


def test_nothing_listening_offers_nothing_and_never_holds_up_the_page():
    with openai_server([CHAT]) as gone:
        root = gone.base_url.removesuffix("/v1")
    catalog = EndpointCatalog(Settings(local_model_servers=root))
    assert [option.name for option in catalog.options()] == [MODEL_ALIAS]
    assert all(found.listing.refreshed(10) for found in catalog.found.servers)
    assert [option.name for option in catalog.options()] == [MODEL_ALIAS]
