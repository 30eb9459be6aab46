"""The bundled server's command line names only options the installed llama-cpp-python server knows (the full
install: `make check`'s light one has no llama-cpp-python)."""

from pathlib import Path

import pytest

from graph.models.local_server import LocalModelServer

pytestmark = pytest.mark.integration


def test_every_option_exists_in_the_installed_server():
    from llama_cpp.server.settings import Settings

    args = LocalModelServer(Path("model.gguf")).command()[3:]
    known = {f"--{name}" for name in Settings.model_fields}
    assert set(args[::2]) <= known
