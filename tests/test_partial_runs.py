"""Ctrl-C during `compare` and `sweep` (issue 26's leftover): the work finished is shown and
written, not lost. A sweep interrupted at its third value gives the table of the first two;
a comparison interrupted during side B compares A on the games B finished. The stop is
simulated where the run meets it (the runner raising RunInterrupted with the games finished
so far, as Ctrl-C makes it do); tests/test_hardening_runs.py sends the real signals."""
from __future__ import annotations

import json

import pytest

from interpreter.analysis.runner import RunInterrupted, Runner
from interpreter.commands import simulation
from test_cli import run


def stop_at(monkeypatch, run_number: int, finished: int) -> list:
    """The `run_number`th run (1-based) of the command stops after `finished` games, as if
    Ctrl-C came then. Returns the list of each run's planned game count."""
    runs = []

    class Stopping(Runner):
        def run(self, spec, tasks, game=None):
            runs.append(len(tasks))
            records = super().run(spec, tasks, game)
            if len(runs) == run_number:
                raise RunInterrupted(records[:finished], len(tasks), "SIGINT")
            return records
    monkeypatch.setattr(simulation, "Runner", Stopping)
    return runs


def test_a_sweep_stopped_at_its_third_value_shows_the_first_two(monkeypatch, tmp_path):
    runs = stop_at(monkeypatch, 3, 2)
    report = tmp_path / "sweep.html"
    r = run("sweep", "metras", "-n", 6, "--jobs", 1, "--set", "constants.turns=2,3,4,5",
            "--json", "--report", report)
    assert r.exit_code == 130
    assert runs == [6, 6, 6]                     # the fourth value was never started
    result = json.loads(r.stdout)
    assert result["values"] == [2, 3] and len(result["runs"]) == 2
    assert all(x["games"] == 6 for x in result["runs"])
    assert result["interrupted"] == {"signal": "SIGINT", "finished": 2, "planned": 6,
                                     "value": 4}
    assert "during constants.turns=4 (2 of 6 games): the table covers the 2 values " \
           "finished (2, 3)" in r.stderr
    assert report.exists()


def test_a_sweep_stopped_in_its_first_value_has_no_table_and_says_so(monkeypatch):
    stop_at(monkeypatch, 1, 3)
    r = run("sweep", "metras", "-n", 6, "--jobs", 1, "--set", "constants.turns=2,3")
    assert r.exit_code == 130
    assert "no value finished, no table" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_comparison_stopped_during_b_compares_the_games_b_finished(monkeypatch):
    stop_at(monkeypatch, 2, 4)
    r = run("compare", "metras", "-n", 10, "--jobs", 1, "--b-set", "constants.turns=3",
            "--json")
    assert r.exit_code == 130
    result = json.loads(r.stdout)
    assert result["a"]["games"] == result["b"]["games"] == 4     # the same four seeds
    assert result["interrupted"]["finished"] == 4 and result["interrupted"]["planned"] == 10
    assert result["differences"]                                  # compared, on those games
    assert "a partial comparison on the 4 games B finished of 10" in r.stderr
    # A's summary of those games is what a 4-game run of A gives
    monkeypatch.setattr(simulation, "Runner", Runner)
    alone = json.loads(run("simulate", "metras", "-n", 4, "--jobs", 1, "--json").stdout)
    assert [s["wins"] for s in result["a"]["seats"]] == [s["wins"] for s in alone["seats"]]


@pytest.mark.parametrize("run_number", [1, 2])
def test_a_comparison_with_nothing_to_compare_says_so(monkeypatch, run_number):
    stop_at(monkeypatch, run_number, 0 if run_number == 2 else 5)
    r = run("compare", "metras", "-n", 10, "--jobs", 1, "--b-set", "constants.turns=3")
    assert r.exit_code == 130
    side = "A" if run_number == 1 else "B"
    assert f"during side {side} (" in r.stderr and "no comparison" in r.stderr
