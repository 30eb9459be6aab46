"""The fault tests' fixtures: the model matrix, and the AppTest fixtures for the UI side."""

import pytest

from tests.app.conftest import fake_engine  # noqa: F401
from tests.faults.injection import MODEL_KINDS


@pytest.fixture(params=MODEL_KINDS)
def model_kind(request) -> str:
    """Every turn-level fault test runs with a streaming, a generate-only, a `disable_streaming` and a
    tool-calling model."""
    return request.param
