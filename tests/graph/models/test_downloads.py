"""Models downloaded from a stand-in hub (HF_ENDPOINT) as huggingface_hub fetches them: with progress, resumed where
a dropped connection stopped, refused when the hub went away (and started again), listed and removed; a wrong
sha256, a disk without room, an unreachable hub and a file the hub lacks refused with the reason, nothing half-made
left listed."""

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.models import downloads
from graph.models.downloads import SUGGESTED, DownloadError, GgufModel, download, downloaded, parse_reference, remove
from tests.hub_server import HubServer, hub_server

pytestmark = pytest.mark.integration

MODEL = GgufModel("someone/Tiny-GGUF", "tiny-q4_k_m.gguf", "Tiny")
CONTENT = b"GGUF" + os.urandom(24 * 1024 * 1024)  # past huggingface_hub's 10 MB write chunks, which a resume keeps


@pytest.fixture
def hub() -> Iterator[HubServer]:
    with hub_server({(MODEL.repo, MODEL.file): CONTENT}) as running:
        yield running


def test_a_reference_names_a_gguf_file_on_the_hub_and_a_listed_one_keeps_its_details():
    assert parse_reference("hf:someone/Tiny-GGUF/sub/tiny.gguf") == GgufModel("someone/Tiny-GGUF", "sub/tiny.gguf")
    assert parse_reference(SUGGESTED[0].reference) == SUGGESTED[0] and "ko" in SUGGESTED[0].languages
    for wrong in ("someone/Tiny-GGUF/tiny.gguf", "hf:someone/tiny.gguf", "hf:someone/Tiny-GGUF/tiny.bin", "hf:"):
        with pytest.raises(DownloadError) as refused:
            parse_reference(wrong)
        assert refused.value.kind == "not_gguf"


def test_a_download_reports_its_progress_and_lands_in_the_cache_checked(hub, tmp_path):
    seen: list[tuple[int, int | None]] = []
    path = download(MODEL, lambda done, total: seen.append((done, total)), tmp_path, hub.url)
    assert path.read_bytes() == CONTENT and path.name == MODEL.file
    assert seen and seen[-1] == (len(CONTENT), len(CONTENT))
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert [(item.model.repo, item.model.file, item.size) for item in downloaded(tmp_path)] == [
        (MODEL.repo, MODEL.file, len(CONTENT))]
    assert download(MODEL, None, tmp_path, hub.url) == path and hub.ranges == [""]  # already there: not fetched again


def test_a_download_whose_connection_dropped_goes_on_where_it_stopped(hub, tmp_path):
    hub.cut_after_bytes = 15 * 1024 * 1024
    seen: list[int] = []
    path = download(MODEL, lambda done, total: seen.append(done), tmp_path, hub.url)
    assert path.read_bytes() == CONTENT
    first, again = hub.ranges
    resumed_at = int(again.removeprefix("bytes=").rstrip("-"))
    assert first == "" and resumed_at >= 10 * 1024 * 1024  # what was written is kept, the rest asked for
    assert hub.bytes_sent == 15 * 1024 * 1024 + len(CONTENT) - resumed_at
    assert seen[-1] == len(CONTENT)


def test_a_download_the_hub_went_away_from_is_refused_leaves_nothing_listed_and_can_start_again(tmp_path):
    with hub_server({(MODEL.repo, MODEL.file): CONTENT}) as first:
        port, first.gone_after_bytes = first.port, 1024 * 1024
        with pytest.raises(DownloadError) as cut:
            download(MODEL, None, tmp_path, first.url)
    assert cut.value.kind == "interrupted" and downloaded(tmp_path) == []
    assert not list(Path(tmp_path).rglob("*.incomplete"))
    with hub_server({(MODEL.repo, MODEL.file): CONTENT}, port=port) as back:
        assert download(MODEL, None, tmp_path, back.url).read_bytes() == CONTENT


def test_a_file_that_does_not_match_the_hubs_sha256_is_refused_and_deleted(hub, tmp_path):
    hub.claimed_sha256[(MODEL.repo, MODEL.file)] = hashlib.sha256(b"another file").hexdigest()
    with pytest.raises(DownloadError) as refused:
        download(MODEL, None, tmp_path, hub.url)
    assert refused.value.kind == "checksum"
    assert downloaded(tmp_path) == [] and not list(Path(tmp_path).rglob("*.gguf"))


def test_a_disk_without_room_is_told_before_anything_is_fetched(hub, tmp_path, monkeypatch):
    monkeypatch.setattr(downloads.shutil, "disk_usage", lambda path: type("Usage", (), {"free": 1_000_000})())
    with pytest.raises(DownloadError) as refused:
        download(MODEL, None, tmp_path, hub.url)
    assert refused.value.kind == "no_room" and refused.value.details == {"needed": len(CONTENT), "free": 1_000_000}
    assert hub.ranges == [] and downloaded(tmp_path) == []


def test_an_unreachable_hub_and_a_file_it_lacks_are_told_apart(hub, tmp_path):
    with hub_server({}) as gone:
        url = gone.url
    with pytest.raises(DownloadError) as offline:
        download(MODEL, None, tmp_path, url)
    assert offline.value.kind == "offline"
    with pytest.raises(DownloadError) as missing:
        download(GgufModel(MODEL.repo, "other.gguf"), None, tmp_path, hub.url)
    assert missing.value.kind == "not_found"


def test_a_removed_model_is_gone_from_the_cache_and_the_list(hub, tmp_path):
    path = download(MODEL, None, tmp_path, hub.url)
    assert remove(MODEL, tmp_path) and not path.exists()
    assert downloaded(tmp_path) == [] and not remove(MODEL, tmp_path)
