"""A downloaded GGUF model served by the app's own llama.cpp server: the bundled file under another name, fetched
from a stand-in hub, offered beside the bundled model after a restart, answering with the template the file carries,
one served at a time (opening another stops it, and its chats start it again), gone once removed."""

from collections.abc import Iterator

import pytest

from graph.models.downloads import GgufModel, download, remove
from graph.models.endpoint import EndpointCatalog
from graph.models.local_server import MODEL_ALIAS, find_bundled_model
from graph.settings import Settings
from tests.hub_server import hub_server

pytestmark = [pytest.mark.integration, pytest.mark.local_model]

FIRST = GgufModel("someone/Smol-Copy-GGUF", "smol-copy.gguf")
SECOND = GgufModel("someone/Smol-Other-GGUF", "smol-other.gguf")


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> str:
    """Two models downloaded from a stand-in hub into a cache of their own."""
    folder = tmp_path_factory.mktemp("hub-cache")
    content = find_bundled_model().read_bytes()
    with hub_server({(FIRST.repo, FIRST.file): content, (SECOND.repo, SECOND.file): content}) as hub:
        for model in (FIRST, SECOND):
            download(model, None, folder, hub.url)
    return str(folder)


@pytest.fixture
def catalog(cache) -> Iterator[EndpointCatalog]:
    """The app's catalog as a restarted app makes it: nothing looked for but the cache."""
    made = EndpointCatalog(Settings(models_dir=cache, local_model_servers="off"))
    yield made
    made.close()


def name_of(model: GgufModel) -> str:
    return f"gguf:{model.repo}/{model.file}"


def test_the_downloaded_models_are_offered_after_the_bundled_one(catalog):
    options = catalog.options()
    assert [option.name for option in options] == [MODEL_ALIAS, name_of(FIRST), name_of(SECOND)]
    assert [option.label for option in options[1:]] == [FIRST.file, SECOND.file] and all(o.bundled for o in options)
    profile = catalog.profile(name_of(FIRST))
    assert (profile.provider, profile.tools, profile.label) == ("bundled", False, FIRST.file)
    assert set(profile.written or ()) == {"en", "ko", "zh"}  # nothing known of the file: it may write any of them


def test_a_downloaded_model_answers_on_its_own_server_with_the_files_template(catalog):
    models = catalog.open(name_of(FIRST))
    assert models.server is not None and "--chat_format" not in models.server.command()
    assert str(models.server.model_path).endswith(FIRST.file)
    reply = models.chat.invoke("Say hello.")
    assert str(reply.content).strip()
    assert catalog.current(name_of(FIRST), models)


def test_one_downloaded_model_is_served_at_a_time(catalog):
    first = catalog.open(name_of(FIRST))
    second = catalog.open(name_of(SECOND))
    assert first.server is not None and not first.server.running and second.server is not None
    assert not catalog.current(name_of(FIRST), first) and catalog.current(name_of(SECOND), second)
    again = catalog.open(name_of(FIRST))  # its chats start it again
    assert str(again.chat.invoke("Say hello.").content).strip() and not second.server.running


def test_a_removed_model_is_no_longer_offered_and_its_chats_fall_back(cache):
    catalog = EndpointCatalog(Settings(models_dir=cache, local_model_servers="off"))
    try:
        assert remove(SECOND, cache)
        catalog.downloads.refresh()
        assert name_of(SECOND) not in [option.name for option in catalog.options()]
        assert catalog.resolve(name_of(SECOND)) == MODEL_ALIAS
    finally:
        catalog.close()
