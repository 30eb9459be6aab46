"""Hung models are cut off: how long a trickling endpoint and a stalled model hold a turn, how soon Stop
and close() take effect, and what another session waits meanwhile."""

import logging
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult

from graph.engine import Engine, assemble
from graph.models import ModelProfile, Models
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer

FIRST_TOKEN_TIMEOUT = 2.0
REPLY_TIMEOUT = 3.0


class HangingModel(BaseChatModel):
    """Stalls inside the process on messages that contain "hang"; trickles a token every 0.5 s forever on
    "trickle"; answers anything else at once."""

    release: Any = None

    @property
    def _llm_type(self) -> str:
        return "hanging"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        if "hang" in str(messages[-1].content):
            self.release.wait(600)
        return ChatResult(generations=[ChatGeneration(message=AIMessage("answered"))])

    def _stream(self, messages, stop=None, run_manager=None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        text = str(messages[-1].content)
        if "hang" in text:
            self.release.wait(600)
        while "trickle" in text:
            time.sleep(0.5)
            yield ChatGenerationChunk(message=AIMessageChunk(content="drip "))
        yield ChatGenerationChunk(message=AIMessageChunk(content="answered"))


def open_bench_engine() -> tuple[Engine, threading.Event]:
    path = Path(tempfile.mkdtemp(prefix="deadlines-")) / "chat.sqlite"
    release = threading.Event()
    model = HangingModel(release=release)
    profile = ModelProfile("hanging", "remote", True, True, True, 128_000)
    settings = Settings(db_path=str(path), first_token_timeout=FIRST_TOKEN_TIMEOUT, reply_timeout=REPLY_TIMEOUT)
    return assemble(settings, create_checkpointer(path), Models(model, model, profile)), release


def timed_turn(engine: Engine, session_id: str, text: str) -> tuple[float, str]:
    started = time.perf_counter()
    events = engine.session(session_id).send(text).wait()
    return time.perf_counter() - started, events[-1].kind


def main() -> None:
    logging.getLogger("graph").setLevel(logging.CRITICAL)  # the failed turns are the point here
    engine, release = open_bench_engine()
    timed_turn(engine, "warm-up", "hello")  # loads the embeddings recall uses
    trickle, trickle_kind = timed_turn(engine, "trickle", "please trickle")
    stalled, stalled_kind = timed_turn(engine, "stalled", "please hang")
    session = engine.session("stop")
    run = session.send("please hang")
    time.sleep(0.3)
    other = threading.Thread(target=lambda: timings.append(timed_turn(engine, "other", "hello")[0]))
    timings: list[float] = []
    other.start()
    stop_at = time.perf_counter()
    session.stop()
    run.wait()
    stop_latency = time.perf_counter() - stop_at
    other.join()
    waiting = engine.session("closing")
    waiting.send("please hang")
    waiting.send("queued behind it")
    time.sleep(0.3)
    close_at = time.perf_counter()
    engine.close()
    close_time = time.perf_counter() - close_at
    release.set()
    print(f"Model deadlines (first token {FIRST_TOKEN_TIMEOUT:.0f} s, whole reply {REPLY_TIMEOUT:.0f} s)")
    print(f"  endpoint trickling a token every 0.5 s: cut off after {trickle:5.2f} s ({trickle_kind})")
    print(f"  model stalled before its first token:   cut off after {stalled:5.2f} s ({stalled_kind})")
    print(f"  Stop on a stalled model took effect in   {stop_latency * 1000:5.0f} ms")
    print(f"  another session's turn meanwhile         {timings[0] * 1000:5.0f} ms")
    print(f"  close() with a hung model and a queued turn returned in {close_time * 1000:5.0f} ms")


if __name__ == "__main__":
    main()
