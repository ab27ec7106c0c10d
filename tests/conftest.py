"""Shared test settings."""

import os

import pytest
from hypothesis import settings

# CI runs the same examples every time, so a red run can be reproduced; locally Hypothesis explores.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A save folder for an app started with ``save_dir=folder``, in colour, with no player name from outside."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return tmp_path / "saves"


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    """A save folder the program finds by itself (``REDEMPTION_SAVE_DIR``), with no player name from outside."""
    d = tmp_path / "saves"
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(d))
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return d


@pytest.fixture(scope="session")
def postgres_url():
    """A private PostgreSQL server for the whole run (tests/pg.py), or the test skips with the reason."""
    from tests.pg import PrivatePostgres, missing

    why = missing()
    if why:
        pytest.skip(f"no PostgreSQL here: {why}")
    server = PrivatePostgres().start()
    try:
        yield server.url
    finally:
        server.stop()
