"""Settings come from the environment; model settings that cannot work say what to change."""

import pytest

from graph.models import ModelConfigError, create_remote_models
from graph.settings import Settings

pytestmark = pytest.mark.unit


def test_environment_fills_settings():
    settings = Settings.from_env({"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1", "CHAT_MODEL": "llama3.1",
                                  "SUMMARY_TIMEOUT": "15", "CHAT_DB_PATH": "/tmp/x.sqlite"})
    assert settings.openai_base_url.endswith("/v1") and settings.chat_model == "llama3.1"
    assert settings.summary_timeout == 15.0 and settings.db_path == "/tmp/x.sqlite"
    assert settings.uses_remote_endpoint


def test_empty_environment_means_bundled_model():
    assert not Settings.from_env({}).uses_remote_endpoint


def test_bad_number_is_a_clear_error():
    with pytest.raises(ValueError, match="CHAT_TIMEOUT must be a number"):
        Settings.from_env({"CHAT_TIMEOUT": "soon"})


def test_remote_models_use_one_openai_compatible_client():
    models = create_remote_models(Settings.from_env({"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "CHAT_MODEL": "m",
                                                     "SUMMARY_MODEL": "small"}))
    assert models.chat.model_name == "m" and models.summary.model_name == "small"
    assert str(models.chat.openai_api_base) == "http://127.0.0.1:9/v1"
    assert models.profile.tools and models.profile.streaming and models.profile.provider == "remote"


def test_base_url_without_model_name_is_explained():
    with pytest.raises(ModelConfigError, match="set CHAT_MODEL"):
        create_remote_models(Settings.from_env({"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}))
