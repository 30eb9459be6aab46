"""Runs three turns on a SQLite file or a PostgreSQL URL, then a new version of one (turn 2 edited, or turn 3
answered again) and hangs at a chosen point of it, touching a marker file, until it is killed: as its input is
journaled (`journaled`), in its model call (`llm`), or once its run saved itself (`saved`)."""

import sys
import time
from pathlib import Path

from langchain_core.messages import AIMessage

from graph.session.runner import GraphRunner
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, echo_reply

EDITED = "question 2, asked again"
HANG_SECONDS = 600


def hang(marker: Path) -> None:
    """Say where the process is, and wait there to be killed."""
    marker.write_text("hanging")
    time.sleep(HANG_SECONDS)


def main(database: str, marker_path: str, rewrite: str, where: str) -> None:
    marker = Path(marker_path)
    rewriting = False

    def reply(messages) -> AIMessage:
        if rewriting and where == "llm":
            hang(marker)
        return echo_reply(messages)

    engine = make_engine(database, ScriptedChatModel(reply=reply))
    session = engine.session("crash")
    for n in range(1, 4):
        session.send(f"question {n}").wait()
        engine.wait_idle()
    run_graph, clear = GraphRunner.run, engine.storage.journal_clear

    def run_then_hang(runner, *args, **kwargs):
        if where == "journaled":
            hang(marker)
        return (yield from run_graph(runner, *args, **kwargs))

    def clear_after_hang(session_id: str) -> None:
        if where == "saved":
            hang(marker)
        clear(session_id)

    GraphRunner.run = run_then_hang  # type: ignore[method-assign]
    engine.storage.journal_clear = clear_after_hang  # type: ignore[method-assign]
    rewriting = True
    run = session.edit(2, EDITED) if rewrite == "edit" else session.regenerate()
    run.wait()


if __name__ == "__main__":
    main(*sys.argv[1:5])
