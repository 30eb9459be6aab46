"""A small stand-in for the Hugging Face hub, as huggingface_hub downloads a file from it (HF_ENDPOINT): HEAD and
GET on /REPO/resolve/REVISION/FILE with the commit, size and sha256 headers, byte ranges for a resumed download, and
when told to, a wrong sha256, a connection that drops part way through a file, or a hub that goes away then."""

import hashlib
import threading
import time
from contextlib import AbstractContextManager
from http.server import BaseHTTPRequestHandler

from tests.local_server import LocalServer, serving

COMMIT = "0123456789abcdef0123456789abcdef01234567"


class HubServer(LocalServer):
    """The files the hub holds by (repo, file), and what it saw: every GET's Range header and the bytes sent."""

    def __init__(self, files: dict[tuple[str, str], bytes], port: int = 0) -> None:
        self.files = dict(files)
        self.claimed_sha256: dict[tuple[str, str], str] = {}  # a sha256 said instead of the file's own
        self.cut_after_bytes: int | None = None  # the next GET's connection drops after this many bytes
        self.gone_after_bytes: int | None = None  # the hub goes away once a GET has sent this many bytes
        self.megabyte_seconds = 0.0  # a file is sent a megabyte at a time, this far apart (a slow line)
        self.paused = threading.Event()  # while set, a file's sending stops after its first megabyte
        self.ranges: list[str] = []
        self.bytes_sent = 0
        self._lock = threading.Lock()
        super().__init__(self._handler(), port)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def sha256(self, key: tuple[str, str]) -> str:
        return self.claimed_sha256.get(key) or hashlib.sha256(self.files[key]).hexdigest()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # quiet under pytest
                pass

            def found(self) -> tuple[tuple[str, str], bytes] | None:
                """The file a /OWNER/NAME/resolve/REVISION/FILE path names, if the hub holds it."""
                parts = self.path.split("?")[0].strip("/").split("/")
                if len(parts) < 5 or parts[2] != "resolve":
                    return None
                key = ("/".join(parts[:2]), "/".join(parts[4:]))
                return (key, hub.files[key]) if key in hub.files else None

            def headers_of(self, key: tuple[str, str], data: bytes, status: int, length: int) -> None:
                self.send_response(status)
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("X-Linked-Etag", f'"{hub.sha256(key)}"')
                self.send_header("X-Linked-Size", str(len(data)))
                self.send_header("ETag", f'"{hub.sha256(key)}"')
                self.send_header("Content-Length", str(length))
                self.send_header("Accept-Ranges", "bytes")

            def missing(self) -> None:
                self.send_response(404)
                self.send_header("X-Error-Code", "EntryNotFound")
                self.send_header("X-Error-Message", "Entry not found")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
                found = self.found()
                if found is None:
                    self.missing()
                    return
                key, data = found
                self.headers_of(key, data, 200, len(data))
                self.end_headers()

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                found = self.found()
                if found is None:
                    self.missing()
                    return
                key, data = found
                asked = self.headers.get("Range", "")
                with hub._lock:
                    hub.ranges.append(asked)
                start = int(asked.removeprefix("bytes=").split("-")[0]) if asked.startswith("bytes=") else 0
                body = data[start:]
                self.headers_of(key, data, 206 if start else 200, len(body))
                if start:
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                self.end_headers()
                with hub._lock:
                    cut, hub.cut_after_bytes = hub.cut_after_bytes, None
                cut = cut if cut is not None else hub.gone_after_bytes
                sent = body if cut is None else body[:cut]
                try:
                    for start in range(0, len(sent), 1 << 20):
                        self.wfile.write(sent[start:start + (1 << 20)])
                        self.wfile.flush()
                        time.sleep(hub.megabyte_seconds)
                        while hub.paused.is_set():  # held until the test lets it go on
                            time.sleep(0.05)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up
                    return
                with hub._lock:
                    hub.bytes_sent += len(sent)
                if len(sent) < len(body):  # the connection drops mid-file
                    self.close_connection = True
                if len(sent) < len(body) and hub.gone_after_bytes is not None:  # and nothing answers any more
                    threading.Thread(target=hub.stop, daemon=True).start()

        return Handler


def hub_server(files: dict[tuple[str, str], bytes], port: int = 0) -> AbstractContextManager[HubServer]:
    """A running hub holding `files` (on `port` when given), stopped afterwards."""
    return serving(HubServer(files, port))
