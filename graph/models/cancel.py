"""Stopping a model call: the person's Stop reaches the call through a callback carried in the run's config."""

import threading
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableConfig


class GenerationStopped(RuntimeError):
    """The person stopped the reply; raised inside the model call to end its stream."""


class StopSignal(BaseCallbackHandler):
    """Carries the run's stop event to its model calls; a call not yet begun when Stop is pressed never begins
    (a call under way is ended by the deadline wrapper, which watches the same event)."""

    raise_error = True

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop

    def _check(self) -> None:
        if self.stop.is_set():
            raise GenerationStopped("stopped by the user")

    def on_chat_model_start(self, serialized: dict[str, Any], messages: list[list[BaseMessage]],
                            **kwargs: Any) -> None:
        self._check()


def stop_event_of(config: RunnableConfig | None) -> threading.Event | None:
    """The stop event of the run a node belongs to, so a call that never yields a token can still be stopped."""
    callbacks: Any = (config or {}).get("callbacks")
    handlers = getattr(callbacks, "handlers", callbacks) or []
    for handler in handlers:
        if isinstance(handler, StopSignal):
            return handler.stop
    return None
