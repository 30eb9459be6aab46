"""The model matrix of the turn-level fault tests; tests/conftest.py registers it for every test."""

import pytest

from tests.fakes.faults import MODEL_KINDS


@pytest.fixture(params=MODEL_KINDS)
def model_kind(request) -> str:
    """Every turn-level fault test runs with a streaming, a generate-only, a `disable_streaming` and a
    tool-calling model."""
    return request.param
