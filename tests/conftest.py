"""Shared test setup: the `slow` marker, and a cache directory of the test run's own."""
from __future__ import annotations

import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long runs (thousands of games or mutations); "
                            "run them with `python -m pytest -m slow`")


@pytest.fixture(scope="session", autouse=True)
def _own_cache(tmp_path_factory):
    """Parsed files and parser tables go to a fresh directory, not the user's cache (the
    mutation tests parse thousands of files); subprocesses inherit it."""
    before = os.environ.get("RULEBOOK_CACHE")
    os.environ["RULEBOOK_CACHE"] = str(tmp_path_factory.mktemp("rulebook-cache"))
    yield
    if before is None:
        os.environ.pop("RULEBOOK_CACHE", None)
    else:
        os.environ["RULEBOOK_CACHE"] = before
