"""The bundled server's library runs on any x86-64-v3 CPU: no AMX tile instruction (SIGILL without the kernel's
per-thread permission) and no AVX-512 register is in it, and the venv's build is the one the Makefile asks for."""

import importlib.util
import platform
import re
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[3]
AMX_MNEMONICS = re.compile(r"\b(ldtilecfg|sttilecfg|tileloadd\w*|tilestored|tilezero|tilerelease|tdp\w+)\b")
AVX512_REGISTERS = re.compile(r"%zmm\d+|%k[1-7]\b")


def library_files() -> list[Path]:
    """The shared libraries llama-cpp-python loads: llama.cpp and every ggml backend beside it."""
    spec = importlib.util.find_spec("llama_cpp")
    assert spec is not None and spec.origin, "llama-cpp-python is not installed (run make test)"
    files = sorted((Path(spec.origin).parent / "lib").glob("lib*.so"))
    assert files, "llama-cpp-python ships no shared library"
    return files


def disassembly(path: Path) -> str:
    """The library's machine code as text."""
    return subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(path)], check=True, capture_output=True,
                          text=True).stdout


def makefile_value(name: str) -> str:
    """A variable of the Makefile, its continuation lines joined."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    match = re.search(rf"^{name} := (.*)$", text, re.MULTILINE)
    assert match, f"{name} is not set in the Makefile"
    return " ".join(match.group(1).split())


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="AMX and AVX-512 exist on x86-64 only")
def test_no_amx_or_avx512_instruction_can_run():
    for library in library_files():
        code = disassembly(library)
        assert not AMX_MNEMONICS.search(code), f"{library.name} holds AMX tile instructions"
        assert not AVX512_REGISTERS.search(code), f"{library.name} uses AVX-512 registers"


def test_the_cpu_features_compiled_in_are_the_portable_level():
    import llama_cpp

    features = dict(re.findall(r"(\w+) = (\d)", llama_cpp.llama_print_system_info().decode()))
    assert not any(name.startswith(("AMX", "AVX512")) and on == "1" for name, on in features.items()), features
    if platform.machine() == "x86_64":
        assert features.get("AVX2") == "1" and features.get("FMA") == "1"  # the speed of the level it targets


def test_the_venv_holds_the_build_the_makefile_asks_for():
    flags = makefile_value("LLAMA_CMAKE_ARGS")
    assert "-DGGML_NATIVE=OFF" in flags and "-DGGML_AMX_TILE=OFF" in flags and "-march=native" not in flags
    recorded = (ROOT / ".venv" / ".llama-build").read_text().split()
    assert " ".join(recorded) == f"{makefile_value('LLAMA_CPP')} {flags}"
