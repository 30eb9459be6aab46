"""SessionStore: each session's own settings round-trip, alike on SQLite and PostgreSQL; a value damaged in the
database reads as the defaults (a damaged field as its own), told once in the log."""

import json
import logging
import uuid

import pytest

from graph.storage.base import Storage
from graph.storage.shared import SharedTables
from graph.storage.shared.settings import settings_from
from state.session import SessionSettings
from tests.graph.storage.conftest import every_setting_changed, put_checkpoint

pytestmark = pytest.mark.storage


def test_settings_round_trip_and_default(storage: Storage):
    assert storage.load_settings("s") == SessionSettings()
    chosen = SessionSettings(system_prompt="Be brief. 간단히.", context_policy="recent", agent_prompt="agent",
                             reminder="remember", hide_old_tool_results=True, compression_rate=0.15, recall=False)
    storage.save_settings("s", chosen)
    assert storage.load_settings("s") == chosen
    storage.save_settings("s", SessionSettings(compression_rate=0.3))
    assert storage.load_settings("s") == SessionSettings(compression_rate=0.3)


def test_settings_are_kept_per_session(storage: Storage):
    storage.save_settings("a", SessionSettings(context_policy="sliding_window"))
    storage.save_settings("b", SessionSettings(recall=False))
    assert storage.load_settings("a").context_policy == "sliding_window"
    assert storage.load_settings("a").recall is True
    assert storage.load_settings("b") == SessionSettings(recall=False)


def test_saving_settings_keeps_the_title(storage: Storage):
    put_checkpoint(storage, "s")
    storage.record_session("s", "hello", 1)
    storage.save_settings("s", SessionSettings(recall=False))
    assert storage.list_sessions()[0].title == "hello"


def test_recording_activity_keeps_the_settings(storage: Storage):
    storage.save_settings("s", SessionSettings(reminder="remember"))
    storage.record_session("s", "hello", 1)
    storage.rename_session("s", "named")
    assert storage.load_settings("s") == SessionSettings(reminder="remember")


def test_the_chosen_model_round_trips_and_defaults_to_the_apps(storage: Storage):
    assert storage.load_settings("s").model == ""
    storage.save_settings("s", SessionSettings(model="qwen2.5:7b-instruct", recall=False))
    storage.save_settings("t", SessionSettings(model="모델/β"))
    assert storage.load_settings("s") == SessionSettings(model="qwen2.5:7b-instruct", recall=False)
    assert storage.load_settings("t").model == "모델/β"
    storage.save_settings("s", SessionSettings())
    assert storage.load_settings("s").model == ""


def test_every_field_of_the_settings_round_trips(storage: Storage):
    chosen = every_setting_changed()
    storage.save_settings("s", chosen)
    assert storage.load_settings("s") == chosen
    storage.save_settings("s", SessionSettings())
    assert storage.load_settings("s") == SessionSettings()


def test_a_rate_out_of_range_is_stored_within_bounds(storage: Storage):
    storage.save_settings("high", SessionSettings(compression_rate=7.0, context_budget=10))
    storage.save_settings("low", SessionSettings(compression_rate=-1.0))
    assert storage.load_settings("high") == SessionSettings(compression_rate=0.5, context_budget=1_000)
    assert storage.load_settings("low").compression_rate == 0.1


def test_stored_settings_read_by_field_name():
    assert settings_from({"reminder": "r", "retired_setting": 1}) == SessionSettings(reminder="r")
    assert settings_from({"compression_rate": 9}) == SessionSettings(compression_rate=0.5)
    assert settings_from(None) == SessionSettings()


NO_OBJECT = ["7", '"text"', '"{\\"recall\\": false}"', "[1, 2]", "true"]  # JSON either column holds, no object
NOT_JSON = ["{oops", "", "NaN"]  # text only SQLite's column holds
WRONG_FIELDS = {"system_prompt": 7, "context_policy": ["x"], "agent_prompt": {"a": 1}, "recall": "no",
                "compression_rate": "high", "context_budget": [4000], "model": None, "reminder": "kept"}


def store_raw_settings(storage: Storage, session_id: str, raw: str) -> None:
    """Put `raw` in the session's settings column as the database holds it, as damage or a hand edit leaves it."""
    storage.save_settings(session_id, SessionSettings(recall=False))
    assert isinstance(storage, SharedTables)
    with storage.rows() as cur:
        cur.execute("UPDATE chat_sessions SET settings = ? WHERE thread_id = ?", (raw, session_id))


def damage_warnings(caplog: pytest.LogCaptureFixture, session_id: str) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.levelno == logging.WARNING and session_id in record.getMessage()]


@pytest.mark.parametrize("raw", NO_OBJECT + NOT_JSON)
def test_a_damaged_settings_value_reads_as_the_defaults_reported_once(storage: Storage, backend: str, raw: str,
                                                                      caplog: pytest.LogCaptureFixture):
    if backend == "postgres" and raw in NOT_JSON:
        pytest.skip("PostgreSQL's JSON column does not hold text that is not JSON")
    session_id = f"damaged-{uuid.uuid4().hex[:8]}"
    store_raw_settings(storage, session_id, raw)
    with caplog.at_level(logging.WARNING):
        assert storage.load_settings(session_id) == SessionSettings()
        assert storage.load_settings(session_id) == SessionSettings()
    assert len(damage_warnings(caplog, session_id)) == 1
    storage.save_settings(session_id, SessionSettings(reminder="saved again"))
    assert storage.load_settings(session_id) == SessionSettings(reminder="saved again")


def test_a_field_of_the_wrong_type_reads_as_its_default_and_the_others_are_kept(storage: Storage,
                                                                                caplog: pytest.LogCaptureFixture):
    session_id = f"fields-{uuid.uuid4().hex[:8]}"
    store_raw_settings(storage, session_id, json.dumps(WRONG_FIELDS))
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert storage.load_settings(session_id) == SessionSettings(reminder="kept")
    warnings = damage_warnings(caplog, session_id)
    assert len(warnings) == len(WRONG_FIELDS) - 1
    assert all(any(repr(name) in warning for warning in warnings) for name in WRONG_FIELDS if name != "reminder")


def test_nan_in_stored_text_settings_reads_as_the_default(storage: Storage, backend: str):
    if backend == "postgres":
        pytest.skip("PostgreSQL's JSON column does not hold NaN")
    session_id = f"nan-{uuid.uuid4().hex[:8]}"
    store_raw_settings(storage, session_id, '{"model": NaN, "language": Infinity, "compression_rate": NaN, '
                                            '"reminder": "kept"}')
    assert storage.load_settings(session_id) == SessionSettings(reminder="kept")
