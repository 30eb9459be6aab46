"""Runs three turns, then hangs inside turn 4 (in the reply or in the summary) until it is killed."""

import sys
import time
from pathlib import Path

from langchain_core.messages import AIMessage

from graph.builder import build_graph
from graph.persistence import create_checkpointer
from graph.turns import stream_turn, thread_config, turn_input
from tests.fakes import ScriptedChatModel, echo_reply, summary_reply


def hang_when(marker: Path, condition, normal):
    """A reply function that signals and hangs when `condition(messages)` holds."""

    def reply(messages) -> AIMessage:
        if condition(messages):
            marker.write_text("hanging")
            time.sleep(600)
        return normal(messages)

    return reply


def main(db: str, where: str) -> None:
    marker = Path(db + ".hanging")
    in_turn_4 = lambda messages: "question 4" in str(messages[-1].content)  # noqa: E731
    chat = ScriptedChatModel(reply=hang_when(marker, in_turn_4, echo_reply) if where == "llm" else echo_reply)
    summary = ScriptedChatModel(reply=hang_when(marker, lambda m: True, summary_reply) if where == "summary"
                                else summary_reply)
    graph = build_graph(chat, summary, create_checkpointer(db))
    for n in range(1, 5):
        messages = graph.get_state(thread_config("crash")).values.get("messages", [])
        list(stream_turn(graph, "crash", turn_input(f"question {n}", "crash", 0.3, messages)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
