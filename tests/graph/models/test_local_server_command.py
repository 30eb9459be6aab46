"""The bundled server's command line, tuned for prompt reading and reuse (option names: test_server_options_known)."""

from pathlib import Path

import pytest

from graph.models.local_server import LocalModelServer
from graph.models.server_command import MOST_THREADS, PROMPT_CACHE_BYTES, SERVER_ENVIRONMENT

pytestmark = pytest.mark.unit


def options(server: LocalModelServer) -> dict[str, str]:
    """The `--name value` pairs after `python -m llama_cpp.server`."""
    args = server.command()[3:]
    return dict(zip(args[::2], args[1::2], strict=True))


def test_prompts_are_read_with_every_core_and_plain_chatml():
    given = options(LocalModelServer(Path("model.gguf")))
    assert given["--n_threads"] == given["--n_threads_batch"]
    assert given["--n_batch"] == given["--n_ubatch"]
    assert given["--logits_all"] == "false"  # logits for every prompt token cost time and fill saved states
    assert given["--chat_format"] == "chatml"  # chatml-function-calling HTML-escapes message text


def test_the_prompt_cache_keeps_saved_states_in_ram():
    given = options(LocalModelServer(Path("model.gguf")))
    assert (given["--cache"], given["--cache_type"], given["--cache_size"]) == ("true", "ram", str(PROMPT_CACHE_BYTES))
    assert "--cache" not in options(LocalModelServer(Path("model.gguf"), cache_bytes=0))


def test_threads_wait_without_spinning_and_are_bounded():
    given = options(LocalModelServer(Path("model.gguf")))
    assert 1 <= int(given["--n_threads"]) <= MOST_THREADS
    assert SERVER_ENVIRONMENT["OMP_WAIT_POLICY"] == "PASSIVE"  # spinning threads stall when a core is wanted
