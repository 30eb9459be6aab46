"""The terminal's model commands on a stand-in hub: `download` with a progress line, `models` listing it as
downloaded beside the suggested ones, `remove` deleting it, and what cannot be downloaded said on one line."""

import io

import pytest

from graph.terminal import main
from tests.hub_server import hub_server

pytestmark = pytest.mark.integration

REPO, FILE = "someone/Tiny-GGUF", "tiny-q4_k_m.gguf"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_a_model_is_downloaded_listed_and_removed_from_the_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    with hub_server({(REPO, FILE): b"GGUF" + bytes(4 * 1024 * 1024)}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        code, said = run("download", f"hf:{REPO}/{FILE}")
    assert code == 0 and "(100%)" in said and f"{FILE} is downloaded" in said
    code, listed = run("models")
    assert code == 0 and "Qwen2.5 0.5B Instruct" in listed and "hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/" in listed
    assert f"{FILE}" in listed and "downloaded" in listed.splitlines()[-1]
    assert run("remove", f"hf:{REPO}/{FILE}") == (0, f"{FILE} is removed.\n")
    assert run("remove", f"hf:{REPO}/{FILE}") == (1, f"{FILE} is not downloaded.\n")


def test_what_cannot_be_downloaded_is_said_on_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    with hub_server({}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        code, said = run("download", "qwen2.5 0.5b instruct")  # a listed model by its name
    assert code == 1 and "qwen2.5-0.5b-instruct-q4_k_m.gguf is not on the hub" in said
    code, said = run("download", "some-model")
    assert code == 1 and "is not hf:OWNER/REPO/FILE.gguf" in said
