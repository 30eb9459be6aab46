"""What the shared statements need from a backend: its dialect, a cursor, and whose checkpoints it keeps."""

from contextlib import AbstractContextManager

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.storage.shared.dialect import Dialect, Rows


class Tables:
    """The part of a backend every shared role runs on."""

    dialect: Dialect
    saver: BaseCheckpointSaver
    own_checkpoints: bool  # whether `saver` keeps its checkpoints in this database

    def rows(self, transaction: bool = True) -> AbstractContextManager[Rows]:
        """A cursor on the database; its statements commit together when `transaction`."""
        raise NotImplementedError
