"""A stand-in for llama_cpp.server, run in its place by tests that end the bundled server's process: it takes the
same --port and --model_alias and the API_KEY environment variable (refusing any other key with 401), lists its
model, and answers chat completions streamed in HTTP/1.1 chunks as uvicorn does (so a process that dies mid-reply
leaves the client an unfinished body, not a short one). While the file named by --hold exists, a streamed reply
stops after its first words, so a test can end the process mid-reply; a message that says "give up" ends the
process with exit code 3 after the first word; one that says "think hard" keeps a processor busy before its first
word, holding the model's lock as llama.cpp does (its model list waits), while the hold file exists. While the
file named by --refuse exists, the process exits with code 4 as it starts.

    python -m tests.graph.models.llama_stand_in --port 8123 --model_alias smollm2-135m-instruct --hold /tmp/hold
"""

import argparse
import json
import os
import random
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HELD = "reply held"  # written to the log once a held reply's first words are sent
HOLD_SECONDS = 120.0  # the most a reply is held: the test ends the process or lifts the hold long before
GIVE_UP_WORDS = "give up"  # a message with these words ends the process with GIVE_UP_CODE after the first word
GIVE_UP_CODE = 3
GIVING_UP = "giving up: out of memory"
THINK_WORDS = "think hard"  # a message with these words keeps a processor busy while the hold file exists
THINKING = "thinking hard"  # written to the log once the busy work has begun
REFUSING = "cannot start: the model file is damaged"
REFUSE_CODE = 4
VOCABULARY = ("amber harbour lantern meadow quiet river stone willow copper orchard pebble thistle violet "
              "granite maple ember tide heron fern cobalt juniper saffron birch cedar slate dune").split()

counter = threading.Lock()
model_lock = threading.Lock()  # held while a reply is computed, as llama.cpp's server holds its model
requests_served = [0]


def say(line: str) -> None:
    """A log line, as the real server writes to its log."""
    print(line, flush=True)


def reply_words(number: int) -> list[str]:
    """Words no earlier reply strings together, ending with the process that answered."""
    words = random.Random(number * 7919 + os.getpid()).sample(VOCABULARY, 8)
    return [words[0].capitalize(), *words[1:], f"(served by {os.getpid()})"]


def chunk(model: str, delta: dict, finish: str | None) -> dict:
    """One streamed piece of a chat completion."""
    return {"id": "chatcmpl-stand-in", "object": "chat.completion.chunk", "created": 0, "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def completion(model: str, text: str) -> dict:
    """A whole chat completion."""
    return {"id": "chatcmpl-stand-in", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def hold_while(hold: Path | None) -> None:
    """Wait while the hold file exists."""
    deadline = time.monotonic() + HOLD_SECONDS
    while hold is not None and hold.exists() and time.monotonic() < deadline:
        time.sleep(0.02)


def think_while(hold: Path | None) -> None:
    """Keep a processor busy while the hold file exists, as a long prompt being read does."""
    deadline = time.monotonic() + HOLD_SECONDS
    while hold is not None and hold.exists() and time.monotonic() < deadline:
        sum(range(10_000))


def make_handler(alias: str, hold: Path | None) -> type[BaseHTTPRequestHandler]:
    """The request handler answering as llama_cpp.server serving `alias`, holding replies while `hold` exists."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            say(f"{self.command} {self.path} {args[1] if len(args) > 1 else ''}".strip())

        def authorized(self) -> bool:
            """Whether the request carries the key the process was started with (any, when it has none)."""
            key = os.environ.get("API_KEY")
            if key is None or self.headers.get("Authorization") == f"Bearer {key}":
                return True
            self.send_json({"detail": "Invalid API key"}, 401)
            return False

        def send_json(self, body: dict, status: int = 200) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            if not self.authorized():
                return
            with model_lock:
                self.send_json({"object": "list", "data": [{"id": alias, "object": "model", "owned_by": "me"}]})

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            if not self.authorized():
                return
            with counter:
                requests_served[0] += 1
                number = requests_served[0]
            asked = str((body.get("messages") or [{}])[-1].get("content", ""))
            say(f"chat request {number} to {os.getpid()}: {asked[:60]!r}")
            words = reply_words(number)
            if THINK_WORDS in asked.lower():
                with model_lock:
                    say(THINKING)
                    think_while(hold)
            if not body.get("stream"):
                self.send_json(completion(alias, " ".join(words)))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            pieces = [word if i == 0 else " " + word for i, word in enumerate(words)]
            for i, piece in enumerate(pieces):
                self.send_event(chunk(alias, {"content": piece}, None))
                if GIVE_UP_WORDS in asked.lower():
                    say(GIVING_UP)
                    os._exit(GIVE_UP_CODE)
                if i == 1 and hold is not None and hold.exists():
                    say(HELD)
                    hold_while(hold)
            self.send_event(chunk(alias, {}, "stop"))
            self.send_chunk(b"data: [DONE]\n\n")
            self.send_chunk(b"")

        def send_event(self, data: dict) -> None:
            self.send_chunk(f"data: {json.dumps(data)}\n\n".encode())

        def send_chunk(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler


def main() -> None:
    """Serve on 127.0.0.1 at the given port until ended."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--model_alias", required=True)
    parser.add_argument("--hold", type=Path)
    parser.add_argument("--refuse", type=Path)
    arguments, _ = parser.parse_known_args()
    if arguments.refuse is not None and arguments.refuse.exists():
        say(REFUSING)
        sys.exit(REFUSE_CODE)
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), make_handler(arguments.model_alias, arguments.hold))
    say(f"stand-in {os.getpid()} serving {arguments.model_alias} on 127.0.0.1:{arguments.port}")
    server.serve_forever()


if __name__ == "__main__":
    main()
