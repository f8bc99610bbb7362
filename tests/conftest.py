"""Shared test setup: the `slow` marker, a cache directory of the test run's own, and no save
file left in the checkout by a test."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

_before = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long runs (thousands of games or mutations); "
                            "run them with `python -m pytest -m slow`")
    # Parsed files and parser tables go to a fresh directory, not the user's cache (the
    # mutation tests parse thousands of files); set before collection, inherited by
    # subprocesses.
    _before["cache"] = os.environ.get("RULEBOOK_CACHE")
    _before["dir"] = tempfile.mkdtemp(prefix="rulebook-test-cache-")
    os.environ["RULEBOOK_CACHE"] = _before["dir"]


def pytest_unconfigure(config):
    if "dir" not in _before:
        return
    shutil.rmtree(_before.pop("dir"), ignore_errors=True)
    if _before.get("cache") is None:
        os.environ.pop("RULEBOOK_CACHE", None)
    else:
        os.environ["RULEBOOK_CACHE"] = _before["cache"]


@pytest.fixture(autouse=True)
def _no_save_left_in_the_checkout():
    """`quit`, Ctrl-D and the input running out save the game where the command runs (as a
    player expects); a test that plays without changing folder would leave GAME-save.json
    files in the checkout, and the next one's save would get another name. They go."""
    here = Path.cwd()
    before = set(here.glob("*-save*.json"))
    yield
    for path in set(here.glob("*-save*.json")) - before:
        path.unlink(missing_ok=True)


@pytest.fixture
def bust_with_search(tmp_path):
    """A copy of examples/bust whose `bots:` declares `search: SETTINGS`: (its game.yaml,
    the line of that search), for tests of budgets that must be located errors."""
    def make(settings: str):
        folder = tmp_path / "bust"
        shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "bust", folder)
        path = folder / "game.yaml"
        text = path.read_text()
        assert "\n  samples: 12\n" in text
        added = f"  search: {settings}"
        path.write_text(text.replace("\n  samples: 12\n", f"\n  samples: 12\n{added}\n"))
        return path, path.read_text().splitlines().index(added) + 1
    return make
