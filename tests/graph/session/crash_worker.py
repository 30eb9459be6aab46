"""Runs turns on a SQLite file or a PostgreSQL URL, then hangs inside the last one (turn 4 unless told; in the
reply or in the summary), touching a marker file, until it is killed."""

import sys
import threading
import time
from pathlib import Path

from langchain_core.messages import AIMessage

from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, echo_reply, summary_reply


def hang_when(marker: Path, condition, normal):
    """A reply function that signals and hangs when `condition(messages)` holds."""

    def reply(messages) -> AIMessage:
        if condition(messages):
            marker.write_text("hanging")
            time.sleep(600)
        return normal(messages)

    return reply


def ahead_of_time(messages) -> bool:
    """Whether the engine's background worker, not a turn, asks for this summary."""
    return threading.current_thread().name.startswith("summary-preparer")


def refuse_ahead(messages) -> AIMessage:
    """The summary prepared ahead fails, so turn 4 makes it itself (and hangs there)."""
    raise ConnectionError("the summary endpoint went away")


def main(database: str, marker_path: str, where: str, turns: int = 4) -> None:
    marker = Path(marker_path)
    in_last_turn = lambda messages: str(messages[-1].content) == f"question {turns}"  # noqa: E731
    in_a_turn = lambda messages: not ahead_of_time(messages)  # noqa: E731
    chat = ScriptedChatModel(reply=hang_when(marker, in_last_turn, echo_reply) if where == "llm" else echo_reply)
    summary = ScriptedChatModel(reply=hang_when(marker, in_a_turn, refuse_ahead) if where == "summary"
                                else summary_reply)
    engine = make_engine(database, chat, summary)
    session = engine.session("crash")
    for n in range(1, turns + 1):
        session.send(f"question {n}").wait()
        engine.wait_idle()  # as a person reads the answer before typing the next message


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], *map(int, sys.argv[4:5]))
