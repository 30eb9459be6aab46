"""SessionStore: each session's own settings round-trip, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage
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
