"""Cooperative games (issue 23, section 2): every seat wins or loses with the team, with
one shared score. Declared in YAML (end.cooperative, end.wins), checked by validate, one
team result at run time, the team's figures in simulate and its report, and bots that
play for the team. Game: ember_line (tests/games), a small cooperative card game."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.analysis.runner import Runner, RunSpec, tasks_for
from interpreter.analysis.stats import summarise
from interpreter.bots.seat_value import final_value, seat_value, team_values
from interpreter.build.game_loader import check_game
from interpreter.runtime.game import Game
from places import at, edited_copy, places
from cli_run import run

ROOT = Path(__file__).resolve().parent.parent
EMBER = ROOT / "tests" / "games" / "ember_line"


@pytest.fixture(scope="module")
def game():
    return Game.load(EMBER / "game.yaml")


def play(game, seed, pick, goal=15):
    s = game.new_state(3, seed=seed, options={"goal": goal})
    while not s["over"]:
        seat = game.waiting(s)[0]
        game.apply(s, seat, pick(game, s, seat))
    return s


def test_the_team_wins_or_loses_together_with_one_score(game):
    seen = set()
    for seed in range(30):   # first options, a goal of 13: some games won, some lost
        s = play(game, seed, lambda g, s, seat: 0, goal=13)
        r = s["result"]
        team = r["team"]
        assert team["score"] == s["g"]["points"] and r["scores"] == [team["score"]] * 3
        assert team["won"] is (team["score"] >= 13)
        assert r["winners"] == ([0, 1, 2] if team["won"] else []) and not r["draw"]
        seen.add(team["won"])
    assert seen == {True, False}      # both outcomes met over these seeds


def test_a_seat_value_is_the_teams(game):
    s = game.new_state(3, seed=4)
    fn = game.g.exprs["evaluation"]    # 240 * points - 20 * top + (that seat's hand)
    values = team_values(game, s, fn)
    hands = [sum(game.g.cards[c]["value"] for c in s["z"][f"{p}.hand"]) for p in range(3)]
    assert values == [sum(hands) / 3] * 3
    assert [seat_value(game, s, fn, p) for p in range(3)] == values
    over = play(game, 5, lambda g, s, seat: 0)
    want = 1 if over["result"]["team"]["won"] else -1
    assert [final_value(game, over, p) for p in range(3)] == [want * float("inf")] * 3


@pytest.mark.parametrize("old,new,code,marker,token", [
    ("  cooperative: true\n", "", "SCHEMA-KEY", "wins: points", "wins"),
    ("  wins: points >= goal\n", "  wins: points >= goal\n  ranking: \"[points]\"\n",
     "SCHEMA-KEY", "ranking:", "ranking"),
    ("  wins: points >= goal\n", "", "SCHEMA-REQUIRED", "cooperative: true", "cooperative"),
    ("  score: points\n", "  score: it.points\n", "REF-UNDEF", "score: it.points", "it"),
])
def test_validate_checks_the_cooperative_declaration(tmp_path, old, new, code, marker, token):
    path = edited_copy(EMBER, tmp_path, old, new) / "game.yaml"
    found = [f for f in check_game(str(path)) if f.severity == "error"]
    line, col = at(path.read_text(), marker, token)
    assert places(found, path) == [("game.yaml", line, col, code)], [str(f) for f in found]


def test_simulate_shows_the_teams_figures_not_the_seats(tmp_path):
    # 40 ember_line games of random bots
    page = tmp_path / "r.html"
    rep = json.loads(run("simulate", EMBER, "-n", 40, "-j", 1, "--json", "--report", page,
                         "--players", 3).stdout)
    assert rep["cooperative"] and rep["seats"] == [] and rep["bot_rates"] == []
    assert rep["first_player"] is None and rep["margin"] is None
    team = rep["team"]
    assert team["wins"] + team["losses"] == 40
    assert sum(b["count"] for b in team["score"]["histogram"]) == 40
    names = [m["name"] for m in rep["scalars"]]
    assert names[:2] == ["team win rate", "team score"] and not any("P1" in n for n in names)
    html = page.read_text()
    assert "Cooperative: every seat wins or loses with the team" in html
    assert "Win rate per seat" not in html and "Team score" in html
    text = " ".join(run("simulate", EMBER, "-n", 40, "-j", 1, "--players", 3).output.split())
    assert "the team wins or loses together" in text and "team score:" in text
    assert "first player" not in text and "margin of victory" not in text


def team_record(bot: str, games: int) -> dict:
    spec = RunSpec(str(EMBER / "game.yaml"), 3, cards=False)
    recs = Runner(1).run(spec, tasks_for(11, games, [bot] * 3, rotate=False))
    return summarise(Game.load(EMBER / "game.yaml").g, recs, 1.0, 3, {})["team"]


@pytest.mark.slow      # 640 games (a minute of CPU): a measurement more than a check
def test_greedy_and_search_play_for_the_team_as_well_as_its_policy():
    """The same seeds for each bot kind in every seat. Measured (2 cores, Python 3.11.7,
    seed 11, 3 players): see the README's cooperative section for the figures."""
    # 200 games each of policy, greedy and random; 40 of ismcts (its settings: the game's)
    policy = team_record("policy:lowest_riser", 200)
    greedy = team_record("greedy", 200)
    rand = team_record("random", 200)
    search = team_record("ismcts", 40)
    best = policy["score"]["mean"]
    assert rand["score"]["mean"] < best - 1.5 and rand["win_rate"] < 0.1
    assert greedy["score"]["mean"] > best - 0.5 and greedy["win_rate"] > policy["win_rate"] - 0.12
    assert search["score"]["mean"] > best - 0.75 and search["win_rate"] > policy["win_rate"] - 0.2
