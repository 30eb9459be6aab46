"""The model picker in a real browser: the app on an OpenAI-compatible server the test starts, another of its
models picked for a chat, kept after a reload; the bundled model picked in another chat starts and answers; with no
endpoint, a stand-in Ollama on OLLAMA_HOST offered once it lists its models, on the page already open (its chat model,
not its embedding one), picked on a Korean page, answering, and, once it is gone, the bundled model answering with a
notice; a model downloaded on the page from a stand-in hub, its progress shown, chosen for a Korean chat, then the
bundled model chosen back."""

import contextlib
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from graph.models.local_server import find_bundled_model
from tests.component.browser.conftest import RunningApp
from tests.component.browser.test_chat_in_browser import ASSISTANT, send_and_read
from tests.hub_server import hub_server
from tests.openai_server import OpenAIServer, openai_server

pytestmark = pytest.mark.browser

PICKER = ".st-key-model_choice"
BUNDLED_SECONDS = 300  # the bundled server starts on the first message of a chat that chose it


@pytest.fixture(scope="module")
def endpoint() -> Iterator[OpenAIServer]:
    with openai_server(["model-a", "model-b"]) as server:
        yield server


@pytest.fixture(scope="module")
def endpoint_app(tmp_path_factory, endpoint) -> Iterator[str]:
    """The app with the test's server as its endpoint, model-a answering chats that chose none."""
    app = RunningApp(tmp_path_factory.mktemp("logs") / "app.log", OPENAI_BASE_URL=endpoint.base_url,
                     OPENAI_API_KEY="not-needed", CHAT_MODEL="model-a",
                     CHAT_DB_PATH=str(tmp_path_factory.mktemp("picker") / "chat.sqlite"))
    try:
        app.wait_until_healthy()
        yield app.url
    finally:
        app.stop()


def answering(bubble: str) -> list[str]:
    """The models an answer's bubble says wrote it."""
    return re.findall(r"Answer \d+ from ([\w-]+)\.", bubble)


def shows(page, label: str) -> None:
    """Wait until the picker shows the model `label` as the chat's."""
    expect(page.locator(PICKER).get_by_role("combobox")).to_have_value(label, timeout=30_000)


def pick(page, label: str) -> None:
    """Open the picker and choose the model shown as `label`: opened and chosen again while the page still
    redraws itself after a reply (a busy machine takes long), which closes the list under the pointer."""
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
                           timeout=BUNDLED_SECONDS * 1000)  # the page has run to its end
    option, combobox = page.get_by_role("option", name=label, exact=True), page.locator(PICKER).get_by_role("combobox")
    deadline = time.monotonic() + 120
    while combobox.input_value() != label and time.monotonic() < deadline:
        with contextlib.suppress(PlaywrightTimeoutError, AssertionError):  # the list closed, or the choice undone
            if not option.is_visible():
                page.locator(PICKER).get_by_role("button", name="Open").click(timeout=2_000)
            option.click(timeout=2_000)
            expect(combobox).to_have_value(label, timeout=2_000)
    shows(page, label)


def test_a_picked_model_answers_the_chat_and_is_kept_after_a_reload(endpoint_app, endpoint, english_page):
    page = english_page
    page.goto(endpoint_app)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    shows(page, "model-a")
    assert answering(send_and_read(page, "Hello!")[-1]) == ["model-a"]
    page.wait_for_function("() => location.search.includes('session=')", timeout=30_000)

    pick(page, "model-b")
    assert answering(send_and_read(page, "Who answers now?")[-1]) == ["model-b"]

    page.reload()
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    shows(page, "model-b")
    expect(page.locator(ASSISTANT).last).to_contain_text("from model-b.", timeout=30_000)
    assert answering(send_and_read(page, "Still you?")[-1]) == ["model-b"]
    assert endpoint.answered_by().count("model-b") >= 2


def test_the_bundled_model_picked_for_a_chat_starts_and_answers_it(endpoint_app, english_page):
    page = english_page
    page.goto(endpoint_app)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)
    pick(page, "SmolLM2-135M (on this computer)")
    page.get_by_test_id("stChatInputTextArea").fill("Name one primary colour.")
    page.keyboard.press("Enter")
    page.locator(ASSISTANT).first.wait_for(timeout=BUNDLED_SECONDS * 1000)
    page.locator(".st-key-stop").wait_for(state="detached", timeout=BUNDLED_SECONDS * 1000)
    reply = page.locator(ASSISTANT).first.inner_text()
    assert reply.strip() and "from model-" not in reply


def test_a_model_server_found_on_ollama_host_answers_and_its_loss_hands_the_chat_to_the_bundled_model(
        tmp_path_factory, page):
    with openai_server(["qwen2.5:0.5b", "nomic-embed-text:latest"]) as ollama:
        ollama.list_status = 503  # still loading when the page opens: no model of it on offer yet
        address = ollama.base_url.removeprefix("http://").removesuffix("/v1")
        app = RunningApp(tmp_path_factory.mktemp("logs") / "found.log", OLLAMA_HOST=address, LOCAL_MODEL_SERVERS="",
                         CHAT_DB_PATH=str(tmp_path_factory.mktemp("found") / "chat.sqlite"))
        try:
            app.wait_until_healthy()
            page.goto(app.url)
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=BUNDLED_SECONDS * 1000)
            expect(page.locator(PICKER)).to_have_count(0)  # the bundled model alone is named, not offered
            ollama.list_status = 200
            expect(page.locator(PICKER)).to_be_visible(timeout=60_000)  # the open page looks again by itself
            label = "qwen2.5:0.5b · Ollama"  # found where OLLAMA_HOST says
            pick(page, label)
            assert page.get_by_role("option", name="nomic-embed-text:latest · Ollama").count() == 0
            assert "from qwen2.5:0.5b." in send_and_read(page, "제주도 날씨 어때?")[-1]
            ollama.stop()
            reply = send_and_read(page, "아직 거기 있어?")[-1]
            assert reply.strip() and "from qwen2.5" not in reply  # the bundled model answered
            expect(page.get_by_text("모델이 응답하지 않아").first).to_be_visible(timeout=30_000)
            page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "found-away.png"))
        finally:
            app.stop()


def test_a_model_downloaded_on_the_page_answers_a_korean_chat_and_the_bundled_one_takes_it_back(
        tmp_path_factory, page):
    content = find_bundled_model().read_bytes()
    with hub_server({("someone/Smol-Korean-GGUF", "smol-korean.gguf"): content}) as hub:
        hub.paused.set()  # the download holds after its first megabyte until the bar has been seen
        app = RunningApp(tmp_path_factory.mktemp("logs") / "download.log", HF_ENDPOINT=hub.url,
                         CHAT_DB_PATH=str(tmp_path_factory.mktemp("download") / "chat.sqlite"))
        try:
            app.wait_until_healthy()
            page.goto(app.url)
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=BUNDLED_SECONDS * 1000)
            page.locator("[data-testid=stExpander] summary").filter(has_text="모델 내려받기").click()
            page.locator(".st-key-download_reference input").fill("hf:someone/Smol-Korean-GGUF/smol-korean.gguf")
            page.keyboard.press("Enter")
            page.locator(".st-key-get_typed button").click()
            page.get_by_test_id("stProgress").first.wait_for(timeout=60_000)  # the bar while it downloads
            hub.paused.clear()
            expect(page.get_by_text("smol-korean.gguf 모델을 내려받았어요")).to_be_visible(timeout=120_000)
            page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "downloaded.png"))

            pick(page, "smol-korean.gguf (이 컴퓨터에서 실행)")
            reply = send_and_read(page, "안녕하세요, 오늘 뭐 하면 좋을까요?")[-1]
            assert reply.strip() and "참고: 지금은 앱에 내장된 작은 모델" not in reply  # the model wrote it
            pick(page, "SmolLM2-135M (이 컴퓨터에서 실행)")
            reply = send_and_read(page, "고마워요")[-1]
            assert "참고: 지금은 앱에 내장된 작은 모델" in reply  # the bundled one cannot write Korean: the app answers
            assert "⬇️ 모델 내려받기" in reply  # and its note points to the download the page offers
        finally:
            hub.paused.clear()
            app.stop()
