"""Downloading a model from the page, in AppTest: the suggested models listed with size, languages and license, a
model typed as hf:REPO/FILE fetched from a stand-in hub in the background, its end shown and the model offered in the
model list, a reference that is no GGUF file refused under the box, a download the hub cannot serve said why, and a
downloaded model removed."""

import time
from collections.abc import Iterator

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from graph.engine import Engine, Settings, assemble
from graph.models import Models
from graph.models.endpoint import EndpointCatalog
from graph.storage.sqlite import create_checkpointer
from tests.component.apptest import FakeEngineFactory, engine_started_at_once
from tests.hub_server import HubServer, hub_server

pytestmark = pytest.mark.app

REPO, FILE = "someone/Tiny-GGUF", "tiny-q4_k_m.gguf"


class DownloadingEngineFactory(FakeEngineFactory):
    """The app's engine with the fake chat model as its default and the app's catalog: models downloaded from the
    stand-in hub into a cache of the test's own."""

    def __init__(self, db_path, cache: str, hub: str) -> None:
        super().__init__(db_path)
        self.settings = Settings(models_dir=cache, local_model_servers="off", hub_endpoint=hub)

    def __call__(self, settings: Settings | None = None, progress=None) -> Engine:
        models = Models(chat=self.chat, summary=self.summary, profile=self.profile)
        self.engine = assemble(Settings(), create_checkpointer(self.db_path), models,
                               catalog=EndpointCatalog(self.settings))
        return self.engine


@pytest.fixture
def hub() -> Iterator[HubServer]:
    with hub_server({(REPO, FILE): b"GGUF" + bytes(range(256)) * 4096}) as running:
        yield running


@pytest.fixture
def app(tmp_path, monkeypatch, hub) -> Iterator[tuple[AppTest, DownloadingEngineFactory]]:
    st.cache_resource.clear()
    factory = DownloadingEngineFactory(tmp_path / "chat.sqlite", str(tmp_path / "models"), hub.url)
    engine_started_at_once(monkeypatch, factory)
    yield AppTest.from_file("../../app.py", default_timeout=30).run(), factory
    st.cache_resource.clear()


def settled(app: AppTest, factory: DownloadingEngineFactory) -> AppTest:
    """The page drawn again once every download has ended."""
    downloads = factory.engine.model_downloads()
    deadline = time.monotonic() + 30
    while any(job.running for job in downloads.jobs.jobs()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return app.run()


def test_the_suggested_models_are_listed_with_what_they_are(app):
    page, _ = app
    shown = " ".join(item.value for item in page.sidebar.markdown)
    assert all(name in shown for name in ("Qwen2.5 0.5B Instruct", "Qwen2.5 1.5B Instruct", "Gemma 3 1B it"))
    captions = [caption.value for caption in page.sidebar.caption]
    assert "한국어 · 简体中文 · English · Apache-2.0" not in captions  # listed in the model's own order
    assert "English · 한국어 · 简体中文 · Apache-2.0" in captions
    assert [button.label for button in page.sidebar.button if button.key.startswith("get_suggested_")] == [
        "내려받기"] * 3


def test_a_typed_model_is_downloaded_in_the_background_and_offered(app, hub):
    page, factory = app
    page.sidebar.text_input(key="download_reference").input(f"hf:{REPO}/{FILE}")
    page.sidebar.button(key="get_typed").click().run()
    page = settled(page, factory)
    assert not page.exception
    assert any("tiny-q4_k_m.gguf 모델을 내려받았어요" in notice.value for notice in page.sidebar.success)
    picker = page.sidebar.selectbox(key="model_choice")
    assert "tiny-q4_k_m.gguf (이 컴퓨터에서 실행)" in picker.options
    assert hub.bytes_sent == len(hub.files[(REPO, FILE)])

    page.sidebar.button(key="remove_other_0").click().run()
    assert not [box for box in page.sidebar.selectbox if box.key == "model_choice"]  # the bundled model alone


def test_a_reference_that_is_no_gguf_file_is_refused_under_the_box(app):
    page, factory = app
    page.sidebar.text_input(key="download_reference").input("Qwen/Qwen2.5-0.5B").run()
    page.sidebar.button(key="get_typed").click().run()
    assert [notice.value for notice in page.sidebar.warning] == [
        "허브의 GGUF 파일이 아니에요. hf:소유자/저장소/파일.gguf 형식으로 적어 주세요."]
    assert factory.engine.model_downloads().jobs.jobs() == []


def test_a_model_the_hub_lacks_is_said_so_and_dismissed(app):
    page, factory = app
    page.sidebar.button(key="get_suggested_0").click().run()
    page = settled(page, factory)
    assert [notice.value for notice in page.sidebar.error] == [
        "Qwen2.5 0.5B Instruct 모델이 허브에 없어요. 저장소와 파일 이름을 확인해 주세요."]
    page.sidebar.button(key="dismiss_download_0").click().run()
    assert not page.sidebar.error and factory.engine.model_downloads().jobs.jobs() == []
