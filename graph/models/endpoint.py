"""The models a session may choose in the app: the bundled one always, and the ones the configured endpoint lists
at /v1/models, read through the `openai` client within one deadline for the whole call, kept a minute and refreshed
in the background (a slow endpoint never holds up a page or a turn), and only the configured model when it cannot
say."""

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable

from openai import OpenAI

from graph.models.catalog import ModelCatalog, ModelOption
from graph.models.factory import (
    ModelProfile,
    Models,
    bundled_profile,
    create_bundled_models,
    create_remote_models,
    default_remote_model,
    remote_profile,
    start_bundled,
)
from graph.models.local_server import MODEL_ALIAS, LocalModelServer
from graph.settings import Settings

logger = logging.getLogger(__name__)

BUNDLED_NAME = "SmolLM2-135M"  # what people call the bundled model
LIST_TIMEOUT = 3.0  # seconds the endpoint may take to list its models, the whole call (not each read)
FIRST_LIST_WAIT = LIST_TIMEOUT + 0.5  # how long a caller waits when no list was ever read: the request's own deadline
LIST_SECONDS = 60.0  # how long a list is reused
RETRY_SECONDS = 15.0  # how soon a list that failed is asked for again
MAX_LIST_BYTES = 4_000_000  # a list longer than this is no list of models
NOT_CHAT = ("embed", "whisper", "tts", "dall-e", "moderation", "transcribe")  # listed models that cannot chat


def read_within(chunks: Iterable[bytes], deadline: float) -> bytes:
    """A response body read as it arrives, given up at `deadline` (time.monotonic) however steadily it trickles."""
    body = bytearray()
    for chunk in chunks:
        body += chunk
        if time.monotonic() > deadline:
            raise TimeoutError("the endpoint took too long to send its model list")
        if len(body) > MAX_LIST_BYTES:
            raise ValueError("the endpoint's model list is too long")
    return bytes(body)


def listed_names(body: bytes) -> list[str]:
    """The model names of a /v1/models body ({"data": [{"id": ...}, ...]}); ValueError when it is not one."""
    listing = json.loads(body)
    entries = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(entries, list):
        raise ValueError("the endpoint's answer is not a model list")
    return [entry["id"] for entry in entries if isinstance(entry, dict) and isinstance(entry.get("id"), str)]


def endpoint_models(base_url: str, api_key: str, timeout: float = LIST_TIMEOUT) -> list[str]:
    """The names of the chat models an OpenAI-compatible endpoint lists, in its order, within `timeout` seconds
    for the whole call (a body sent a byte at a time is given up then)."""
    deadline = time.monotonic() + timeout
    with OpenAI(base_url=base_url or None, api_key=api_key or "not-needed", timeout=timeout, max_retries=0) as client:
        with client.models.with_streaming_response.list() as response:
            names = listed_names(read_within(response.iter_bytes(), deadline))
    return [name for name in dict.fromkeys(names) if not any(word in name.lower() for word in NOT_CHAT)]


class ModelList:
    """An endpoint's model names, asked for at most once a minute whoever draws the page; None when it could not
    say (asked again sooner). The endpoint is asked in a thread of its own: callers get the last answer at once
    while a newer one is asked for, and wait (at most `first_wait` seconds) only for the very first."""

    def __init__(self, read: Callable[[], list[str]], clock: Callable[[], float] = time.monotonic,
                 first_wait: float = FIRST_LIST_WAIT) -> None:
        self.read, self.clock, self.first_wait = read, clock, first_wait
        self._names: list[str] | None = None
        self._answered = False  # whether the endpoint ever answered (with a list or a failure)
        self._until = float("-inf")
        self._asking: threading.Event | None = None  # set when the request running now has ended
        self._guard = threading.Lock()  # guards the fields above; never held while the endpoint is asked

    def names(self) -> list[str] | None:
        """The endpoint's chat models as last read, a newer list asked for in the background once this one is old."""
        with self._guard:
            if self.clock() >= self._until and self._asking is None:
                self._asking = self._ask()
            asking, answered = self._asking, self._answered
        if not answered and asking is not None:
            asking.wait(self.first_wait)
        with self._guard:
            return self._names

    def refreshed(self, timeout: float) -> bool:
        """Wait until no request is running (at most `timeout` seconds); whether none is."""
        with self._guard:
            asking = self._asking
        return asking is None or asking.wait(timeout)

    def _ask(self) -> threading.Event:
        """Start asking the endpoint for its list; the event is set when the answer is kept."""
        ended = threading.Event()
        threading.Thread(target=self._keep_answer, args=(ended,), name="model-list", daemon=True).start()
        return ended

    def _keep_answer(self, ended: threading.Event) -> None:
        """Ask the endpoint and keep what it said (None when it failed, asked again sooner)."""
        names, wait = None, RETRY_SECONDS
        try:
            names, wait = self.read(), LIST_SECONDS
        except Exception as error:  # an endpoint without a list, down, or slow: its configured model only
            logger.warning("The endpoint's model list could not be read: %s", error)
        finally:
            with self._guard:
                self._names, self._answered, self._until, self._asking = names, True, self.clock() + wait, None
            ended.set()


class EndpointCatalog(ModelCatalog):
    """The bundled model and, with an endpoint configured, the endpoint's models; the bundled server is started
    the first time a session runs on it, when the app did not start it for the default."""

    def __init__(self, settings: Settings, server: LocalModelServer | None = None,
                 listing: ModelList | None = None) -> None:
        self.settings, self.server = settings, server
        self.remote = settings.uses_remote_endpoint
        self.default = default_remote_model(settings) if self.remote else MODEL_ALIAS
        self.listing = listing or ModelList(lambda: endpoint_models(settings.openai_base_url,
                                                                    settings.openai_api_key))
        self._started: LocalModelServer | None = None  # the bundled server this catalog started, stopped with it
        self._lock = threading.Lock()

    def options(self) -> list[ModelOption]:
        bundled = ModelOption(MODEL_ALIAS, BUNDLED_NAME, bundled=True)
        if not self.remote:
            return [bundled]
        listed = [name for name in self.listing.names() or [] if name not in (self.default, MODEL_ALIAS)]
        return [bundled, *(ModelOption(name, name) for name in [self.default, *listed])]

    def profile(self, name: str) -> ModelProfile:
        if name == MODEL_ALIAS:
            return bundled_profile(self.settings.context_window)
        return remote_profile(self.settings, name)

    def open(self, name: str) -> Models:
        if name != MODEL_ALIAS:
            return create_remote_models(self.settings, name)
        with self._lock:
            if self.server is None or not self.server.running:
                models, self._started = start_bundled(self.settings, lambda message: logger.info("%s", message))
                self.server = self._started
                return models
            return create_bundled_models(self.settings, self.server.base_url, self.server)

    def close(self) -> None:
        started, self._started = self._started, None
        if started is not None:
            started.stop()
