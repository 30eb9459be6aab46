"""How fast the bundled server reads prompts, and whether a session's prompt prefix survives other sessions.

llama.cpp reuses only the prefix its context still holds, so a conversation that merely grows is read one turn at
a time, one whose first message changes is read whole every turn, and two sessions taken in turn evict each
other's prefix unless the server's prompt cache keeps a saved state per session. Prints prompt and generated
tokens per second, then seconds to the first streamed token for each case, with and without the cache.

    python -m bench.prompt_cache
"""

import json
import os
import random
import statistics
import time
import urllib.request
from collections.abc import Callable

from openai import OpenAI

from bench.local_model import rss_mb
from graph.models.local_server import LocalModelServer, find_bundled_model

COLD_WORDS = 1900  # about 2,000 prompt tokens with the chat template
GENERATED = 128
START_TURNS = 9  # about 1,000 tokens of history before the first measured turn
APPEND_TURNS = 6
CHANGING_TURNS = 3
ALTERNATED_TURNS = 25  # about 1,000 -> 3,500 tokens per session
UNCACHED_TURNS = 3  # every uncached turn rereads the whole prompt, so only a few
WORDS_PER_MESSAGE = 45  # a user message and a reply make about 100 tokens
SYSTEM = "You are a helpful AI assistant. Answer in the language the user writes in. Be accurate and concise."
WORDS = (
    "river stone light garden market window paper engine winter music letter silver forest bridge kitchen doctor "
    "village summer camera yellow animal planet orange number mountain travel island pocket museum teacher"
).split()

Messages = list[dict[str, str]]


def client(server: LocalModelServer) -> OpenAI:
    """An OpenAI client for the local server that never retries, so each figure is one request."""
    return OpenAI(base_url=server.base_url, api_key=server.api_key, timeout=300, max_retries=0)


def sentence(rng: random.Random, words: int) -> str:
    """Deterministic filler of about one token per word."""
    return " ".join(rng.choice(WORDS) for _ in range(words)) + "."


def grow(messages: Messages, rng: random.Random) -> Messages:
    """The conversation one turn later: the last reply and a new question, about 100 tokens."""
    reply = [{"role": "assistant", "content": sentence(rng, WORDS_PER_MESSAGE)}] if len(messages) > 1 else []
    return [*messages, *reply, {"role": "user", "content": sentence(rng, WORDS_PER_MESSAGE)}]


def conversation(seed: int, turns: int, system: str = SYSTEM) -> Messages:
    """A conversation of `turns` questions with replies between them."""
    rng = random.Random(seed)
    messages: Messages = [{"role": "system", "content": system}]
    for _ in range(turns):
        messages = grow(messages, rng)
    return messages


def extras(server: LocalModelServer, path: str, text: str) -> dict:
    """llama-cpp-python's tokenizer endpoints, to count and name tokens as the server sees them."""
    body = json.dumps({"input": text}).encode()
    root = server.base_url.removesuffix("/v1")
    request = urllib.request.Request(f"{root}{path}", body, {"Content-Type": "application/json",
                                                             "Authorization": f"Bearer {server.api_key}"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as response:
        return json.load(response)


def prompt_tokens(server: LocalModelServer, messages: Messages) -> int:
    """Tokens of the chat-formatted prompt."""
    text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
    return extras(server, "/extras/tokenize/count", text + "<|im_start|>assistant\n")["count"]


def first_token(api: OpenAI, model: str, messages: Messages) -> tuple[float, float]:
    """Seconds to the first streamed token of a one-token reply, and to the end of the stream."""
    started = time.perf_counter()
    first = None
    stream = api.chat.completions.create(model=model, messages=messages, max_tokens=1, temperature=0, stream=True)
    for chunk in stream:
        if first is None and chunk.choices and chunk.choices[0].delta.content:
            first = time.perf_counter()
    ended = time.perf_counter()
    return (first or ended) - started, ended - started


def cold_prompt(server: LocalModelServer, api: OpenAI) -> tuple[int, float]:
    """Prompt tokens and seconds of a one-token reply to a ~2,000-token prompt nothing is cached for."""
    rng = random.Random(time.time_ns())
    messages = [{"role": "system", "content": f"{SYSTEM} Run {rng.random()}."},
                {"role": "user", "content": sentence(rng, COLD_WORDS)}]
    started = time.perf_counter()
    reply = api.chat.completions.create(model=server.model_alias, messages=messages, max_tokens=1, temperature=0)
    seconds = time.perf_counter() - started
    return (reply.usage.prompt_tokens if reply.usage else prompt_tokens(server, messages)), seconds


def generation(server: LocalModelServer, api: OpenAI) -> float:
    """Streamed tokens per second after the first, with the end-of-turn tokens banned so the reply runs long."""
    banned = extras(server, "/extras/tokenize", "<|im_end|><|endoftext|>")["tokens"]
    stream = api.chat.completions.create(
        model=server.model_alias, messages=[{"role": "user", "content": "Write a long story about a lighthouse."}],
        max_tokens=GENERATED, temperature=0, stream=True, logit_bias={str(token): -100 for token in banned},
    )
    times = [time.perf_counter() for chunk in stream if chunk.choices and chunk.choices[0].delta.content]
    return (len(times) - 1) / (times[-1] - times[0])


def append_only(server: LocalModelServer, api: OpenAI) -> list[float]:
    """First-token seconds per turn of one conversation that only grows."""
    messages, rng = conversation(1, START_TURNS), random.Random(-1)
    times = []
    for _ in range(APPEND_TURNS):
        messages = grow(messages, rng)
        times.append(first_token(api, server.model_alias, messages)[0])
    return times


def changing_first(server: LocalModelServer, api: OpenAI) -> list[float]:
    """First-token seconds per turn when the system message changes every turn, as a clock in it would."""
    messages, rng = conversation(2, START_TURNS), random.Random(-2)
    times = []
    for turn in range(CHANGING_TURNS):
        messages = grow(messages, rng)
        system = {"role": "system", "content": f"{SYSTEM}\n\nCurrent date and time: 2025-01-01 12:{turn:02d}"}
        times.append(first_token(api, server.model_alias, [system, *messages[1:]])[0])
    return times


def alternated(server: LocalModelServer, api: OpenAI, turns: int) -> tuple[list[float], list[float], int]:
    """Two sessions taking turns: first-token and end-of-stream seconds per request, and the last prompt's tokens."""
    sessions = [conversation(10 + n, START_TURNS) for n in range(2)]
    rngs = [random.Random(-10 - n) for n in range(2)]
    firsts, ends = [], []
    for _ in range(turns):
        for n in range(2):
            sessions[n] = grow(sessions[n], rngs[n])
            first, end = first_token(api, server.model_alias, sessions[n])
            firsts.append(first)
            ends.append(end)
    return firsts, ends, prompt_tokens(server, sessions[0])


def with_server(cache_bytes: int | None, measure: Callable[[LocalModelServer, OpenAI], dict]) -> dict:
    """Start a server (the default prompt cache unless `cache_bytes` is given), measure, stop it."""
    model = find_bundled_model()
    server = LocalModelServer(model) if cache_bytes is None else LocalModelServer(model, cache_bytes=cache_bytes)
    started = time.perf_counter()
    server.start()
    try:
        command = server.command()
        figures = {"start": time.perf_counter() - started, "options": command[command.index("--n_ctx"):]}
        figures.update(measure(server, client(server)))
        if server._process is not None:
            figures["rss"] = rss_mb(server._process.pid)
        return figures
    finally:
        server.stop()


def measure_cached(server: LocalModelServer, api: OpenAI) -> dict:
    """Everything, on the server as the app starts it."""
    cold = cold_prompt(server, api)
    firsts, ends, tokens = alternated(server, api, ALTERNATED_TURNS)
    return {"cold": cold, "generation": generation(server, api),
            "append": append_only(server, api), "changing": changing_first(server, api),
            "alternated": firsts, "alternated_end": ends, "alternated_tokens": tokens}


def measure_uncached(server: LocalModelServer, api: OpenAI) -> dict:
    """The first alternated turns again, without the prompt cache."""
    firsts, _, tokens = alternated(server, api, UNCACHED_TURNS)
    return {"alternated": firsts, "alternated_tokens": tokens}


def later(times: list[float]) -> list[float]:
    """Alternated requests after each session's first one, which nothing can have cached."""
    return times[2:]


def rows(cached: dict, uncached: dict) -> list[tuple[str, str]]:
    """The printed table."""
    cold_tokens, cold_seconds = cached["cold"]
    uncached_later = later(uncached["alternated"])
    cached_early = later(cached["alternated"][: 2 * UNCACHED_TURNS])
    cached_later = later(cached["alternated"])
    save = [end - first for first, end in zip(cached["alternated"], cached["alternated_end"], strict=True)]
    return [
        ("server start", f"{cached['start']:.1f} s"),
        (f"cold prompt ({cold_tokens:,} tokens)", f"{cold_tokens / cold_seconds:.0f} tokens/s ({cold_seconds:.1f} s)"),
        (f"generation ({GENERATED} tokens)", f"{cached['generation']:.1f} tokens/s"),
        ("append-only: first turn (cold)", f"{cached['append'][0]:.2f} s"),
        (f"append-only: turns 2-{APPEND_TURNS}, mean / max",
         f"{statistics.mean(cached['append'][1:]):.2f} / {max(cached['append'][1:]):.2f} s"),
        (f"first message changes: {CHANGING_TURNS} turns, mean",
         f"{statistics.mean(cached['changing']):.2f} s"),
        (f"2 sessions alternated, no cache: turns 2-{UNCACHED_TURNS}, mean",
         f"{statistics.mean(uncached_later):.2f} s"),
        (f"2 sessions alternated, cache: turns 2-{UNCACHED_TURNS}, mean", f"{statistics.mean(cached_early):.2f} s"),
        (f"2 sessions alternated, cache: turns 2-{ALTERNATED_TURNS} (to {cached['alternated_tokens']:,} tokens)",
         f"{statistics.mean(cached_later):.2f} mean / {max(cached_later):.2f} max s"),
        ("cache: first token to end of stream (state saved)", f"{statistics.mean(save):.2f} s mean"),
        ("server memory (RSS): cache / no cache", f"{cached['rss']:.0f} / {uncached['rss']:.0f} MB"),
    ]


def main() -> None:
    """Measure with the prompt cache, then the uncached comparison, and print one table."""
    started = time.perf_counter()
    cached = with_server(None, measure_cached)
    uncached = with_server(0, measure_uncached)
    table = rows(cached, uncached)
    width = max(len(name) for name, _ in table)
    print(f"Prompt processing and cache: {find_bundled_model().name}, {os.cpu_count()} cores")
    print("server options: " + " ".join(cached["options"]))
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 24}")
    for name, value in table:
        print(f"{name:<{width}}  {value}")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"({time.perf_counter() - started:.0f} s; load average at the end {load}: other work slows every figure)")


if __name__ == "__main__":
    main()
