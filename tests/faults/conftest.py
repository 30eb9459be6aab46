"""The AppTest fixtures of the app tests, for the UI side of the fault tests."""

from tests.app.conftest import fake_engine  # noqa: F401
