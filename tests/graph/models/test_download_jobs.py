"""Downloads started from the page run in a thread of their own: their progress read while they run, one job per
model however often it is started, the cache read again after one ends well, and why one failed kept until dismissed."""

import threading
from pathlib import Path

import pytest

from graph.models.download_jobs import DownloadJobs
from graph.models.downloads import DownloadError, GgufModel

pytestmark = pytest.mark.unit

MODEL = GgufModel("someone/Tiny-GGUF", "tiny.gguf", "Tiny")


class HeldFetch:
    """A download that reports half its bytes, then waits for the test before it ends as told."""

    def __init__(self, error: Exception | None = None) -> None:
        self.error, self.calls = error, 0
        self.halfway, self.go_on = threading.Event(), threading.Event()

    def __call__(self, model, progress, cache_dir, endpoint) -> Path:
        self.calls += 1
        progress(50, 100)
        self.halfway.set()
        assert self.go_on.wait(10)
        if self.error is not None:
            raise self.error
        progress(100, 100)
        return Path(cache_dir) / model.file


def wait_ended(jobs: DownloadJobs) -> None:
    for _ in range(1000):
        if not any(job.running for job in jobs.jobs()):
            return
        threading.Event().wait(0.01)
    raise AssertionError("the download never ended")


def test_a_download_runs_aside_reports_progress_and_reads_the_cache_again_when_done(tmp_path):
    fetch, finished = HeldFetch(), []
    jobs = DownloadJobs(tmp_path, lambda: finished.append(True), "http://hub.test", fetch)
    job = jobs.start(MODEL)
    assert fetch.halfway.wait(10)
    assert job.running and (job.done, job.total, job.share) == (50, 100, 0.5)
    assert jobs.start(MODEL) is job  # one job per model
    fetch.go_on.set()
    wait_ended(jobs)
    assert job.path == tmp_path / MODEL.file and job.share == 1.0 and finished == [True] and fetch.calls == 1
    jobs.dismiss(MODEL)
    assert jobs.jobs() == []


@pytest.mark.parametrize("error", [DownloadError("no_room", "full", needed=10, free=1), OSError("disk gone")])
def test_a_failed_download_keeps_why_until_dismissed_and_can_start_again(tmp_path, error):
    fetch, finished = HeldFetch(error), []
    jobs = DownloadJobs(tmp_path, lambda: finished.append(True), None, fetch)
    job = jobs.start(MODEL)
    fetch.go_on.set()
    wait_ended(jobs)
    assert job.error is not None and job.path is None and finished == []
    assert job.error.kind == (error.kind if isinstance(error, DownloadError) else "interrupted")
    assert jobs.jobs() == [job]
    fetch.error = None
    again = jobs.start(MODEL)
    assert again is not job
    wait_ended(jobs)
    assert again.path is not None and jobs.jobs() == [again]
