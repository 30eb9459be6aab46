"""What an upload costs under the reader's limits: a 300-page book, a 100,000-page PDF, a flate bomb,
a PDF that is all work, and random bytes named .txt, each added through the session API in a fresh
process so that the time, the reader child's CPU and peak memory, and the app's own growth are its own."""

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import conversation
from graph.documents.reader import EXTRACTOR
from graph.engine import DocumentRefused, assemble
from graph.models import ModelProfile, Models
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer
from tests.fakes.pdfs import blank_pdf, pdf

WORDS = "the reader turns another page of a long book about rivers, cities and the people who built them".split()




def book(pages: int = 300, lines: int = 40) -> bytes:
    """A book: 40 kerned lines of about 65 characters a page, some 2,600 characters, like a printed novel."""
    def line(page: int, number: int) -> str:
        words = [WORDS[(page * 7 + number * 3 + i) % len(WORDS)] for i in range(12)]
        return "[" + " -250 ".join(f"({word})" for word in words) + "] TJ T*"
    return pdf([("BT /F1 10 Tf 14 TL 56 740 Td " + " ".join(line(p, n) for n in range(lines)) + " ET").encode()
                for p in range(pages)])


CASES = [
    ("300-page book", "book.pdf", book),
    ("100,000 blank pages", "pages.pdf", lambda: blank_pdf(100_000)),
    ("flate bomb, 256 MB of spaces", "bomb.pdf", lambda: pdf([b" " * 2**28])),
    ("10 pages of 150,000 text operators", "work.pdf", lambda: pdf([b"BT /F1 9 Tf (x) Tj ET\n" * 150_000] * 10)),
    ("200 KB of random bytes", "random.txt", lambda: os.urandom(200_000)),
]


def proc(pid: str, name: str) -> str:
    """One /proc file of a process, empty once the process has ended."""
    try:
        return Path(f"/proc/{pid}/{name}").read_text(errors="replace")
    except OSError:
        return ""


def watch(peaks: dict[str, int], done: threading.Event) -> None:
    """Keep the reader child's peak resident and virtual memory (KB) from /proc; its rusage would count the
    app's memory too, which a forked child shares until it runs the extractor."""
    while not done.is_set():
        pids = [pid for task in Path("/proc/self/task").iterdir() for pid in proc(f"self/task/{task.name}",
                                                                                  "children").split()]
        for pid in pids:
            if EXTRACTOR not in proc(pid, "cmdline"):
                continue
            for line in proc(pid, "status").splitlines():
                key, _, value = line.partition(":")
                if key in ("VmHWM", "VmPeak"):
                    peaks[key] = max(peaks.get(key, 0), int(value.split()[0]))
        time.sleep(0.002)


def measure(path: Path) -> dict:
    """Add one file to a fresh session; the seconds, the outcome, and what the reader child and the app used."""
    data = path.read_bytes()
    folder = Path(tempfile.mkdtemp(prefix="document-limits-"))
    profile = ModelProfile("scripted", "remote", True, True, True, 128_000)
    models = Models(conversation.chat_model(), conversation.summary_model(), profile)
    database = folder / "chat.sqlite"
    engine = assemble(Settings(db_path=str(database)), create_checkpointer(database), models)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peaks: dict[str, int] = {}
    done = threading.Event()
    watcher = threading.Thread(target=watch, args=(peaks, done), daemon=True)
    watcher.start()
    started = time.perf_counter()
    try:
        document = engine.session("bench").add_document(path.name, data)
        outcome = f"added: {document.tokens:,} tokens, {document.mode}"
    except DocumentRefused as refusal:
        outcome = str(refusal).split(": ", 1)[1]
    finally:
        seconds = time.perf_counter() - started
        done.set()
        watcher.join()
        engine.close()
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"seconds": seconds, "outcome": outcome, "reader_cpu": child.ru_utime + child.ru_stime,
            "reader_mb": peaks.get("VmHWM", 0) / 1024, "reader_vm_mb": peaks.get("VmPeak", 0) / 1024,
            "app_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024}


def main(argv: list[str] | None = None) -> None:
    """Build each file, measure it in a process of its own, print one table."""
    if argv and argv[0] == "--one":
        print(json.dumps(measure(Path(argv[1]))))
        return
    rows = []
    with tempfile.TemporaryDirectory(prefix="document-limits-") as folder:
        for name, filename, build in CASES:
            path = Path(folder) / filename
            path.write_bytes(build())
            run = subprocess.run([sys.executable, "-m", "bench.document_limits", "--one", str(path)],
                                 capture_output=True, text=True, check=True)
            rows.append((name, path.stat().st_size, json.loads(run.stdout)))
    width = max(len(name) for name, _, _ in rows)
    print("Document limits: each upload through Session.add_document, the reader in its bounded child")
    print(f"{'input':<{width}}  {'file':>8}  {'time':>7}  {'reader CPU':>10}  {'reader RSS/VM peak':>18}  "
          f"{'app growth':>10}  outcome")
    for name, size, r in rows:
        peak = f"{r['reader_mb']:.0f}/{r['reader_vm_mb']:.0f} MB"
        print(f"{name:<{width}}  {size / 2**20:>6.2f}MB  {r['seconds']:>6.2f}s  {r['reader_cpu']:>9.2f}s  "
              f"{peak:>18}  {r['app_mb']:>8.0f}MB  {r['outcome']}")


if __name__ == "__main__":
    main(sys.argv[1:])
