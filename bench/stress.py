"""Many sessions at once on one database: turns per second and errors (no "database is locked")."""

import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench import conversation
from graph.engine import assemble
from graph.models import ModelProfile, Models
from graph.persistence import create_checkpointer, database_bytes
from graph.settings import Settings
from graph.turns import stream_turn, thread_config, turn_input

SESSIONS = 10
TURNS = 50


def main(sessions: int = SESSIONS, turns: int = TURNS) -> None:
    path = Path(tempfile.mkdtemp(prefix="stress-")) / "chat.sqlite"
    profile = ModelProfile("scripted", "remote", True, True, True, 128_000)
    models = Models(conversation.chat_model(0.005), conversation.summary_model(0.02), profile)
    engine = assemble(Settings(db_path=str(path)), create_checkpointer(path), models)
    durations: list[float] = []
    errors: list[str] = []

    def session(index: int) -> None:
        name = f"stress-{index}"
        for n in range(1, turns + 1):
            started = time.perf_counter()
            try:
                messages = engine.graph.get_state(thread_config(name)).values.get("messages", [])
                text = f"[{name}] {conversation.user_text(n)}"
                list(stream_turn(engine.graph, name, turn_input(text, name, 0.3, messages)))
                engine.after_turn(name, 0.3)
            except Exception as error:  # counted and printed, the run goes on
                errors.append(f"{name} turn {n}: {type(error).__name__}: {error}")
            durations.append(time.perf_counter() - started)

    started = time.perf_counter()
    threads = [threading.Thread(target=session, args=(i,)) for i in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    engine.prefetcher.wait()
    elapsed = time.perf_counter() - started
    leaked = sum(
        1 for i in range(sessions)
        for m in engine.graph.get_state(thread_config(f"stress-{i}")).values["messages"]
        if m.type == "human" and not str(m.content).startswith(f"[stress-{i}] ")
    )
    durations.sort()
    print(f"Stress: {sessions} concurrent sessions x {turns} turns on one SQLite database")
    print(f"  turns per second      {sessions * turns / elapsed:8.1f}")
    print(f"  turn time p50 / p95   {statistics.median(durations) * 1000:8.1f} / "
          f"{durations[int(len(durations) * 0.95)] * 1000:.1f} ms")
    print(f"  errors                {len(errors):8d}")
    print(f"  foreign messages      {leaked:8d}")
    print(f"  database size         {database_bytes(path) / 1e6:8.1f} MB")
    for line in errors[:5]:
        print("   ", line)


if __name__ == "__main__":
    main()
