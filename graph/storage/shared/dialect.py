"""What the shared statements run on: the driver's ways below the SQL (the placeholder, how text and JSON are
stored, how a row comes back), a cursor, and whose checkpoints the backend keeps. Shared statements are written
with `?` and hold no literal `?` or `%`."""

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver


@dataclass(frozen=True)
class Dialect:
    """One driver's ways: `text` makes a string storable, `dump`/`load` carry a JSON column's value."""

    placeholder: str
    binary: str  # the collation that orders text by its bytes
    text: Callable[[str], str]
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]

    def sql(self, statement: str) -> str:
        """A shared statement in this driver's placeholder style."""
        return statement if self.placeholder == "?" else statement.replace("?", self.placeholder)


def as_dict(cursor: Any, row: Any) -> dict[str, Any]:
    """A row as a dict keyed by column name, whether the driver gave a tuple or a dict."""
    if isinstance(row, dict):
        return row
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}


class Rows:
    """A driver's cursor that takes shared statements and gives rows as dicts."""

    def __init__(self, cursor: Any, dialect: Dialect) -> None:
        self.cursor = cursor
        self.dialect = dialect

    def execute(self, statement: str, params: Sequence[Any] = ()) -> "Rows":
        self.cursor.execute(self.dialect.sql(statement), tuple(params))
        return self

    def executemany(self, statement: str, params: Iterable[Sequence[Any]]) -> None:
        self.cursor.executemany(self.dialect.sql(statement), [tuple(row) for row in params])

    def one(self) -> dict[str, Any] | None:
        """The next row, or None."""
        row = self.cursor.fetchone()
        return None if row is None else as_dict(self.cursor, row)

    def all(self) -> list[dict[str, Any]]:
        """Every remaining row."""
        return [as_dict(self.cursor, row) for row in self.cursor.fetchall()]

    @property
    def rowcount(self) -> int:
        return int(self.cursor.rowcount)


class Tables:
    """The part of a backend every shared role runs on."""

    dialect: Dialect
    saver: BaseCheckpointSaver
    own_checkpoints: bool  # whether `saver` keeps its checkpoints in this database

    def rows(self, transaction: bool = True) -> AbstractContextManager[Rows]:
        """A cursor on the database; its statements commit together when `transaction`."""
        raise NotImplementedError
