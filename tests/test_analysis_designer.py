"""What a designer reads (issue 23, section 5): compare of a side whose games all failed
says so and shows no deltas; simulate's warnings print styled, never as markup text; a game
failing in its setup (decision 0) gets a save file that replays to the error. Game:
strong_card (tests/games), broken in its setup or capped by an edited copy."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.analysis import repro
from places import edited_copy
from cli_run import run

ROOT = Path(__file__).resolve().parent.parent
STRONG = ROOT / "tests" / "games" / "strong_card"
SETUP = "gain points head_start to first(players)"
# every game fails in its setup: a division by zero before anyone is asked
BROKEN = "gain points head_start / (head_start - head_start) to first(players)"


@pytest.fixture
def broken(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                   # error saves are written here
    monkeypatch.setattr(repro, "_written", [0])   # this process may write saves again
    return edited_copy(STRONG, tmp_path, SETUP, BROKEN)


def test_compare_says_loudly_that_a_side_failed_and_shows_no_deltas(broken, tmp_path):
    # 2 x 6 strong_card games; side B fails in every game
    page = tmp_path / "r.html"
    r = run("compare", STRONG, broken, "-n", 6, "-j", 1, "--report", page)
    assert r.exit_code == 1
    text = " ".join(r.output.split())
    assert "SIDE B FAILED: all 6 of its games ended in an error" in text
    assert "division by zero" in text or "divide" in text
    assert "no differences are shown" in text
    assert "significant" not in text and "draw rate" not in text
    assert "SIDE B FAILED" in page.read_text() and "significant" not in page.read_text()
    out = json.loads(run("compare", STRONG, broken, "-n", 6, "-j", 1, "--json").stdout)
    assert out["failed"] == ["B"] and out["differences"] == []
    healthy = json.loads(run("compare", STRONG, STRONG, "-n", 6, "-j", 1, "--json").stdout)
    assert healthy["failed"] == [] and healthy["differences"]


def test_simulate_prints_its_error_and_cap_lines_without_markup(broken, tmp_path):
    # 3 strong_card games failing in setup; 4 Metscri games capped after one round
    r = run("simulate", broken, "-n", 3, "-j", 1)
    assert r.exit_code == 1 and "games in error: 3" in r.output
    capped = run("simulate", "metscri", "-n", 4, "-j", 1, "--option", "turn_cap=1",
                 "--no-cards").output
    assert "hit a cap" in capped
    for text in (r.output, capped):
        assert "[bold" not in text and "[/]" not in text


def test_a_failure_at_decision_0_gets_a_save_that_replays_to_it(broken, tmp_path):
    # 2 strong_card games failing in setup
    rep = json.loads(run("simulate", broken, "-n", 2, "-j", 1, "--json").stdout)
    assert rep["errors"] == 2 and rep["completed"] == 0
    saves = [e["save"] for e in rep["error_samples"]]
    assert len(saves) == 2 and all((tmp_path / s).is_file() for s in saves)
    data = json.loads((tmp_path / saves[0]).read_text())
    assert data["decisions"] == [] and data["seed"] == rep["error_samples"][0]["seed"]
    # a save of a game outside gamedefs/ names it by path: replay needs the person's --game
    r = run("replay", tmp_path / saves[0], "--game", broken)
    assert r.exit_code == 1
    assert "STOPPED AT THE ERROR" in r.output and "decision 0" in r.output


# ------------------------------------------------------------------ the per-card table
def test_declared_zones_say_what_acquired_and_played_count():
    from interpreter.analysis.events import Recorder
    draft = Recorder({"acquired": ["picked"], "played": ["trick"]})
    draft("move", "c1", "deck", "0.hand")        # dealt: not a pick
    draft("move", "c1", "0.hand", "1.hand")      # passed on: not a pick either
    draft("move", "c1", "1.hand", "1.picked")    # picked by seat 2 (index 1)
    draft("move", "c2", "market", "0.picked")    # picked from the table by seat 1
    draft("move", "c2", "0.picked", "trick")     # played by the seat whose zone it left
    draft("play", "c2", 0, None)                 # an effect running is no longer "played"
    assert draft.acquired == {"c1": [1], "c2": [0]} and draft.played == {"c2": [0]}
    default = Recorder()
    default("move", "c1", "deck", "0.hand")
    default("move", "c1", "0.hand", "1.hand")
    default("play", "c1", 1, None)
    assert default.acquired == {"c1": [0, 1]} and default.played == {"c1": [1]}


def test_the_card_table_counts_the_declared_zones_and_says_what_each_column_means():
    # 30 ember_line games (played: [line]) and 10 strong_card games (the defaults)
    from interpreter.analysis.runner import Runner, RunSpec, tasks_for
    ember = ROOT / "tests" / "games" / "ember_line" / "game.yaml"
    recs = Runner(1).run(RunSpec(str(ember), 2), tasks_for(5, 30, ["random"] * 2, False))
    for r in recs:   # a card is played when it joins the line: one point each
        assert sum(len(seats) for seats in r["played"].values()) == r["team"]["score"]
    rep = json.loads(run("simulate", ember.parent, "-n", 30, "-j", 1, "--json").stdout)
    cols = rep["card_columns"]
    assert "entered line" in cols["played"] and "team's win rate" in cols["win rate with"]
    assert cols["about"].startswith("played: the ember joined the line")
    text = " ".join(run("simulate", ember.parent, "-n", 30, "-j", 1).output.split())
    assert "played: times the card entered line" in text
    plain = json.loads(run("simulate", STRONG, "-n", 10, "-j", 1, "--json").stdout)
    assert "effect ran" in plain["card_columns"]["played"]
    assert "sole winner" in plain["card_columns"]["win rate with"]


@pytest.mark.parametrize("zones,token,hint", [
    ("{acquired: [hnad]}", "hnad", "did you mean 'hand'"),
    ("{acquired: [market]}", "market", "game zone"),
    ("{played: [discrad]}", "discrad", "did you mean 'discard'"),
])
def test_validate_checks_the_declared_zones(tmp_path, zones, token, hint):
    from interpreter.build.game_loader import check_game
    from places import at, places
    game = edited_copy(STRONG, tmp_path, "metrics:\n", f"card_stats: {zones}\nmetrics:\n")
    path = game / "game.yaml"
    found = [f for f in check_game(str(path)) if f.severity == "error"]
    line, col = at(path.read_text(), "card_stats:", token)
    assert places(found, path) == [("game.yaml", line, col, "REF-UNDEF")]
    assert hint in str(found[0])


def test_sweep_marks_a_value_whose_games_all_failed(tmp_path):
    # 2 x 4 strong_card games: with head_start=0 the broken setup divides by zero
    game = edited_copy(STRONG, tmp_path, SETUP,
                       "gain points 6 / head_start to first(players)")
    r = run("sweep", game, "--set", "options.head_start.default=0,2", "-n", 4, "-j", 1)
    text = " ".join(r.output.split())
    assert "options.head_start.default=0 FAILED: all 4 of its games ended in an error" in text
    assert "FAILED" in text and "=2 FAILED" not in text
