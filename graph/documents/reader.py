"""Text from uploaded txt, md and pdf files, worked out in a child process under time and memory limits
set from outside, so a hostile file can neither hang nor exhaust the app; every failure is a refusal."""

import contextlib
import resource
import signal
import subprocess
import sys
from pathlib import Path

from graph.documents.extract import OUT_OF_MEMORY, REFUSED
from graph.documents.store import DocumentRefused

SUPPORTED = ("txt", "md", "pdf")
# Figures from bench/document_limits.py: a 300-page book takes 7 s of CPU and 47 MB of address space.
MAX_UPLOAD_MB = 20           # a 300-page book without scans is a few MB
MAX_PAGES = 1000             # more than the 400,000 tokens a session can index; read before any page is
MAX_TEXT_CHARS = 4_000_000   # twice the text of 400,000 tokens of English
CPU_SECONDS = 30
WALL_SECONDS = 60            # a child that waits instead of working, or waits its turn on a busy machine
MEMORY_MB = 512              # address space; a flate bomb that pypdf stops itself peaks near 190 MB
EXTRACTOR = "graph.documents.extract"
ROOT = Path(__file__).resolve().parents[2]


def read_upload(name: str, data: bytes) -> str:
    """The text of an uploaded file; a file that cannot be read is refused with the reason."""
    kind = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if kind not in SUPPORTED:
        raise DocumentRefused(f"{name}: only {', '.join(SUPPORTED)} files can be added.")
    if len(data) > MAX_UPLOAD_MB * 2**20:
        raise DocumentRefused(f"{name}: {len(data) / 2**20:.1f} MB is more than the {MAX_UPLOAD_MB} MB "
                              "a document may have.")
    code, output = extract(kind, data)
    if code != 0:
        raise DocumentRefused(f"{name}: {reason(code, output)}")
    return output


def extract(kind: str, data: bytes) -> tuple[int | None, str]:
    """The extractor's exit code (None when it ran out of time) and what it wrote."""
    command = [sys.executable, "-m", EXTRACTOR, kind, str(MAX_PAGES), str(MAX_TEXT_CHARS)]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          cwd=ROOT) as child:
        bound(child.pid)  # before the child reads a byte of the file
        try:
            output, _ = child.communicate(data, timeout=WALL_SECONDS)
        except subprocess.TimeoutExpired:
            child.kill()
            return None, ""
    return child.returncode, output.decode("utf-8", "replace")


def bound(pid: int) -> None:
    """Limit the child's memory and CPU time from here: a preexec_fn is unsafe in the app's threads."""
    memory = MEMORY_MB * 2**20
    with contextlib.suppress(ProcessLookupError):  # already gone: nothing left to bound
        resource.prlimit(pid, resource.RLIMIT_AS, (memory, memory))
        resource.prlimit(pid, resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
        resource.prlimit(pid, resource.RLIMIT_CORE, (0, 0))


def reason(code: int | None, output: str) -> str:
    """Why the extractor gave no text, in words for the person who uploaded the file."""
    if code == REFUSED:
        return output
    if code == OUT_OF_MEMORY:
        return f"reading it needs more than {MEMORY_MB} MB of memory, so it was stopped."
    if code is None:
        return f"reading it took longer than {WALL_SECONDS} s, so it was stopped."
    if code in (-signal.SIGXCPU, -signal.SIGKILL):
        return f"reading it took more than {CPU_SECONDS} s of work, so it was stopped."
    stopped = f"signal {-code}" if code < 0 else f"exit code {code}"
    return f"it could not be read (the reader stopped with {stopped})."
