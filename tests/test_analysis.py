"""The balance loop: parallel runs give the same records, seats and bots, designer metrics,
per-card statistics, export. Games: strong_card (tests/games, 2-3 players, 6-9 decisions)
and a few short Metras games."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.analysis import runner
from interpreter.analysis.runner import Runner, RunSpec, tasks_for
from interpreter.build.game_loader import check_game
from interpreter.load.documents import resolve_game_path
from places import at, places
from cli_run import run

ROOT = Path(__file__).resolve().parent.parent
STRONG = str(ROOT / "tests" / "games" / "strong_card")


def spec_for(name, players, **kw):
    return RunSpec(str(resolve_game_path(name).resolve()), players, **kw)


def records(spec, tasks, jobs):
    return Runner(jobs).run(spec, tasks)


# ------------------------------------------------------------------ 1: parallel runs
def test_jobs_1_and_2_give_identical_records():
    # 120 strong_card games and 6 four-player Metras games, each run twice
    spec = spec_for(STRONG, 2)
    tasks = tasks_for(7, 120, ["random", "random"], rotate=False)
    one, two = records(spec, tasks, 1), records(spec, tasks, 2)
    assert one == two and len(one) == 120
    assert len({json.dumps(r["scores"]) + str(r["acquired"]) for r in one}) > 10
    spec = spec_for("metras", 4)
    tasks = tasks_for(3, 6, ["random"] * 4, rotate=False)
    assert records(spec, tasks, 1) == records(spec, tasks, 2)


def test_game_seed_is_one_function_of_the_run_seed_and_index():
    tasks = tasks_for(100, 3, ["random", "greedy"], rotate=False)
    assert [t.seed for t in tasks] == [runner.game_seed(100, i) for i in range(3)]
    assert len({t.seed for t in tasks}) == 3


# ------------------------------------------------------------------ 3: per-seat bots, rotation
def test_rotation_plays_each_seed_once_per_rotation():
    tasks = tasks_for(0, 2, ["greedy", "random", "random"], rotate=True)
    assert [(t.index, t.rotation) for t in tasks] == [(i, r) for i in range(2) for r in range(3)]
    assert [t.bots for t in tasks[:3]] == [("greedy", "random", "random"),
                                          ("random", "random", "greedy"),
                                          ("random", "greedy", "random")]
    assert len({t.seed for t in tasks[:3]}) == 1


def test_simulate_with_a_greedy_seat_and_rotation():
    # 40 seeds x 2 rotations = 80 strong_card games
    r = run("simulate", STRONG, "-n", 40, "--bot", "1=greedy", "--rotate", "--json", "-j", 1)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["games"] == 80 and rep["seat_bots"] == ["greedy", "random"]
    by_bot = {b["bot"]: b for b in rep["bot_rates"]}
    assert by_bot["greedy"]["seats_played"] == by_bot["random"]["seats_played"] == 80
    # greedy takes the better card: it must beat random clearly
    assert by_bot["greedy"]["win_interval"][0] > by_bot["random"]["win_interval"][1]


def test_a_bad_bot_spec_is_a_clear_error():
    r = run("simulate", STRONG, "-n", 2, "--bot", "5=greedy")
    assert r.exit_code == 1 and "no seat '5'" in r.stderr
    r = run("simulate", STRONG, "-n", 2, "--bot", "2=smart")
    assert r.exit_code == 1 and "no bot 'smart'" in r.stderr


# ------------------------------------------------------------------ 4: metrics
def test_summary_metrics():
    # 300 strong_card games
    r = run("simulate", STRONG, "-n", 300, "--json", "--seed", 1)
    rep = json.loads(r.stdout)
    n = rep["completed"]
    assert sum(s["wins"] for s in rep["seats"]) + rep["draws"] + rep["capped"] == n == 300
    assert rep["capped"] == 0 and not rep["cap_warning"] and rep["draws"] > 0
    assert rep["length"]["mean"] == 6 and rep["rounds"]["mean"] == 3
    assert sum(b["count"] for b in rep["length"]["histogram"]) == n
    assert sum(b["count"] for b in rep["scores"]["histogram"]) == 2 * n
    assert rep["margin"]["mean"] > 0
    fp = rep["first_player"]
    assert fp["interval"][0] <= fp["win_rate"] <= fp["interval"][1]
    names = [m["name"] for m in rep["scalars"]]
    assert "win rate P1" in names and "draw rate" in names and "margin of victory" in names


def test_first_player_advantage_is_detected():
    # 200 strong_card games where the first player starts 3 points ahead
    r = run("simulate", STRONG, "-n", 200, "--json", "--option", "head_start=3")
    assert json.loads(r.stdout)["first_player"]["verdict"] == "advantage"


def test_capped_games_are_counted_apart_with_a_warning():
    # 10 Metscri games capped after 1 round
    r = run("simulate", "metscri", "-n", 10, "--option", "turn_cap=1", "--json", "-j", 1)
    rep = json.loads(r.stdout)
    assert rep["capped"] == 10 and rep["draws"] == 0 and rep["cap_warning"]
    r = run("simulate", "metscri", "-n", 10, "--option", "turn_cap=1", "-j", 1)
    assert "hit a cap" in r.output


def test_per_card_stats_flag_the_strong_card():
    # 400 strong_card games: the crown (6 points) must be flagged, the pebbles not
    r = run("simulate", STRONG, "-n", 400, "--json", "--seed", 2)
    cards = {c["card"]: c for c in json.loads(r.stdout)["cards"]}
    assert set(cards) == {"crown", "ring", "pebble"}   # copies of a pebble are one card
    crown = cards["crown"]["acquired"]
    assert crown["flag"] == "strong" and crown["delta_interval"][0] > 0.3
    assert json.loads(r.stdout)["cards"][0]["card"] == "crown"   # sorted, strongest first
    assert cards["pebble"]["acquired"]["flag"] != "strong"
    assert crown["count"] == sum(crown["by_seat"]) == cards["crown"]["played"]["count"]


def test_wilson_and_differences():
    from interpreter.analysis.intervals import difference, mean, rate, wilson
    assert wilson(0, 0) == (0.0, 1.0)
    same = difference(rate("x", 30, 100), rate("x", 30, 100))
    assert same["difference"] == 0 and not same["significant"]
    far = difference(rate("x", 60, 100), rate("x", 30, 100))
    assert far["significant"] and far["interval"][0] > 0
    assert not difference(mean("m", [1, 2, 3]), mean("m", [1, 2, 3]))["significant"]


# ------------------------------------------------------------------ 8: export
def test_jsonl_has_one_line_per_game(tmp_path):
    # 12 strong_card games
    out = tmp_path / "games.jsonl"
    r = run("simulate", STRONG, "-n", 12, "--jsonl", out, "--json")
    assert r.exit_code == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    from interpreter.effects.rng import derive_seed    # game i's seed: a hash of the run's and i
    assert len(lines) == 12 and [x["seed"] for x in lines] == [derive_seed(0, i) for i in range(12)]
    first = lines[0]
    for key in ("seed", "bots", "winners", "winner", "scores", "decisions", "acquired",
                "played"):
        assert key in first
    assert json.loads(r.stdout)["completed"] == 12


# ------------------------------------------------------------------ 6: compare
def test_compare_finds_a_planted_difference_between_two_versions(tmp_path):
    # 2 x 200 strong_card games; version B's crown is worth 1 instead of 6
    b = tmp_path / "strong_b"
    b.mkdir()
    text = (Path(STRONG) / "game.yaml").read_text()
    (b / "game.yaml").write_text(text.replace("name: Crown, value: 6", "name: Crown, value: 1"))
    r = run("compare", STRONG, b, "-n", 200, "--json")
    assert r.exit_code == 0, r.output
    diffs = {d["name"]: d for d in json.loads(r.stdout)["differences"]}
    assert diffs["score P1"]["significant"] and diffs["score P1"]["difference"] < 0
    assert diffs["draw rate"]["significant"] and diffs["draw rate"]["difference"] > 0
    assert not diffs["decisions per game"]["significant"]


def test_compare_finds_nothing_between_a_game_and_itself():
    # 2 x 150 strong_card games
    r = run("compare", STRONG, STRONG, "-n", 150, "--json")
    out = json.loads(r.stdout)
    assert out["differences"] and not any(d["significant"] for d in out["differences"])


def test_compare_one_game_with_two_option_settings_in_text():
    # 2 x 100 strong_card games
    r = run("compare", STRONG, "-n", 100, "--b-option", "head_start=3")
    assert r.exit_code == 0, r.output
    assert "win rate P1" in r.output and "significant" in r.output


# ------------------------------------------------------------------ 7: --set and sweep
def test_set_changes_a_card_a_constant_and_a_counter():
    # 3 Metras games, 80 strong_card games
    r = run("simulate", "metras", "-n", 3, "--set", "constants.turns=2", "--json", "-j", 1)
    assert json.loads(r.stdout)["rounds"]["max"] == 2
    r = run("simulate", STRONG, "-n", 20, "--set", "counters.player.points.start=10", "--json")
    assert all(s["mean_score"] >= 13 for s in json.loads(r.stdout)["seats"])
    r = run("simulate", STRONG, "-n", 60, "--set", "cards.crown.value=50", "--json")
    assert json.loads(r.stdout)["margin"]["max"] >= 45


@pytest.mark.parametrize("spec, message", [
    ("cards.A33.multipler=2", "did you mean 'multiplier'"),
    ("cards.Z9.multiplier=2", "no card 'Z9'"),
    ("constant.turns=2", "did you mean 'constants'"),
    ("constants.turns=two", "not a number"),
    ("turns", "write PATH=VALUE"),
])
def test_a_bad_set_is_a_clear_error(spec, message):
    r = run("simulate", "metras", "-n", 1, "--set", spec)
    assert r.exit_code == 1 and message in r.stderr, r.stderr


def test_sweep_reports_the_metrics_by_value():
    # 3 x 100 strong_card games
    r = run("sweep", STRONG, "--set", "cards.crown.value=1,6,20", "-n", 100, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["values"] == [1, 6, 20] and len(out["runs"]) == 3
    margins = [run_["margin"]["mean"] for run_ in out["runs"]]
    assert margins == sorted(margins) and margins[0] < margins[-1]
    r = run("sweep", STRONG, "--set", "cards.crown.value=2", "-n", 5)
    assert r.exit_code == 1 and "several values" in r.stderr


# ------------------------------------------------------------------ 5: declared metrics
def test_declared_metrics_are_reported_with_intervals():
    # 200 strong_card games
    r = run("simulate", STRONG, "-n", 200, "--json")
    metrics = {m["name"]: m for m in json.loads(r.stdout)["metrics"]}
    assert metrics["cards_left"]["value"] == 4            # 16 cards, 12 drawn
    assert metrics["gems_played"]["value"] == 6
    big = metrics["big_win"]
    assert big["kind"] == "rate" and 0 < big["value"] < 1 and big["n"] == 200
    assert big["interval"][0] < big["value"] < big["interval"][1]
    ring = metrics["ring_taken_by_first"]
    assert ring["kind"] == "mean" and 0 < ring["value"] < 1
    assert "ring_taken_by_first" in [m["name"] for m in json.loads(r.stdout)["scalars"]]


def test_compare_reports_declared_metrics():
    # 2 x 100 strong_card games
    r = run("compare", STRONG, "-n", 100, "--b-set", "cards.crown.value=1", "--json")
    diffs = {d["name"]: d for d in json.loads(r.stdout)["differences"]}
    assert diffs["big_win"]["significant"] and not diffs["cards_left"]["significant"]


@pytest.mark.parametrize("old, new, code, token", [
    ('cards_left: "count(deck)"', 'cards_left: "count(dek)"', "REF-UNDEF", "dek"),
    ("count: played}", "count: bought}", "SCHEMA-ENUM", "bought"),
    ('me == first(players)', 'me == frist(players)', "REF-UNDEF", "frist"),
])
def test_validate_checks_declared_metrics(tmp_path, old, new, code, token):
    text = (Path(STRONG) / "game.yaml").read_text()
    assert text.count(old) == 1
    text = text.replace(old, new)
    (tmp_path / "game.yaml").write_text(text)
    found = check_game(str(tmp_path))
    assert places(found, tmp_path) == [("game.yaml", *at(text, new, token), code)]
    r = run("validate", tmp_path)
    assert r.exit_code == 1 and found[0].format() in r.output.splitlines(), r.output
