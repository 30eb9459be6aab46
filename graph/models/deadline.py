"""Model calls with deadlines of their own: a server that trickles or a model that stalls is cut off on
time, and Stop ends the wait at once, whatever the HTTP client's timeouts do."""

import contextvars
import queue
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable

from graph.models.cancel import GenerationStopped

POLL_SECONDS = 0.05  # how often a waiting call looks at Stop


class ModelDeadlineError(TimeoutError):
    """The model did not answer within its deadline; the message says which one."""


@dataclass(frozen=True)
class Deadlines:
    """Seconds a model call may take: until its first token, and in all."""

    first_token: float = 60.0
    total: float = 300.0


_END = object()


def _produce(items: Callable[[], Iterable[Any]], out: queue.Queue, abandoned: threading.Event) -> None:
    """Feed the model's chunks to the waiting call until the stream ends or the call gives up on it."""
    chunks: Iterator[Any] = iter(())
    try:
        chunks = iter(items())
        for chunk in chunks:
            if abandoned.is_set():
                return
            out.put(chunk)
        out.put(_END)
    except BaseException as error:  # handed to the waiting call, which raises it
        out.put(error)
    finally:
        getattr(chunks, "close", lambda: None)()  # ends an HTTP stream the caller gave up on


def stream_within(model: Runnable, messages: Sequence[BaseMessage], deadlines: Deadlines,
                  stop: threading.Event | None = None) -> Generator[Any, None, None]:
    """The model's chunks (one whole message for a model that does not stream), within the deadlines.

    The model runs on a daemon thread in the caller's context (callbacks, config); when a deadline passes
    or Stop is pressed the caller stops waiting at once and the thread is abandoned to end on its own.
    """
    return _within(lambda: model.stream(list(messages)), deadlines, stop)


def invoke_within(model: Runnable, messages: Sequence[BaseMessage], seconds: float,
                  stop: threading.Event | None = None) -> BaseMessage:
    """The model's whole answer within `seconds`."""
    return call_within(lambda: model.invoke(list(messages)), seconds, stop)


def call_within(work: Callable[[], Any], seconds: float, stop: threading.Event | None = None) -> Any:
    """What `work` returns, waited for at most `seconds` and until Stop (a tool call, a model's answer);
    raises a TimeoutError (ModelDeadlineError) or GenerationStopped instead, leaving the work to end alone."""
    for result in _within(lambda: [work()], Deadlines(seconds, seconds), stop):
        return result
    raise ModelDeadlineError("the call returned nothing")


def _within(items: Callable[[], Iterable[Any]], deadlines: Deadlines,
            stop: threading.Event | None) -> Generator[Any, None, None]:
    """What `items` yields on a worker thread, waited for within the deadlines and Stop."""
    out: queue.Queue = queue.Queue()
    abandoned = threading.Event()
    context = contextvars.copy_context()
    worker = threading.Thread(target=context.run, args=(_produce, items, out, abandoned),
                              name=f"{threading.current_thread().name}:model", daemon=True)
    started = time.monotonic()
    first_by, end_by = started + deadlines.first_token, started + deadlines.total
    worker.start()
    try:
        received = False
        while True:
            if stop is not None and stop.is_set():
                raise GenerationStopped("stopped by the user")
            now = time.monotonic()
            limit = end_by if received else min(first_by, end_by)
            if now >= limit:
                what = "did not finish its reply" if received else "sent nothing"
                raise ModelDeadlineError(f"the model {what} within {limit - started:.0f} s")
            try:
                item = out.get(timeout=min(POLL_SECONDS, limit - now))
            except queue.Empty:
                continue
            if stop is not None and stop.is_set():
                raise GenerationStopped("stopped by the user")  # nothing arriving after Stop is shown
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            received = True
            yield item
    finally:
        abandoned.set()

