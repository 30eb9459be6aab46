"""The LangGraph configs a session's turns and checkpoints are read and run with."""

from langchain_core.runnables import RunnableConfig

from graph.storage.checkpoint_tree import BRANCH, TURN


def thread_config(session_id: str) -> RunnableConfig:
    """The LangGraph config of a session: its id is the thread id."""
    return {"configurable": {"thread_id": session_id}}


FORK = "fork"  # a turn input's fork: the checkpoint it starts from and the forks of its new line


def checkpoint_config(session_id: str, checkpoint_id: str | None = None) -> RunnableConfig:
    """The config of a session's shown line, or of one of its checkpoints."""
    if checkpoint_id is None:
        return thread_config(session_id)
    return {"configurable": {"thread_id": session_id, "checkpoint_ns": "", "checkpoint_id": checkpoint_id}}


def turn_config(session_id: str, turn: int, line: dict) -> RunnableConfig:
    """The config a turn runs with: from the fork's checkpoint when it starts a new line, its turn and the forks
    of its line written into the checkpoint it saves."""
    return {**checkpoint_config(session_id, line.get("from")),
            "metadata": {TURN: turn, BRANCH: str(line.get("branch") or "")}}
