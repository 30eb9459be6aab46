"""A small OpenAI-compatible server for tests: it lists its models at /v1/models (and, told to, at a local server's
own paths) and answers /v1/chat/completions (streamed or not) saying which model answered, so a test sees which one
a turn used."""

import json
import threading
import time
from contextlib import AbstractContextManager
from http.server import BaseHTTPRequestHandler

from tests.local_server import LocalServer, serving


class OpenAIServer(LocalServer):
    """The server's state: the models it lists, the requests it got, and how it misbehaves when told to."""

    def __init__(self, models: list[str], port: int = 0) -> None:
        self.models = list(models)
        self.list_requests = 0
        self.chats: list[dict] = []  # every chat request's JSON body, in order
        self.keys: list[str] = []  # the Authorization header of every request, in order
        self.list_delay = 0.0  # seconds /v1/models waits before answering
        self.list_status = 200
        self.list_byte_seconds = 0.0  # when above 0, /v1/models sends its body one byte at a time, this far apart
        self.answers: dict[str, str] = {}  # the reply to a request whose last user message holds the key
        self.word_seconds = 0.0  # how far apart those replies' words stream
        self.native: dict[str, dict] = {}  # other GET paths answered with JSON (a local server's own listing)
        self._lock = threading.Lock()
        super().__init__(self._handler(), port)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answered_by(self) -> list[str]:
        """The model each chat request named, in order."""
        with self._lock:
            return [body.get("model", "") for body in self.chats]

    def reply_text(self, model: str) -> str:
        with self._lock:
            return f"Answer {len(self.chats)} from {model}."

    def answer_to(self, messages: list[dict]) -> str | None:
        """The answer set for a request by its last user message, if any."""
        asked = next((str(m.get("content")) for m in reversed(messages) if m.get("role") == "user"), "")
        with self._lock:
            return next((text for key, text in self.answers.items() if key in asked), None)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:  # quiet under pytest
                pass

            def parse_request(self) -> bool:
                parsed = super().parse_request()
                if parsed:
                    with server._lock:
                        server.keys.append(self.headers.get("Authorization", ""))
                return parsed

            def send_json(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                if self.path in server.native:
                    self.send_json(200, server.native[self.path])
                    return
                if self.path.rstrip("/") != "/v1/models":
                    self.send_json(404, {"error": {"message": "not found"}})
                    return
                with server._lock:
                    server.list_requests += 1
                time.sleep(server.list_delay)
                if server.list_status != 200:
                    self.send_json(server.list_status, {"error": {"message": "the list is unavailable"}})
                    return
                listing = {"object": "list", "data": [
                    {"id": name, "object": "model", "created": 0, "owned_by": "tests"} for name in server.models]}
                if server.list_byte_seconds > 0:
                    self.trickle(json.dumps(listing).encode(), server.list_byte_seconds)
                else:
                    self.send_json(200, listing)

            def trickle(self, data: bytes, pause: float) -> None:
                """A whole answer whose body comes a byte at a time, as a stalled proxy or server sends it."""
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    for index in range(len(data)):
                        self.wfile.write(data[index:index + 1])
                        self.wfile.flush()
                        time.sleep(pause)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up: so does the answer
                    return

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self.send_json(404, {"error": {"message": "not found"}})
                    return
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                with server._lock:
                    server.chats.append(body)
                model = body.get("model", "")
                answer = server.answer_to(body.get("messages") or [])
                text = answer or server.reply_text(model)
                if body.get("stream"):
                    self.stream(model, text, server.word_seconds if answer else 0.0)
                else:
                    self.send_json(200, completion(model, text))

            def stream(self, model: str, text: str, pause: float = 0.0) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                words = text.split(" ")
                pieces = [word if i == 0 else " " + word for i, word in enumerate(words)]
                try:
                    for piece in pieces:
                        self.wfile.write(f"data: {json.dumps(chunk(model, {'content': piece}, None))}\n\n".encode())
                        if pause:
                            self.wfile.flush()
                            time.sleep(pause)
                    self.wfile.write(f"data: {json.dumps(chunk(model, {}, 'stop'))}\n\n".encode())
                    self.wfile.write(b"data: [DONE]\n\n")
                except (BrokenPipeError, ConnectionResetError):  # the client stopped reading: so does the answer
                    return

        return Handler


def completion(model: str, text: str) -> dict:
    """A whole chat completion."""
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def chunk(model: str, delta: dict, finish: str | None) -> dict:
    """One streamed piece of a chat completion."""
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 0, "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def openai_server(models: list[str], port: int = 0) -> AbstractContextManager[OpenAIServer]:
    """A running server listing `models` (on `port` when given), stopped afterwards."""
    return serving(OpenAIServer(models, port))
