"""The model picker in AppTest: the bundled model and a real OpenAI-compatible server's models listed, the chat's
choice saved and answering its next message, a new chat on the default, the choice shown again after a reload; without
an endpoint, a model server found on this machine offered, answering, and stood in for while it is away."""

from collections.abc import Iterator

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from graph.engine import Engine, Settings, assemble
from graph.models import Models
from graph.models.endpoint import EndpointCatalog
from graph.storage.sqlite import create_checkpointer
from tests.component.apptest import FakeEngineFactory, engine_started_at_once, send
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.app


class EndpointEngineFactory(FakeEngineFactory):
    """The app's engine on an endpoint listing model-a and model-b: model-a (the default) is the fake chat model,
    the others are opened on the endpoint as the app opens them."""

    def __init__(self, db_path, base_url: str) -> None:
        super().__init__(db_path)
        self.base_url = base_url

    def __call__(self, settings: Settings | None = None, progress=None) -> Engine:
        endpoint = Settings(openai_base_url=self.base_url, chat_model="model-a")
        models = Models(chat=self.chat, summary=self.summary, profile=self.profile)
        self.engine = assemble(Settings(), create_checkpointer(self.db_path), models, catalog=EndpointCatalog(endpoint))
        return self.engine


class FoundEngineFactory(FakeEngineFactory):
    """The app's engine with no endpoint, a model server found where it was told to look: the fake chat model
    answers as the default, the found server's models are opened as the app opens them."""

    def __init__(self, db_path, root: str) -> None:
        super().__init__(db_path)
        self.root = root

    def __call__(self, settings: Settings | None = None, progress=None) -> Engine:
        catalog = EndpointCatalog(Settings(local_model_servers=self.root))
        assert all(found.listing.refreshed(10) for found in catalog.found.servers)
        models = Models(chat=self.chat, summary=self.summary, profile=self.profile)
        self.engine = assemble(Settings(), create_checkpointer(self.db_path), models, catalog=catalog)
        return self.engine


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with openai_server(["model-a", "model-b"]) as running:
        yield running


@pytest.fixture
def endpoint_app(tmp_path, monkeypatch, server) -> Iterator[tuple[AppTest, EndpointEngineFactory]]:
    st.cache_resource.clear()
    factory = EndpointEngineFactory(tmp_path / "chat.sqlite", server.base_url)
    engine_started_at_once(monkeypatch, factory)
    yield AppTest.from_file("../../app.py", default_timeout=30).run(), factory
    st.cache_resource.clear()


def test_the_picker_lists_the_bundled_model_first_and_the_endpoints_models(endpoint_app):
    app, _ = endpoint_app
    picker = app.sidebar.selectbox(key="model_choice")
    assert picker.label == "모델" and picker.value == "model-a"
    assert picker.options == ["SmolLM2-135M (이 컴퓨터에서 실행)", "model-a", "model-b"]
    app.sidebar.segmented_control[0].set_value("en").run()
    assert app.sidebar.selectbox(key="model_choice").options[0] == "SmolLM2-135M (on this computer)"


def test_a_chosen_model_is_saved_for_the_chat_and_answers_it(endpoint_app, server):
    app, factory = endpoint_app
    send(app, "Hello there")
    assert factory.chat.calls and server.answered_by() == []  # the default, model-a, answered the first message
    app.sidebar.selectbox(key="model_choice").set_value("model-b").run()
    session = factory.engine.session(app.session_state["session_id"])
    assert session.settings().model == "model-b"
    send(app, "And now?")
    assert not app.exception
    assert [m.value for m in app.chat_message[-1].markdown][-1].startswith("Answer ")
    assert "from model-b." in app.chat_message[-1].markdown[-1].value
    assert "model-b" in server.answered_by()

    reloaded = AppTest.from_file("../../app.py", default_timeout=30)
    reloaded.query_params["session"] = session.id
    reloaded.run()
    assert reloaded.sidebar.selectbox(key="model_choice").value == "model-b"

    app.button(key="new_chat").click().run()
    assert app.sidebar.selectbox(key="model_choice").value == "model-a"  # a new chat starts on the default


def test_one_model_is_named_without_a_choice(app):
    assert not [box for box in app.sidebar.selectbox if box.key == "model_choice"]
    assert any("fake-model" in caption.value for caption in app.sidebar.caption)


def test_a_found_model_answers_its_chat_and_while_its_server_is_away_the_default_does_with_a_notice(
        tmp_path, monkeypatch):
    st.cache_resource.clear()
    with openai_server(["qwen2.5:0.5b", "nomic-embed-text:latest"]) as found:
        root = found.base_url.removesuffix("/v1")
        address, port = root.removeprefix("http://"), found.base_url.rsplit(":", 1)[1].split("/")[0]
        factory = FoundEngineFactory(tmp_path / "chat.sqlite", root)
        engine_started_at_once(monkeypatch, factory)
        app = AppTest.from_file("../../app.py", default_timeout=30).run()
        picker = app.sidebar.selectbox(key="model_choice")
        assert picker.options == ["SmolLM2-135M (이 컴퓨터에서 실행)", f"qwen2.5:0.5b · {address}"]  # no embedding
        send(app, "안녕")
        app.sidebar.selectbox(key="model_choice").set_value(f"{address}/qwen2.5:0.5b").run()
        send(app, "제주도 날씨 어때?")
        assert "from qwen2.5:0.5b." in app.chat_message[-1].markdown[-1].value
        assert not [notice for notice in app.sidebar.info if "응답하지 않아" in notice.value]
    session = factory.engine.session(app.session_state["session_id"])
    calls = len(factory.chat.calls)

    send(app, "아직 있어?")  # the server is gone: the default answers, the choice stays
    assert not app.exception and len(factory.chat.calls) > calls
    assert [notice.value for notice in app.sidebar.info if "응답하지 않아" in notice.value] == [
        f"지금 qwen2.5:0.5b · {address} 모델이 응답하지 않아 SmolLM2-135M 모델이 이 대화에 답합니다. "
        f"선택은 그대로 두었다가 qwen2.5:0.5b · {address} 모델이 다시 응답하면 돌아갑니다."]
    assert session.settings().model == f"{address}/qwen2.5:0.5b"

    with openai_server(["qwen2.5:0.5b"], port=int(port)) as back:
        send(app, "돌아왔어?")
        assert "from qwen2.5:0.5b." in app.chat_message[-1].markdown[-1].value and back.answered_by()
        assert not [notice for notice in app.sidebar.info if "응답하지 않아" in notice.value]
    st.cache_resource.clear()
