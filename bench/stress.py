"""Many sessions at once on one database: turns per second and errors (no "database is locked")."""

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import conversation
from graph.engine import assemble
from graph.models import ModelProfile, Models
from graph.settings import Settings
from graph.storage.sqlite import create_checkpointer

SESSIONS = 10
TURNS = 50


def main(sessions: int = SESSIONS, turns: int = TURNS) -> None:
    path = Path(tempfile.mkdtemp(prefix="stress-")) / "chat.sqlite"
    profile = ModelProfile("scripted", "remote", True, True, True, 128_000)
    models = Models(conversation.chat_model(0.005), conversation.summary_model(0.02), profile)
    engine = assemble(Settings(db_path=str(path)), create_checkpointer(path), models)
    durations: list[float] = []
    errors: list[str] = []

    def chat(index: int) -> None:
        session = engine.session(f"stress-{index}")
        for n in range(1, turns + 1):
            started = time.perf_counter()
            try:
                text = f"[{session.id}] {conversation.user_text(n)}"
                events = session.send(text, compression_rate=0.3).wait()
                errors.extend(f"{session.id} turn {n}: {e.text}" for e in events if e.kind == "error")
            except Exception as error:  # counted and printed, the run goes on
                errors.append(f"{session.id} turn {n}: {type(error).__name__}: {error}")
            durations.append(time.perf_counter() - started)

    started = time.perf_counter()
    threads = [threading.Thread(target=chat, args=(i,)) for i in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    engine.wait_idle()
    elapsed = time.perf_counter() - started
    leaked = sum(
        1 for i in range(sessions)
        for m in engine.session(f"stress-{i}").messages()
        if m.type == "human" and not str(m.content).startswith(f"[stress-{i}] ")
    )
    unfinished = sum(engine.session(f"stress-{i}").unfinished() for i in range(sessions))
    listed = {info.session_id: info.turns for info in engine.sessions()}
    durations.sort()
    print(f"Stress: {sessions} concurrent sessions x {turns} turns on one SQLite database")
    print(f"  turns per second      {sessions * turns / elapsed:8.1f}")
    print(f"  turn time p50 / p95   {statistics.median(durations) * 1000:8.1f} / "
          f"{durations[int(len(durations) * 0.95)] * 1000:.1f} ms")
    print(f"  errors                {len(errors):8d}")
    print(f"  foreign messages      {leaked:8d}")
    print(f"  unfinished sessions   {unfinished:8d}")
    complete = sum(count == turns for count in listed.values())
    print(f"  sessions with all turns {complete:6d} of {sessions}")
    print(f"  database size         {engine.storage.size_bytes() / 1e6:8.1f} MB")
    for line in errors[:5]:
        print("   ", line)
    engine.close()


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
