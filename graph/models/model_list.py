"""An OpenAI-compatible server's models as it lists them at /v1/models, read through the `openai` client within one
deadline for the whole call, kept a while and refreshed in the background (a slow server never holds up a page or a
turn)."""

import json
import logging
import threading
import time
from collections.abc import Callable, Iterable

from openai import OpenAI

logger = logging.getLogger(__name__)

LIST_TIMEOUT = 3.0  # seconds the endpoint may take to list its models, the whole call (not each read)
FIRST_LIST_WAIT = LIST_TIMEOUT + 0.5  # how long a caller waits when no list was ever read: the request's own deadline
LIST_SECONDS = 60.0  # how long a list is reused
RETRY_SECONDS = 15.0  # how soon a list that failed is asked for again
MAX_LIST_BYTES = 4_000_000  # a list longer than this is no list of models
# listed models that cannot chat: embedding, ranking, speech, image and moderation models, by their names
NOT_CHAT = ("embed", "bge-", "minilm", "e5-", "gte-", "rerank", "paraphrase", "whisper", "tts", "dall-e", "moderation",
            "transcribe")


def read_within(chunks: Iterable[bytes], deadline: float) -> bytes:
    """A response body read as it arrives, given up at `deadline` (time.monotonic) however steadily it trickles."""
    body = bytearray()
    for chunk in chunks:
        body += chunk
        if time.monotonic() > deadline:
            raise TimeoutError("the endpoint took too long to send its model list")
        if len(body) > MAX_LIST_BYTES:
            raise ValueError("the endpoint's model list is too long")
    return bytes(body)


def listed_names(body: bytes) -> list[str]:
    """The model names of a /v1/models body ({"data": [{"id": ...}, ...]}); ValueError when it is not one."""
    listing = json.loads(body)
    entries = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(entries, list):
        raise ValueError("the endpoint's answer is not a model list")
    return [entry["id"] for entry in entries if isinstance(entry, dict) and isinstance(entry.get("id"), str)]


def endpoint_models(base_url: str, api_key: str, timeout: float = LIST_TIMEOUT) -> list[str]:
    """The names of the chat models an OpenAI-compatible endpoint lists, in its order, within `timeout` seconds
    for the whole call (a body sent a byte at a time is given up then)."""
    deadline = time.monotonic() + timeout
    with OpenAI(base_url=base_url or None, api_key=api_key or "not-needed", timeout=timeout, max_retries=0) as client:
        with client.models.with_streaming_response.list() as response:
            names = listed_names(read_within(response.iter_bytes(), deadline))
    return [name for name in dict.fromkeys(names) if not any(word in name.lower() for word in NOT_CHAT)]


class ModelList:
    """An endpoint's model names, asked for at most once a minute whoever draws the page; None when it could not
    say (asked again sooner). The endpoint is asked in a thread of its own: callers get the last answer at once
    while a newer one is asked for, and wait (at most `first_wait` seconds) only for the very first."""

    def __init__(self, read: Callable[[], list[str]], clock: Callable[[], float] = time.monotonic,
                 first_wait: float = FIRST_LIST_WAIT, reuse: float = LIST_SECONDS,
                 retry: float = RETRY_SECONDS) -> None:
        self.read, self.clock, self.first_wait, self.reuse, self.retry = read, clock, first_wait, reuse, retry
        self._names: list[str] | None = None
        self._answered = False  # whether the endpoint ever answered (with a list or a failure)
        self._until = float("-inf")
        self._asking: threading.Event | None = None  # set when the request running now has ended
        self._guard = threading.Lock()  # guards the fields above; never held while the endpoint is asked

    def names(self) -> list[str] | None:
        """The endpoint's chat models as last read, a newer list asked for in the background once this one is old."""
        with self._guard:
            if self.clock() >= self._until and self._asking is None:
                self._asking = self._ask()
            asking, answered = self._asking, self._answered
        if not answered and asking is not None:
            asking.wait(self.first_wait)
        with self._guard:
            return self._names

    def refreshed(self, timeout: float) -> bool:
        """Wait until no request is running (at most `timeout` seconds); whether none is."""
        with self._guard:
            asking = self._asking
        return asking is None or asking.wait(timeout)

    def _ask(self) -> threading.Event:
        """Start asking the endpoint for its list; the event is set when the answer is kept."""
        ended = threading.Event()
        threading.Thread(target=self._keep_answer, args=(ended,), name="model-list", daemon=True).start()
        return ended

    def _keep_answer(self, ended: threading.Event) -> None:
        """Ask the endpoint and keep what it said (None when it failed, asked again sooner)."""
        names, wait = None, self.retry
        try:
            names, wait = self.read(), self.reuse
        except Exception as error:  # an endpoint without a list, down, or slow: its configured model only
            logger.warning("The endpoint's model list could not be read: %s", error)
        finally:
            with self._guard:
                self._names, self._answered, self._until, self._asking = names, True, self.clock() + wait, None
            ended.set()
