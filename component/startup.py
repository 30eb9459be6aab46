"""The page is drawn at once while the engine starts behind it (the database, the bundled model's server, its
warm-up): a person sees the app and what it is doing instead of a blank page, and the chat opens when it is ready."""

import threading
import time
from collections.abc import Callable

import streamlit as st

from component.i18n import t
from graph.engine import Engine, describe_error

POLL_SECONDS = 0.5  # how often the waiting page looks again


class EngineStart:
    """One engine started on a thread of its own, with the last progress line it reported."""

    def __init__(self, start: Callable[[Callable[[str], None]], Engine]) -> None:
        self.engine: Engine | None = None
        self.error: BaseException | None = None
        self.progress = ""
        self.began = time.monotonic()
        self._thread = threading.Thread(target=self._run, args=(start,), name="engine-start", daemon=True)
        self._thread.start()

    def _run(self, start: Callable[[Callable[[str], None]], Engine]) -> None:
        try:
            self.engine = start(self._report)
        except Exception as error:  # shown on the page, never a traceback
            self.error = error

    def _report(self, message: str) -> None:
        self.progress = message

    @property
    def done(self) -> bool:
        return self.engine is not None or self.error is not None


def engine_or_waiting_page(start: EngineStart, language: str) -> Engine:
    """The started engine; until then a page that says what is starting and opens the chat, input and all, once
    it has (the page stops there), and a start that failed said in the person's language."""
    if start.engine is not None:
        return start.engine
    if start.error is not None:
        st.error(describe_error(start.error, language), icon="🚫")
        st.stop()
    st.title("💬 Context Chat")
    _starting(start)
    st.stop()
    raise AssertionError("st.stop ends the page")


@st.fragment(run_every=POLL_SECONDS)
def _starting(start: EngineStart) -> None:
    """What is starting and for how long, looked at again every half second; the whole page once it is done."""
    if start.done:
        st.rerun(scope="app")
    st.info(t("starting_engine", seconds=int(time.monotonic() - start.began)), icon="⏳")
    if start.progress:
        st.caption(start.progress)
