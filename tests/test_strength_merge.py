"""benchmarks/strength.py: parts of one run add up per game, opponent kind and budget, and
every game of the plan recommends a search budget (the one README's strength table states)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import strength  # noqa: E402


def part(tmp_path, name, budget, rows):
    path = tmp_path / name
    path.write_text(json.dumps({"machine": "m", "budget": budget, "rows": rows}))
    return path


def row(game, against, games, wins, draws, seconds, budget=None):
    r = {"game": game, "players": 2, "against": against, "games": games, "wins": wins,
         "draws": draws, "seconds_per_game": seconds}
    if budget:
        r["budget"] = budget
    return r


def test_parts_add_up_per_game_opponent_and_budget(tmp_path):
    a = part(tmp_path, "a.json", "iterations=30", [row("metscri", "greedy", 20, 12, 1, 10.0)])
    b = part(tmp_path, "b.json", None, [row("metscri", "greedy", 30, 18, 2, 20.0,
                                            budget="iterations=30"),
                                        row("metscri", "greedy", 10, 9, 0, 5.0,
                                            budget="iterations=30,prior=10")])
    rows = {r["budget"]: r for r in strength.merge([a, b])}
    assert set(rows) == {"iterations=30", "iterations=30,prior=10"}
    joined = rows["iterations=30"]
    assert (joined["games"], joined["wins"], joined["draws"]) == (50, 30, 3)
    assert joined["seconds_per_game"] == (20 * 10.0 + 30 * 20.0) / 50
    assert joined["interval"][0] < 30 / 50 < joined["interval"][1]
    assert "`iterations=30` | 50 | 30 | 3 | 60% |" in strength.row_text(joined)


def test_every_planned_game_recommends_a_search_budget():
    """README's strength table measures each game at its YAML's `bots: search`."""
    for name, players in strength.PLAN.items():
        assert players >= 2
        budget = strength.budget_of(name, None)
        assert "iterations=" in budget
        assert strength.budget_of(name, "iterations=7") == "iterations=7"
