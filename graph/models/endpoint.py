"""The models a session may choose in the app: the bundled one always, and the ones the configured endpoint lists
(kept a minute, refreshed in the background), only the configured model when it cannot say; without an endpoint,
the chat models of the model servers found on this machine."""

import logging
import threading
from dataclasses import replace

from graph.models.catalog import ModelCatalog, ModelOption
from graph.models.downloaded import DownloadedModels
from graph.models.factory import (
    ModelProfile,
    Models,
    bundled_profile,
    create_bundled_models,
    create_local_models,
    create_remote_models,
    default_remote_model,
    local_profile,
    remote_profile,
    start_bundled,
)
from graph.models.local_found import LocalServers
from graph.models.local_server import MODEL_ALIAS, LocalModelServer
from graph.models.model_list import ModelList, endpoint_models
from graph.settings import Settings

logger = logging.getLogger(__name__)

BUNDLED_NAME = "SmolLM2-135M"  # what people call the bundled model


class EndpointCatalog(ModelCatalog):
    """The bundled model, the downloaded ones, and with an endpoint configured the endpoint's models, without one
    the models of the servers found on this machine; the bundled server is started the first time a session runs
    on it, when the app did not start it for the default."""

    def __init__(self, settings: Settings, server: LocalModelServer | None = None,
                 listing: ModelList | None = None, found: LocalServers | None = None) -> None:
        self.settings, self.server = settings, server
        self.remote = settings.uses_remote_endpoint
        self.default = default_remote_model(settings) if self.remote else MODEL_ALIAS
        self.listing = listing or ModelList(lambda: endpoint_models(settings.openai_base_url,
                                                                    settings.openai_api_key))
        self.found = found or LocalServers(settings if not self.remote else replace(settings,
                                                                                      local_model_servers="off"))
        self.found.look()
        self.downloads: DownloadedModels = DownloadedModels(settings)
        self._started: LocalModelServer | None = None  # the bundled server this catalog started, stopped with it
        self._lock = threading.Lock()

    def options(self) -> list[ModelOption]:
        bundled = ModelOption(MODEL_ALIAS, BUNDLED_NAME, bundled=True)
        if not self.remote:
            return [bundled, *self.downloads.options(), *self._found_options()]
        listed = [name for name in self.listing.names() or [] if name not in (self.default, MODEL_ALIAS)]
        return [bundled, *self.downloads.options(), *(ModelOption(name, name) for name in [self.default, *listed])]

    def found_here(self) -> list[str]:
        return [option.label for option in self._found_options()]

    def _found_options(self) -> list[ModelOption]:
        """The models of the servers found on this machine, but the bundled model's own server."""
        return self.found.options(skip=self.server.base_url if self.server is not None else "")

    def resolve(self, name: str) -> str:
        """A found server's model while it is listed and the server still takes connections, else the default."""
        chosen = super().resolve(name)
        found = self.found.find(chosen) if chosen != self.default else None
        return chosen if found is None or found[0].reachable() else self.default

    def profile(self, name: str) -> ModelProfile:
        if name == MODEL_ALIAS:
            return bundled_profile(self.settings.context_window)
        found = self.found.find(name)
        if found is not None:
            return local_profile(self.settings, found[0].label(found[1]))
        item = self.downloads.find(name)
        return self.downloads.profile(item) if item is not None else remote_profile(self.settings, name)

    def current(self, name: str, models: Models) -> bool:
        return self.downloads.serves(name, models) if self.downloads.find(name) is not None else True

    def open(self, name: str) -> Models:
        if self.downloads.find(name) is not None:
            return self.downloads.open(name)
        found = self.found.find(name) if name != MODEL_ALIAS else None
        if found is not None:
            server, model = found
            return create_local_models(self.settings, server.base_url, model, server.label(model))
        if name != MODEL_ALIAS:
            return create_remote_models(self.settings, name)
        with self._lock:
            if self.server is None or not self.server.running:
                models, self._started = start_bundled(self.settings, lambda message: logger.info("%s", message))
                self.server = self._started
                return models
            return create_bundled_models(self.settings, self.server.base_url, self.server)

    def close(self) -> None:
        self.downloads.close()
        started, self._started = self._started, None
        if started is not None:
            started.stop()
