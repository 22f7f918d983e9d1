"""Shared test settings: a moderate hypothesis profile so CI stays fast, and the database
every store test runs on: SQLite, and PostgreSQL too when TDBOT_TEST_POSTGRES names a
server (``deploy/postgres-for-tests.sh`` starts one and prints its URL; CI sets it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile("default")

#: The PostgreSQL server the tests may use: each test gets a schema of its own in it.
POSTGRES = os.environ.get("TDBOT_TEST_POSTGRES", "").strip()
BACKENDS = ["sqlite", "postgresql"] if POSTGRES else ["sqlite"]
_SCHEMAS = count(1)


def pytest_sessionstart(session: pytest.Session) -> None:
    """A TDBOT_TEST_POSTGRES that cannot be reached stops the run here, with the reason:
    the PostgreSQL tests fail rather than being skipped."""
    if not POSTGRES:
        return
    import psycopg

    try:
        with psycopg.connect(POSTGRES, connect_timeout=10) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        raise pytest.UsageError(
            f"TDBOT_TEST_POSTGRES={POSTGRES}: cannot connect ({exc}); start the server "
            "(deploy/postgres-for-tests.sh) or unset it to test on SQLite only") from exc


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if POSTGRES:
        terminalreporter.write_line(f"databases: SQLite and PostgreSQL ({POSTGRES})")
    else:
        terminalreporter.write_line(
            "databases: SQLite only; PostgreSQL was not tested (set TDBOT_TEST_POSTGRES="
            "$(deploy/postgres-for-tests.sh) to test it too)")


def postgres_schema_url(schema: str) -> str:
    """TDBOT_TEST_POSTGRES with ``schema`` as the connection's search path."""
    joiner = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{joiner}options=-csearch_path%3D{schema}"


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    """What ``open_database`` (and the bot's --db) is given: a SQLite file in the test's
    folder, or a PostgreSQL URL whose search path is a new, empty schema, dropped after the
    test. A test that takes it runs once on each database."""
    if request.param == "sqlite":
        yield tmp_path / "t.sqlite3"
        return
    yield from _postgres_schema()


@pytest.fixture
def pg_target() -> Iterator[str]:
    """A PostgreSQL URL with a new, empty schema (as ``db_target``), for a test of what only
    PostgreSQL has; skipped when TDBOT_TEST_POSTGRES is not set."""
    if not POSTGRES:
        pytest.skip("PostgreSQL was not tested: TDBOT_TEST_POSTGRES is not set")
    yield from _postgres_schema()


def _postgres_schema() -> Iterator[str]:
    import psycopg

    schema = f"test_{os.getpid()}_{next(_SCHEMAS)}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield postgres_schema_url(schema)
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute("SET lock_timeout = '10s'")
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
