"""Model downloads that go on while the page is used: one job per model for the whole app, run in a thread of its
own, its progress read by any page (and any tab) that draws it, its end (the file, or why not) kept until it is
dismissed."""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from graph.models.downloads import DownloadError, GgufModel, download


@dataclass
class DownloadJob:
    """One model's download as a page shows it."""

    model: GgufModel
    done: int = 0  # bytes so far
    total: int | None = None  # of how many (None until the hub says)
    path: Path | None = None  # the file, once downloaded and checked
    error: DownloadError | None = None  # why it could not be

    @property
    def running(self) -> bool:
        return self.path is None and self.error is None

    @property
    def share(self) -> float:
        """How far it is, 0 to 1."""
        return min(self.done / self.total, 1.0) if self.total else 0.0


class DownloadJobs:
    """The downloads started here, from the hub at `endpoint` (huggingface_hub's own when None); `finished` is
    called after each ends well (to read the cache again)."""

    def __init__(self, cache_dir: Path | None, finished: Callable[[], object], endpoint: str | None = None,
                 fetch: Callable[..., Path] = download) -> None:
        self.cache_dir, self.finished, self.endpoint, self.fetch = cache_dir, finished, endpoint, fetch
        self._jobs: dict[str, DownloadJob] = {}
        self._lock = threading.Lock()

    def start(self, model: GgufModel) -> DownloadJob:
        """The model's download, started unless it is running already."""
        with self._lock:
            job = self._jobs.get(model.reference)
            if job is not None and job.running:
                return job
            job = self._jobs[model.reference] = DownloadJob(model)
        threading.Thread(target=self._run, args=(job,), name="model-download", daemon=True).start()
        return job

    def jobs(self) -> list[DownloadJob]:
        """Every download started and not dismissed, in the order they began."""
        with self._lock:
            return list(self._jobs.values())

    def dismiss(self, model: GgufModel) -> None:
        """Forget a download that has ended (its message read)."""
        with self._lock:
            job = self._jobs.get(model.reference)
            if job is not None and not job.running:
                del self._jobs[model.reference]

    def _run(self, job: DownloadJob) -> None:
        def progress(done: int, total: int | None) -> None:
            job.done, job.total = done, total

        try:
            path = self.fetch(job.model, progress, self.cache_dir, self.endpoint)
        except DownloadError as error:
            job.error = error
            return
        except Exception as error:  # anything else the hub or the disk did: said, never a dead thread
            job.error = DownloadError("interrupted", str(error))
            return
        self.finished()
        job.path = path
