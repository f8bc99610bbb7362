"""The cookbook's games (examples/, README "Cookbook", docs/cookbook.md): each validates with
--strict (no error, no warning), describes itself, and is named in the cookbook. Their random
playouts and invariants are tests/test_playouts.py's (it plays examples/ as it plays gamedefs/)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.build.game_loader import check_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(d.name for d in (ROOT / "examples").iterdir() if (d / "game.yaml").is_file())


def test_the_cookbook_has_its_six_recipes():
    assert len(EXAMPLES) >= 6
    text = (ROOT / "docs" / "cookbook.md").read_text(encoding="utf-8")
    for name in EXAMPLES:
        assert f"examples/{name}" in text, f"docs/cookbook.md does not present examples/{name}"


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_validates_strictly(name):
    findings = check_game(str(ROOT / "examples" / name))
    assert [f.format() for f in findings] == []


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_validates_strictly_on_the_command_line(name):
    r = subprocess.run([sys.executable, "cli.py", "validate", f"examples/{name}", "--strict"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 errors, 0 warnings" in r.stdout
