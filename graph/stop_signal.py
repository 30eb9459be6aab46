"""The signal that ends a streaming model call when the person presses Stop."""

import threading
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler


class GenerationStopped(RuntimeError):
    """The person stopped the reply; raised inside the model call to end its stream."""


class StopSignal(BaseCallbackHandler):
    """Ends a streaming model call at its next token once the stop event is set."""

    raise_error = True

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop

    def _check(self) -> None:
        if self.stop.is_set():
            raise GenerationStopped("stopped by the user")

    def on_chat_model_start(self, serialized: dict, messages: list, **kwargs: Any) -> None:
        self._check()

    def on_llm_new_token(self, token: str, **kwargs: Any) -> None:
        self._check()
