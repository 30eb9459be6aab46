"""A stand-in server for tests on a local port, served from a thread of the test process: started, stopped, and
held for the length of a with-block, so each stand-in writes only what it answers."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self, TypeVar


class LocalServer:
    """A threading HTTP server on 127.0.0.1 (`port` 0: a free one) that answers with a stand-in's handler."""

    def __init__(self, handler: type[BaseHTTPRequestHandler], port: int = 0) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


Server = TypeVar("Server", bound="LocalServer")


@contextmanager
def serving(server: Server) -> Iterator[Server]:
    """The server running for the block, stopped afterwards."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
