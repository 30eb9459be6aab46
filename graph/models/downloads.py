"""GGUF models downloaded for the bundled llama.cpp server, so a model that writes Korean and Chinese is one step
away: a short list of small instruct models, or any `hf:REPO/FILE`, fetched with huggingface_hub into its cache
(HF_HUB_CACHE, HF_ENDPOINT and HF_TOKEN honored, kept over restarts), resumed where a dropped connection stopped,
checked against the hub's sha256, and refused with the reason when the disk lacks room or the hub is out of reach."""

import hashlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
from huggingface_hub import constants, get_hf_file_metadata, hf_hub_download, hf_hub_url, scan_cache_dir
from huggingface_hub.errors import (
    CacheNotFound,
    EntryNotFoundError,
    GatedRepoError,
    HfHubHTTPError,
    OfflineModeIsEnabled,
    RepositoryNotFoundError,
)
from tqdm.auto import tqdm

Progress = Callable[[int, int | None], None]  # bytes on disk so far, of how many (None: the hub did not say)
ROOM_TO_SPARE = 256 * 1024 * 1024  # bytes left free after a download, so the machine keeps working
METADATA_TIMEOUT = 10.0  # seconds the hub may take to say what a file is
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_REFERENCE = re.compile(r"^hf:(?P<repo>[\w.-]+/[\w.-]+)/(?P<file>[\w./-]+\.gguf)$", re.IGNORECASE)


@dataclass(frozen=True)
class GgufModel:
    """A GGUF file on the hub, and what the download list says of it."""

    repo: str
    file: str
    name: str = ""
    size: str = ""  # as the list shows it before the hub is asked
    languages: tuple[str, ...] = ()  # the languages it writes (empty: not known)
    license: str = ""

    @property
    def reference(self) -> str:
        """`hf:REPO/FILE`, as people type it."""
        return f"hf:{self.repo}/{self.file}"

    @property
    def label(self) -> str:
        return self.name or self.file


SUGGESTED = (
    GgufModel("Qwen/Qwen2.5-0.5B-Instruct-GGUF", "qwen2.5-0.5b-instruct-q4_k_m.gguf", "Qwen2.5 0.5B Instruct",
              "0.5 GB", ("en", "ko", "zh"), "Apache-2.0"),
    GgufModel("Qwen/Qwen2.5-1.5B-Instruct-GGUF", "qwen2.5-1.5b-instruct-q4_k_m.gguf", "Qwen2.5 1.5B Instruct",
              "1.1 GB", ("en", "ko", "zh"), "Apache-2.0"),
    GgufModel("ggml-org/gemma-3-1b-it-GGUF", "gemma-3-1b-it-Q4_K_M.gguf", "Gemma 3 1B it", "0.8 GB",
              ("en", "ko", "zh"), "Gemma Terms of Use"),
)


class DownloadError(RuntimeError):
    """A download that cannot be done, and why (`kind`: offline, not_found, gated, no_room, checksum, interrupted,
    not_gguf), with the figures a message needs in `details`."""

    def __init__(self, kind: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.kind, self.details = kind, details


def parse_reference(text: str) -> GgufModel:
    """The model `hf:REPO/FILE` names (one of the list's when it is one of them); DownloadError when it is not a
    GGUF file on the hub."""
    found = _REFERENCE.match(text.strip())
    if found is None:
        raise DownloadError("not_gguf", f"{text!r} is not hf:OWNER/REPO/FILE.gguf")
    model = GgufModel(found["repo"], found["file"])
    return next((known for known in SUGGESTED if (known.repo, known.file) == (model.repo, model.file)), model)


def _silent_bar(report: Progress) -> type[tqdm]:
    """A progress bar class for huggingface_hub that tells `report` how far a download is, and prints nothing."""

    class _Quiet:
        def write(self, text: str) -> int:
            return len(text)

        def flush(self) -> None:
            """Nothing to flush."""

    class ReportingBar(tqdm):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **{**kwargs, "disable": False, "file": _Quiet()})

        def update(self, n: float | None = 1) -> bool | None:
            shown = super().update(n)
            report(int(self.n), int(self.total) if self.total else None)
            return shown

    return ReportingBar


def sha256_of(path: Path) -> str:
    """The file's sha256, read a megabyte at a time."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while block := stream.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _existing(path: Path) -> Path:
    """The nearest folder on the way to `path` that exists (the cache may not yet)."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _repo_folder(cache: Path, repo: str) -> Path:
    """A repo's folder in huggingface_hub's cache."""
    return cache / f"models--{repo.replace('/', '--')}"


def cache_folder(cache_dir: str | Path | None = None) -> Path:
    """Where huggingface_hub keeps its downloads: `cache_dir`, else HF_HUB_CACHE (or its default)."""
    return Path(cache_dir) if cache_dir is not None else Path(constants.HF_HUB_CACHE)


def download(model: GgufModel, progress: Progress | None = None, cache_dir: str | Path | None = None,
             endpoint: str | None = None) -> Path:
    """The model's file in the cache, downloaded (or its interrupted download resumed) when it is not there yet,
    its sha256 checked against the hub's; DownloadError with the reason when it cannot be."""
    cache = cache_folder(cache_dir)
    url = hf_hub_url(model.repo, model.file, endpoint=endpoint)
    try:
        metadata = get_hf_file_metadata(url, timeout=METADATA_TIMEOUT, endpoint=endpoint)
    except (OfflineModeIsEnabled, httpx2.TransportError) as error:
        raise DownloadError("offline", f"the model hub cannot be reached: {error}") from error
    except GatedRepoError as error:
        raise DownloadError("gated", f"{model.repo} needs a token (HF_TOKEN) with access to it") from error
    except (RepositoryNotFoundError, EntryNotFoundError) as error:
        raise DownloadError("not_found", f"{model.reference} is not on the hub") from error
    except HfHubHTTPError as error:
        if error.response is not None and error.response.status_code == 404:
            raise DownloadError("not_found", f"{model.reference} is not on the hub") from error
        raise DownloadError("offline", f"the model hub refused the request: {error}") from error
    needed = metadata.size or 0  # huggingface_hub keeps no part of a failed attempt: the whole file is fetched
    free = shutil.disk_usage(_existing(cache)).free
    if needed and free < needed + ROOM_TO_SPARE:
        raise DownloadError("no_room", f"{model.label} needs {needed:,} bytes and the disk has {free:,} free",
                            needed=needed, free=free)
    try:
        path = Path(hf_hub_download(model.repo, model.file, cache_dir=cache, endpoint=endpoint,
                                    tqdm_class=_silent_bar(progress) if progress else None))
    except (OfflineModeIsEnabled, httpx2.HTTPError, HfHubHTTPError, OSError) as error:
        raise DownloadError("interrupted", f"the download stopped ({error}); start it again") from error
    expected = (metadata.etag or "").lower()
    if _SHA256.match(expected) and sha256_of(path) != expected:
        remove(model, cache)
        raise DownloadError("checksum", f"{model.label} does not match the hub's sha256 and was deleted")
    return path


@dataclass(frozen=True)
class Downloaded:
    """A GGUF file in the cache, ready for the bundled server."""

    model: GgufModel
    path: Path
    size: int


def downloaded(cache_dir: str | Path | None = None) -> list[Downloaded]:
    """Every GGUF file in the cache, by repo and file name (none when there is no cache yet)."""
    try:
        cached = scan_cache_dir(cache_folder(cache_dir))
    except CacheNotFound:
        return []
    found: dict[tuple[str, str], Downloaded] = {}
    for repo in sorted(cached.repos, key=lambda repo: repo.repo_id):
        if repo.repo_type != "model":
            continue
        for revision in sorted(repo.revisions, key=lambda revision: revision.last_modified):
            for file in revision.files:
                if file.file_name.lower().endswith(".gguf"):
                    model = parse_reference(f"hf:{repo.repo_id}/{file.file_name}")
                    found[(model.repo, model.file)] = Downloaded(model, file.file_path, file.size_on_disk)
    return list(found.values())


def remove(model: GgufModel, cache_dir: str | Path | None = None) -> bool:
    """Delete a downloaded model's file (and its repo's folder once nothing else is in it); whether it was there."""
    folder = _repo_folder(cache_folder(cache_dir), model.repo)
    links = list((folder / "snapshots").glob(f"*/{model.file}")) if folder.exists() else []
    for link in links:
        blob = link.resolve()
        link.unlink()
        blob.unlink(missing_ok=True)
    if folder.exists() and not any(path.is_file() for path in (folder / "snapshots").rglob("*")):
        shutil.rmtree(folder)
    return bool(links)
