"""The downloaded GGUF models a session may choose, served one at a time by a llama.cpp server of the app's own
(the chat template the file carries): opening one stops the one served before, whose chats start it again when they
next run, and the list is read from huggingface_hub's cache, so what was downloaded is there after a restart."""

import logging
import threading
import time
from pathlib import Path

from graph.models.catalog import ModelOption
from graph.models.download_jobs import DownloadJobs
from graph.models.downloads import Downloaded, GgufModel, downloaded, remove
from graph.models.factory import ModelProfile, Models, create_bundled_models, downloaded_profile
from graph.models.local_server import LocalModelServer
from graph.settings import Settings

logger = logging.getLogger(__name__)

PREFIX = "gguf:"  # a downloaded model's name as a session stores it: gguf:REPO/FILE
LIST_SECONDS = 10.0  # the cache is read again this often (a download or removal here reads it at once)


class DownloadedModels:
    """The GGUF files in the cache as models, and the one llama.cpp server that serves whichever was opened last."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cache_dir: Path | None = Path(settings.models_dir) if settings.models_dir else None
        self._listed: list[Downloaded] = []
        self._listed_at = float("-inf")
        self._serving: tuple[str, LocalModelServer] | None = None
        self._lock = threading.Lock()  # one server started or stopped at a time
        self.jobs = DownloadJobs(self.cache_dir, self.refresh, settings.hub_endpoint or None)  # started on the page

    def refresh(self) -> list[Downloaded]:
        """The cache read now (after a download or a removal)."""
        self._listed, self._listed_at = downloaded(self.cache_dir), time.monotonic()
        return self._listed

    def listed(self) -> list[Downloaded]:
        """The cache as last read, read again once it is LIST_SECONDS old."""
        if time.monotonic() - self._listed_at >= LIST_SECONDS:
            return self.refresh()
        return self._listed

    def options(self) -> list[ModelOption]:
        return [ModelOption(self.name_of(item.model), item.model.label, bundled=True)
                for item in self.listed()]

    def name_of(self, model: GgufModel) -> str:
        """The name a session stores when it chooses this model."""
        return PREFIX + model.reference.removeprefix("hf:")

    def find(self, name: str) -> Downloaded | None:
        """The downloaded file a name points at; None for any other name, or a file no longer there."""
        if not name.startswith(PREFIX):
            return None
        return next((item for item in self.listed() if self.name_of(item.model) == name
                     and item.path.exists()), None)

    def profile(self, item: Downloaded) -> ModelProfile:
        return downloaded_profile(self.settings.context_window, item.model.label, item.model.languages)

    def open(self, name: str) -> Models:
        """The model's clients on a server started for it, the server of the model opened before stopped."""
        item = self.find(name)
        if item is None:
            raise KeyError(name)
        with self._lock:
            if self._serving is not None and (self._serving[0] != name or not self._serving[1].running):
                self._stop_serving()
            if self._serving is None:
                server = LocalModelServer(item.path, chat_format="")  # the template the GGUF file carries
                server.start(lambda message: logger.info("%s", message))
                self._serving = (name, server)
            server = self._serving[1]
        return create_bundled_models(self.settings, server.base_url, server, self.profile(item))

    def serves(self, name: str, models: Models) -> bool:
        """Whether these clients of a downloaded model still have its server (another model's opening stops it)."""
        serving = self._serving
        return serving is not None and serving[0] == name and models.server is serving[1] and serving[1].running

    def remove(self, model: GgufModel) -> bool:
        """Delete a downloaded model (its server stopped first when it serves it); whether it was there."""
        with self._lock:
            if self._serving is not None and self._serving[0] == self.name_of(model):
                self._stop_serving()
        removed = remove(model, self.cache_dir)
        self.refresh()
        return removed

    def close(self) -> None:
        """Stop the server of the model served now."""
        with self._lock:
            self._stop_serving()

    def _stop_serving(self) -> None:
        """Stop the server of the model served now, if any; the caller holds the lock."""
        if self._serving is not None:
            self._serving[1].stop()
            self._serving = None
