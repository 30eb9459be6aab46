"""Models downloaded from the page: the suggested small models that write Korean and Chinese (size, languages and
license shown), any hf:REPO/FILE, each download's progress while it runs (drawn again every second while the rest
of the page stays usable), why one could not be done, and the downloaded ones removable."""

import streamlit as st

from component.i18n import LANGUAGES, t
from graph.engine import (
    SUGGESTED_MODELS,
    DownloadedModels,
    DownloadError,
    DownloadJob,
    Engine,
    GgufModel,
    parse_reference,
)

REFERENCE_KEY = "download_reference"
NOTICE_KEY = "download_notice"  # a reference that could not be read, said under the box
RUNNING_KEY = "downloads_running"  # the downloads this page saw running, so their end redraws the model list
GIGABYTE = 1024 ** 3


def _size(count: int | None) -> str:
    return f"{(count or 0) / GIGABYTE:.2f} GB"


def _start(downloads: DownloadedModels, model: GgufModel) -> None:
    downloads.jobs.start(model)


def _start_typed(downloads: DownloadedModels) -> None:
    """Start the download of the model typed as hf:REPO/FILE, or say why it cannot be read."""
    st.session_state.pop(NOTICE_KEY, None)
    try:
        model = parse_reference(st.session_state.get(REFERENCE_KEY, ""))
    except DownloadError:
        st.session_state[NOTICE_KEY] = t("download_not_gguf")
        return
    downloads.jobs.start(model)
    st.session_state[REFERENCE_KEY] = ""


def _remove(downloads: DownloadedModels, model: GgufModel) -> None:
    downloads.remove(model)


def refusal(error: DownloadError, model: GgufModel) -> str:
    """Why a download could not be done, in the page's language."""
    details = {"needed": _size(error.details.get("needed")), "free": _size(error.details.get("free"))}
    return t(f"download_{error.kind}", name=model.label, **details)


def _draw_job(downloads: DownloadedModels, job: DownloadJob, index: int) -> None:
    """One download: its bar while it runs, then what came of it, until dismissed."""
    if job.running:
        st.progress(job.share, text=t("download_progress", name=job.model.label, done=_size(job.done),
                                       total=_size(job.total) if job.total else "…"))
        return
    if job.error is not None:
        st.error(refusal(job.error, job.model), icon="⚠️")
    else:
        st.success(t("download_done", name=job.model.label), icon="✅")
    st.button(t("download_dismiss"), key=f"dismiss_download_{index}", on_click=downloads.jobs.dismiss,
              args=(job.model,))


def _draw_jobs(downloads: DownloadedModels) -> None:
    """Every download started here; the whole page is drawn again when one ends, so the model list shows it."""
    jobs = downloads.jobs.jobs()
    running = {job.model.reference for job in jobs if job.running}
    if st.session_state.get(RUNNING_KEY, set()) - running:
        st.session_state[RUNNING_KEY] = running
        st.rerun()
    st.session_state[RUNNING_KEY] = running
    for index, job in enumerate(jobs):
        _draw_job(downloads, job, index)


def _draw_model(downloads: DownloadedModels, model: GgufModel, size: int | None, running: bool, key: str) -> None:
    """A model of the list: what it is (its size on disk once downloaded), and the button that downloads or
    removes it."""
    have = size is not None
    languages = " · ".join(LANGUAGES.get(code, code) for code in model.languages) or t("download_unknown")
    shown_size = f"✓ {_size(size)}" if have else model.size or "?"
    st.markdown(f"**{model.label}** · {shown_size}")
    if model.license:
        st.caption(t("download_about", languages=languages, license=model.license))
    if have:
        st.button(t("download_remove"), key=f"remove_{key}", on_click=_remove, args=(downloads, model))
    else:
        st.button(t("download_start"), key=f"get_{key}", on_click=_start, args=(downloads, model), disabled=running)


def draw_model_downloads(engine: Engine) -> None:
    """The download list under the model choice: the suggested models, one typed by reference, the others
    downloaded here, and the downloads running (their bars drawn again every second)."""
    downloads = engine.model_downloads()
    if downloads is None:
        return
    jobs = downloads.jobs.jobs()
    running = {job.model.reference for job in jobs if job.running}
    with st.expander(t("downloads"), expanded=bool(jobs)):
        st.caption(t("downloads_caption"))
        st.fragment(_draw_jobs, run_every=1.0 if running else None)(downloads)
        have = {item.model.reference: item for item in downloads.listed()}
        for index, model in enumerate(SUGGESTED_MODELS):
            item = have.get(model.reference)
            _draw_model(downloads, model, item.size if item else None, model.reference in running,
                        f"suggested_{index}")
        suggested = {model.reference for model in SUGGESTED_MODELS}
        for index, item in enumerate(item for reference, item in have.items() if reference not in suggested):
            _draw_model(downloads, item.model, item.size, False, f"other_{index}")
        st.text_input(t("download_reference"), key=REFERENCE_KEY, placeholder="hf:OWNER/REPO/FILE.gguf")
        st.button(t("download_start"), key="get_typed", on_click=_start_typed, args=(downloads,))
        if st.session_state.get(NOTICE_KEY):
            st.warning(st.session_state[NOTICE_KEY])
