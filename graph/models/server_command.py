"""The bundled server's command line and environment: llama-cpp-python's server tuned for reading prompts and
keeping what it read, run by the guard that ends it with the app, with threads that never spin."""

import os
import sys
from pathlib import Path

GUARD = Path(__file__).with_name("server_guard.py")  # ends the server with the process that started it
BATCH_TOKENS = 128  # prompt tokens per step: no slower than 512 here, and each saved state copies that many logit rows
STATE_BYTES_PER_TOKEN = 23_040  # SmolLM2-135M's f16 keys and values: 30 layers x 2 x 192 x 2 bytes
CACHED_SESSIONS = 16
PROMPT_CACHE_BYTES = CACHED_SESSIONS * 4096 * STATE_BYTES_PER_TOKEN  # 1.5 GB: 16 sessions of 4,096 tokens
MOST_THREADS = 4  # a 135M model reads no faster on more cores
# OpenMP threads that spin while they wait for each other stall whenever another process wants a core (the page,
# embeddings, anything else on the machine): measured on 2 cores under load, 13-20 prompt tokens/s spinning against
# 118-246 passive (and 105-148 on one thread)
SERVER_ENVIRONMENT = {"OMP_WAIT_POLICY": "PASSIVE"}


def server_threads() -> int:
    """Threads the server reads and writes with: the machine's cores, at most MOST_THREADS."""
    return max(1, min(os.cpu_count() or 1, MOST_THREADS))


def guarded(command: list[str]) -> list[str]:
    """`python -m module ...` run by the guard that ends it with this process, however this process ends."""
    interpreter, flag, *rest = command
    return [interpreter, str(GUARD), str(os.getpid()), flag, *rest]


def server_command(model_path: Path, alias: str, host: str, port: int, n_ctx: int, chat_format: str,
                   cache_bytes: int) -> list[str]:
    """`python -m llama_cpp.server` with the options this app serves the model with."""
    threads = str(server_threads())
    return [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model_path),
        "--model_alias", alias,
        "--host", host,
        "--port", str(port),
        "--n_ctx", str(n_ctx),
        *(["--chat_format", chat_format] if chat_format else []),  # none: the template the GGUF file carries
        "--n_threads", threads,
        "--n_threads_batch", threads,
        "--n_batch", str(BATCH_TOKENS),
        "--n_ubatch", str(BATCH_TOKENS),
        "--logits_all", "false",
        *cache_options(cache_bytes),
    ]  # fmt: skip


def cache_options(cache_bytes: int) -> list[str]:
    """Saved states keyed by prompt prefix, so a session's prefix survives another session's requests."""
    if cache_bytes <= 0:
        return []
    return ["--cache", "true", "--cache_type", "ram", "--cache_size", str(cache_bytes)]
