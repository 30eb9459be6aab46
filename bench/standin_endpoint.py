"""An OpenAI-compatible endpoint with a known pace, in a process of its own: every request waits its first-token
time, then streams its words at a steady rate, however many come at once. What the product adds is what a person
waits for beyond this pace.

    .venv/bin/python -m bench.standin_endpoint [--port N] [--first 0.3] [--rate 30]
"""

import argparse
import json
import multiprocessing
import random
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.process import BaseProcess

FIRST_TOKEN_SECONDS = 0.3
TOKENS_PER_SECOND = 30.0
REPLY_WORDS = 19  # tokens a reply streams
VOCABULARY = ("river", "lantern", "copper", "meadow", "orbit", "pepper", "harbor", "violet", "canyon", "ember",
              "walnut", "glacier", "saffron", "tundra", "marble", "falcon", "quartz", "lagoon", "thistle", "cobalt",
              "juniper", "mosaic", "nectar", "prairie", "sparrow", "timber", "velvet", "willow", "zephyr", "amber")


def reply_words(messages: list[dict]) -> list[str]:
    """A reply of its own to every request: words drawn by the request's text, so no two replies repeat."""
    chooser = random.Random(json.dumps(messages, sort_keys=True))
    words = [chooser.choice(VOCABULARY) for _ in range(REPLY_WORDS - 1)]
    return [words[0].capitalize()] + [f" {word}" for word in words[1:]] + ["."]


def reply_seconds(first: float = FIRST_TOKEN_SECONDS, rate: float = TOKENS_PER_SECOND) -> float:
    """How long a whole reply takes at this pace."""
    return first + REPLY_WORDS / rate


class _Handler(BaseHTTPRequestHandler):
    first, rate = FIRST_TOKEN_SECONDS, TOKENS_PER_SECOND

    def log_message(self, *args: object) -> None:
        return

    def do_GET(self) -> None:  # noqa: N802 - the standard library's name
        self._json({"object": "list", "data": [{"id": "standin", "object": "model"}]})

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        words = reply_words(body.get("messages", []))
        time.sleep(self.first)
        if not body.get("stream"):
            time.sleep(len(words) / self.rate)
            message = {"role": "assistant", "content": "".join(words)}
            self._json({"id": "c", "object": "chat.completion", "model": "standin", "created": 0,
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": len(words), "total_tokens": 1}})
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        for at, word in enumerate(words):
            if at:
                time.sleep(1 / self.rate)
            self._chunk({"content": word}, None)
        self._chunk({}, "stop")
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()

    def _chunk(self, delta: dict, finish: str | None) -> None:
        chunk = {"id": "c", "object": "chat.completion.chunk", "model": "standin", "created": 0,
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
        self.wfile.flush()

    def _json(self, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def serve(port: int, first: float = FIRST_TOKEN_SECONDS, rate: float = TOKENS_PER_SECOND,
          ready: "multiprocessing.synchronize.Event | None" = None) -> None:
    """Answer until the process is stopped."""
    handler = type("Handler", (_Handler,), {"first": first, "rate": rate})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    if ready is not None:
        ready.set()
    server.serve_forever()


def start_process(port: int, first: float = FIRST_TOKEN_SECONDS,
                  rate: float = TOKENS_PER_SECOND) -> BaseProcess:
    """The endpoint in a process of its own (its threads take none of the measured process's CPU), ready."""
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    process = context.Process(target=serve, args=(port, first, rate, ready), daemon=True)
    process.start()
    ready.wait(30)
    return process


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--first", type=float, default=FIRST_TOKEN_SECONDS)
    parser.add_argument("--rate", type=float, default=TOKENS_PER_SECOND)
    arguments = parser.parse_args()
    serve(arguments.port, arguments.first, arguments.rate)
