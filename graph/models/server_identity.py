"""Tell the app's own bundled server from another program on its port: each start gets a key of its own, and only
the server started with it refuses a wrong key and accepts that one, so no other program's replies are ever shown."""

import http.client
import secrets
import socket
import urllib.error
import urllib.request
from typing import Literal

Answerer = Literal["ours", "foreign", "silent"]
KEY_ENVIRONMENT = "API_KEY"  # llama-cpp-python's server reads its `api_key` setting from it (kept off `ps`)
UNAUTHORIZED = 401


class PortTakenError(RuntimeError):
    """Another program listens on the port the bundled server was to use; the app sends it nothing."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(f"Another program is listening on {host}:{port}, the port of the built-in model's "
                         "server; it is not the server this app started, so nothing is sent to it.")
        self.port = port


def new_key() -> str:
    """A key nobody can guess, made for one start of the server."""
    return secrets.token_urlsafe(32)


def status_of(url: str, key: str, timeout: float) -> int | None:
    """The HTTP status a GET of `url` with bearer `key` gets; None when nothing answered in time."""
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=timeout) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (OSError, http.client.HTTPException):  # refused, reset, timed out, or not HTTP at all
        return None


def identify(base_url: str, key: str, timeout: float) -> Answerer:
    """Who answers at `base_url`: the server started with `key` (a wrong key refused, `key` accepted), another
    program, or nobody yet. A wrong key is tried first, so a program that accepts anything never sees `key`."""
    refused = status_of(f"{base_url}/models", new_key(), timeout)
    if refused is None:
        return "silent"
    if refused != UNAUTHORIZED:
        return "foreign"
    accepted = status_of(f"{base_url}/models", key, timeout)
    if accepted is None:
        return "silent"
    return "ours" if accepted == 200 else "foreign"


def listening(host: str, port: int, timeout: float = 2.0) -> bool:
    """Whether some program accepts connections on the port."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False
