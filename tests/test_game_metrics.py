"""The named metrics (analysis/game_metrics.py) against values computed by hand on scripted
games: each game gains points from a table per round, so every seat's evaluation (its points)
at every settled position is known in advance, whatever the bots choose."""
from __future__ import annotations

import pytest

from interpreter import Game, run_games
from interpreter.analysis import game_metrics as GM
from interpreter.analysis.runner import RunSpec, Runner, tasks_for

GAME = """\
game: {{id: scripted, name: Scripted, players: {{min: 2, max: 2}}}}
constants:
  p1_gain: {p1}
  p2_gain: {p2}
counters:
  player:
    points: {{start: 0}}
  game:
    round: {{start: 0}}
rounds:
  count: {rounds}
  counter: round
  phases:
    - name: play
      do: |
        gain points p1_gain[round - 1] to first(players)
        gain points p2_gain[round - 1] to last(players)
        {choose}
end:
  score: it.points
bots:
  evaluation: it.points
metrics:
  ideal_rounds: [3, 3]
"""
ONE = 'c = choose one of ["a", "b"] by first(players)'
EACH = 'c = choose one of ["a", "b"] by each of players'
FORCED = 'f = choose one of ["only"] by first(players)\n        ' + ONE


def scripted(tmp_path, p1, p2, choose=ONE):
    folder = tmp_path / "scripted"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME.format(p1=p1, p2=p2, rounds=len(p1), choose=choose))
    return str(folder)


def traced(path: str, games: int = 4, players: int = 2) -> list:
    game = Game.load(path)
    spec = RunSpec(path, players, trace=True)
    return Runner().run(spec, tasks_for(0, games, ["random"] * players, False), game=game)


def metric(records, name, players=2):
    return GM.by_name(GM.game_metrics(records, players, {"ideal_rounds": (3, 3)}))[name]["value"]


def test_a_lead_that_changes_twice(tmp_path):
    # settled positions: (2, 0) at the first decision, (2, 3), (4, 3); P1 wins 4 to 3
    records = traced(scripted(tmp_path, [2, 0, 2], [0, 3, 0]))
    assert all(r["trace"] == [[2, 0], [2, 3], [4, 3]] for r in records)
    assert metric(records, "lead_changes") == 2
    assert metric(records, "stability") == 0.0            # the leader differs at each step
    assert metric(records, "drama") == pytest.approx((0 + 1 + 0) / 3 / 4)  # range 0..4
    assert metric(records, "decisiveness") == pytest.approx(2 / 3)   # passes P2's best 3 at t=2
    assert metric(records, "comeback_rate") == 1.0         # trailed 2 to 3 at half time
    assert metric(records, "ideal_length") == 1.0          # 3 rounds, in [3, 3]


def test_a_game_decided_at_its_half(tmp_path):
    # (0, 0), (0, 1), (5, 1), (6, 1): P1 passes P2's highest, 1, at position 2 of 4
    records = traced(scripted(tmp_path, [0, 0, 5, 1], [0, 1, 0, 0]))
    assert records[0]["trace"] == [[0, 0], [0, 1], [5, 1], [6, 1]]
    assert metric(records, "decisiveness") == 0.5
    assert metric(records, "lead_changes") == 1            # no leader at (0, 0), then P2, P1
    assert metric(records, "stability") == pytest.approx(1 / 3)   # (5,1)->(6,1) keeps P1
    assert metric(records, "comeback_rate") == 0.0         # led 5 to 1 at half time
    assert metric(records, "ideal_length") == 0.0          # 4 rounds


def test_a_first_seat_that_always_wins(tmp_path):
    records = run_games(scripted(tmp_path, [1, 1, 1], [0, 0, 0]), 40, players=2, seed=3)
    by = GM.by_name(GM.game_metrics(records, 2))
    assert by["first_seat"]["value"] == 0.5                # 100% against a fair share of 50%
    assert by["balance"]["value"] == 0.0                   # 1 - (100% - 0%)
    assert by["outcome_uniformity"]["value"] == 0.0
    assert by["completion"]["value"] == 1.0 and by["drawishness"]["value"] == 0.0
    assert by["decisions"]["value"] == 3 and by["rounds"]["value"] == 3
    assert by["decision_moves"]["value"] == 1.0 and by["branching_factor"]["value"] == 2.0
    assert by["forced_share"]["value"] == 0.0
    assert "lead_changes" not in by                        # no trace asked for


def test_a_balanced_game_of_draws(tmp_path):
    records = run_games(scripted(tmp_path, [1, 1], [1, 1]), 10, players=2)
    by = GM.by_name(GM.game_metrics(records, 2))
    assert by["drawishness"]["value"] == 1.0 and by["completion"]["value"] == 0.0
    assert by["balance"]["value"] == 1.0 and by["first_seat"]["value"] == 0.0


def test_simultaneous_choices_are_read_when_every_answer_is_in(tmp_path):
    # two answers per round, one settled position per round
    records = traced(scripted(tmp_path, [2, 0, 2], [0, 3, 0], EACH))
    assert all(r["decisions"] == 6 for r in records)
    assert all(r["trace"] == [[2, 0], [2, 3], [4, 3]] for r in records)
    assert metric(records, "lead_changes") == 2


def test_forced_choices_and_branching(tmp_path):
    records = run_games(scripted(tmp_path, [1, 0, 0], [0, 0, 0], FORCED), 5, players=2)
    by = GM.by_name(GM.game_metrics(records, 2))
    assert by["forced_share"]["value"] == 0.5              # 3 forced of 6 choices
    assert by["decision_moves"]["value"] == 1.0


def test_simulate_reports_the_metrics(tmp_path):
    from click.testing import CliRunner
    from cli import main
    import json
    path = scripted(tmp_path, [2, 0, 2], [0, 3, 0])
    plain = CliRunner().invoke(main, ["simulate", path, "-n", "6", "--json"])
    assert plain.exit_code == 0, plain.output
    names = [m["name"] for m in json.loads(plain.output)["game_metrics"]]
    assert names[:6] == list(GM.GROUPS["outcome"]) and "lead_changes" not in names
    full = CliRunner().invoke(main, ["simulate", path, "-n", "6", "--json", "--metrics"])
    got = GM.by_name(json.loads(full.output)["game_metrics"])
    assert got["lead_changes"]["value"] == 2
    text = CliRunner().invoke(main, ["simulate", path, "-n", "6", "--metrics"]).output
    assert "game metrics" in text and "decisiveness" in text


def test_jsonl_has_each_games_own_metrics(tmp_path):
    from click.testing import CliRunner
    from cli import main
    import json
    path = scripted(tmp_path, [2, 0, 2], [0, 3, 0])
    out = tmp_path / "games.jsonl"
    res = CliRunner().invoke(main, ["simulate", path, "-n", "3", "--metrics", "--jsonl", out])
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3
    for row in rows:
        m = row["game_metrics"]
        assert m["lead_changes"] == 2 and m["decision_moves"] == 1.0
        assert m["branching_factor"] == 2.0 and m["comeback"] is True
        assert m["decisiveness"] == 2 / 3
