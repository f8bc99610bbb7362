"""`--report` without matplotlib is refused before any game is played (issue 33 item 10:
`simulate --report` failed only after every game had run)."""
from __future__ import annotations

import sys

import pytest

from interpreter.commands import simulation
from test_cli import run


@pytest.mark.parametrize("command", [
    ["simulate", "metras", "-n", 2],
    ["compare", "metras", "-n", 2],
    ["sweep", "metras", "-n", 2, "--set", "counters.player.IP.start=8,10"],
])
def test_report_without_matplotlib_is_refused_before_playing(command, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)        # import fails, as uninstalled
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    played = []
    monkeypatch.setattr(simulation, "run_games", lambda *a, **k: played.append(a) or 1 / 0)
    r = run(*command, "--report", tmp_path / "r.html")
    assert r.exit_code != 0
    assert "--report needs matplotlib" in r.output
    assert played == [] and not (tmp_path / "r.html").exists()
