"""The terminal's model commands, for a machine without a browser: `python -m graph models` lists the suggested
and the downloaded models, `download MODEL` fetches one (a listed name or hf:REPO/FILE) with a progress line,
`remove MODEL` deletes it; the app offers what is downloaded the next time its model list is read."""

import time
from typing import TextIO

from graph.models.downloads import SUGGESTED, DownloadError, GgufModel, download, downloaded, parse_reference, remove
from graph.settings import Settings

GIGABYTE = 1024 ** 3
LINE_SECONDS = 0.5  # the progress line is written again at most this often


def model_named(text: str) -> GgufModel:
    """A listed model by its name (case and spaces aside) or its file, else the hf:REPO/FILE it is."""
    wanted = text.strip().lower().replace(" ", "")
    for model in SUGGESTED:
        if wanted in (model.name.lower().replace(" ", ""), model.file.lower()):
            return model
    return parse_reference(text)


def list_models(settings: Settings, out: TextIO) -> int:
    """The suggested models and those downloaded, each with what to type to get it."""
    have = {item.model.reference: item for item in downloaded(settings.models_dir or None)}
    for model in SUGGESTED:
        mark = "downloaded" if model.reference in have else model.size
        out.write(f"{model.name:<24} {mark:<11} {', '.join(model.languages):<9} {model.license:<19} "
                  f"{model.reference}\n")
    for reference, item in have.items():
        if all(reference != model.reference for model in SUGGESTED):
            out.write(f"{item.model.label:<24} downloaded  {item.size / GIGABYTE:.2f} GB  {reference}\n")
    return 0


def download_model(settings: Settings, text: str, out: TextIO) -> int:
    """Download a model with a progress line; the reason on one line when it cannot be."""
    shown = [0.0]

    def progress(done: int, total: int | None) -> None:
        if time.monotonic() - shown[0] >= LINE_SECONDS or (total and done >= total):
            shown[0] = time.monotonic()
            of = f" of {total / GIGABYTE:.2f} GB ({100 * done / total:.0f}%)" if total else ""
            out.write(f"\r{done / GIGABYTE:.2f} GB{of}")
            out.flush()

    try:
        model = model_named(text)
        path = download(model, progress, settings.models_dir or None, settings.hub_endpoint or None)
    except DownloadError as error:
        out.write(f"\n{error}\n")
        return 1
    out.write(f"\n{model.label} is downloaded ({path}); choose it in the app's model list.\n")
    return 0


def remove_model(settings: Settings, text: str, out: TextIO) -> int:
    """Delete a downloaded model."""
    try:
        model = model_named(text)
    except DownloadError as error:
        out.write(f"{error}\n")
        return 1
    if not remove(model, settings.models_dir or None):
        out.write(f"{model.label} is not downloaded.\n")
        return 1
    out.write(f"{model.label} is removed.\n")
    return 0
