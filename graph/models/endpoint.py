"""The models a session may choose in the app: the bundled one always, and the ones the configured endpoint lists
at /v1/models, read through the `openai` client, kept a minute, and only the configured model when it cannot say."""

import logging
import threading
import time
from collections.abc import Callable

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
)
from graph.models.local_server import MODEL_ALIAS, LocalModelServer
from graph.models.start import start_bundled
from graph.settings import Settings

logger = logging.getLogger(__name__)

BUNDLED_NAME = "SmolLM2-135M"  # what people call the bundled model
LIST_TIMEOUT = 3.0  # seconds the endpoint may take to list its models: the sidebar waits for it
LIST_SECONDS = 60.0  # how long a list is reused
RETRY_SECONDS = 15.0  # how soon a list that failed is asked for again
NOT_CHAT = ("embed", "whisper", "tts", "dall-e", "moderation", "transcribe")  # listed models that cannot chat


def endpoint_models(base_url: str, api_key: str, timeout: float = LIST_TIMEOUT) -> list[str]:
    """The names of the chat models an OpenAI-compatible endpoint lists, in its order."""
    with OpenAI(base_url=base_url or None, api_key=api_key or "not-needed", timeout=timeout, max_retries=0) as client:
        names = [model.id for model in client.models.list()]
    return [name for name in dict.fromkeys(names) if not any(word in name.lower() for word in NOT_CHAT)]


class ModelList:
    """An endpoint's model names, asked for at most once a minute whoever draws the page; None when it could not
    say (asked again sooner)."""

    def __init__(self, read: Callable[[], list[str]], clock: Callable[[], float] = time.monotonic) -> None:
        self.read, self.clock = read, clock
        self._names: list[str] | None = None
        self._until = float("-inf")
        self._lock = threading.Lock()  # one request at a time: the others wait for its answer

    def names(self) -> list[str] | None:
        with self._lock:
            if self.clock() >= self._until:
                try:
                    self._names, wait = self.read(), LIST_SECONDS
                except Exception as error:  # an endpoint without a list, down, or slow: its configured model only
                    logger.warning("The endpoint's model list could not be read: %s", error)
                    self._names, wait = None, RETRY_SECONDS
                self._until = self.clock() + wait
            return self._names


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
