"""The gate on the bundled models' requests: none goes out while their server is being started again or is gone,
so another program that took its port in between never gets one (nor the key it carries)."""

from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import BaseMessage

from graph.models.server_watch import ServerWatch


class ServerGate(BaseCallbackHandler):
    """A callback of the models that talk to the bundled server: each call waits for a restart under way and fails
    with the server's end (BundledServerStopped) when it did not come back."""

    raise_error = True

    def __init__(self, watch: ServerWatch) -> None:
        self.watch = watch

    def on_chat_model_start(self, serialized: dict[str, Any], messages: list[list[BaseMessage]],
                            **kwargs: Any) -> None:
        self.watch.admit()
