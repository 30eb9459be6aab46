"""The pytest fixtures that hand out one fresh database per test on a throwaway PostgreSQL server.

Register with `pytest_plugins = ["tests.postgres_server"]`.
"""

import os
from collections.abc import Iterator

import pytest

from bench.postgres import PostgresServer, find_binaries, free_port

__all__ = ["PostgresServer", "find_binaries", "free_port", "postgres_server", "postgres_url"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server for the whole test run; skipped (failed under CI) when PostgreSQL is not installed."""
    binaries = find_binaries()
    if binaries is None:
        message = "PostgreSQL server binaries not found: apt-get install postgresql"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer(binaries)
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a database of this test's own, dropped afterwards."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)
