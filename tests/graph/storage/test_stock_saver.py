"""LangGraph's stock saver handed to `assemble` runs as the app's: on the caller's connection, lock and
serializer, a long session's loads read only what the last turn wrote, and the caller's saver reads the same."""

import sqlite3
from pathlib import Path

import psycopg
import pytest
from langchain_core.messages import BaseMessage
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite import SqliteSaver
from psycopg.rows import dict_row

from graph.engine import assemble
from graph.models import ModelProfile, Models
from graph.session.runner import thread_config
from graph.settings import Settings
from tests.fakes.models import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.storage

TURNS = 30  # past the first full copies of the transcript


class CountingSerializer(JsonPlusSerializer):
    """The caller's serializer, counting the messages it decodes."""

    def __init__(self) -> None:
        super().__init__()
        self.decoded_messages = 0

    def loads_typed(self, data):
        value = super().loads_typed(data)
        self.decoded_messages += count_messages(value)
        return value


def count_messages(value) -> int:
    """Messages in a decoded value: a checkpoint, a channel's full copy, or a write."""
    if isinstance(value, BaseMessage):
        return 1
    if isinstance(value, dict):
        return sum(count_messages(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return sum(count_messages(item) for item in value)
    return 0


def stock_saver(backend: str, database: str, serde: CountingSerializer):
    if backend == "postgres":
        conn = psycopg.connect(database, autocommit=True, prepare_threshold=0, row_factory=dict_row)
        saver = PostgresSaver(conn, serde=serde)
    else:
        saver = SqliteSaver(sqlite3.connect(database, check_same_thread=False), serde=serde)
    saver.setup()
    return saver


def test_a_stock_saver_loads_a_long_session_without_decoding_its_transcript_again(backend: str, database: str,
                                                                                   tmp_path: Path):
    serde = CountingSerializer()
    saver = stock_saver(backend, database, serde)
    profile = ModelProfile(label="fake", provider="remote", streaming=True, tools=True, structured_output=True,
                           context_window=128_000)
    settings = Settings(database_url=database) if backend == "postgres" else Settings(db_path=database)
    engine = assemble(settings, saver, Models(chat=ScriptedChatModel(),
                                              summary=ScriptedChatModel(reply=summary_reply), profile=profile))
    try:
        session = engine.session("long")
        decoded = []
        for n in range(1, TURNS + 1):
            before = serde.decoded_messages
            session.send(f"question {n} about topic {n}", compression_rate=0.3).wait()
            engine.wait_idle()
            assert len(session.messages()) == 2 * n
            decoded.append(serde.decoded_messages - before)
        assert sorted(decoded[-10:])[5] <= 4, decoded  # mostly the turn's own messages, not the ones before
        assert engine.saver.conn is saver.conn and engine.saver.lock is saver.lock
        if backend == "sqlite":  # tuned as the app's own connection: WAL, no wait for the disk on each commit
            assert saver.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        latest = saver.get_tuple(thread_config("long"))  # the caller's saver reads what the engine wrote
        assert latest is not None and latest.metadata.get("step", 0) > TURNS
    finally:
        engine.close()
        if backend == "postgres":
            saver.conn.close()
