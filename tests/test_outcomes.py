"""Outcomes (issue 23, section 2): `end game as draw` is a draw by the rules, `end game as
capped` a stop by a cap; the result, simulate's summary and JSONL, compare and the report
keep the two apart. Game: strong_card (tests/games) with a finish that ends it one way or
the other, and Metscri's turn cap."""
from __future__ import annotations

import json
from pathlib import Path


from interpreter.effects import ast as A
from interpreter.effects.parser import parse_script
from interpreter.runtime.game import Game
from places import edited_copy
from cli_run import run

ROOT = Path(__file__).resolve().parent.parent
STRONG = ROOT / "tests" / "games" / "strong_card"


def ending(tmp_path, how: str, name: str) -> Path:
    """strong_card whose finish ends the game `how` (after its 3 rounds, every game)."""
    game = edited_copy(STRONG, tmp_path / name, "end:\n  score: it.points",
                       f"finish: |\n  end game {how}\nend:\n  score: it.points")
    return game


def test_the_two_endings_parse_apart():
    assert parse_script("end game as draw") == [A.EndGame(draw=True)]
    assert parse_script("end game as capped") == [A.EndGame(capped=True)]
    assert parse_script("end game") == [A.EndGame()]


def test_a_draw_by_the_rules_is_a_draw_and_a_cap_is_a_cap(tmp_path):
    for how, draw, capped in (("as draw", True, False), ("as capped", False, True)):
        game = Game.load(ending(tmp_path, how, how.split()[1]) / "game.yaml")
        s = game.new_state(2, seed=3)
        while not s["over"]:
            seat = game.waiting(s)[0]
            game.apply(s, seat, 0)
        r = s["result"]
        assert r["winners"] == [] and r["draw"] is draw and r.get("capped", False) is capped
        assert bool(s.get("drawn")) is draw and bool(s.get("capped")) is capped
        assert len(r["scores"]) == 2      # the scores are still told


def test_simulate_counts_draws_and_caps_apart_in_the_summary_and_jsonl(tmp_path):
    # 2 x 12 strong_card games, each ending the one way or the other
    for how, draws, capped in (("as draw", 12, 0), ("as capped", 0, 12)):
        out = tmp_path / f"{how.split()[1]}.jsonl"
        r = run("simulate", ending(tmp_path, how, how.split()[1]), "-n", 12, "-j", 1, "--json",
                "--jsonl", out)
        rep = json.loads(r.stdout)
        assert (rep["draws"], rep["capped"]) == (draws, capped)
        assert rep["cap_warning"] is bool(capped)
        rates = {m["name"]: m["value"] for m in rep["scalars"]}
        assert rates["draw rate"] == draws / 12 and rates["capped rate"] == capped / 12
        lines = [json.loads(x) for x in out.read_text().splitlines()]
        assert [(x["draw"], x["capped"], x["winner"]) for x in lines] == \
            [(bool(draws), bool(capped), None)] * 12
        text = run("simulate", ending(tmp_path, how, how.split()[1] + "2"), "-n", 12,
                   "-j", 1).output
        assert (f"draws (ended as a draw, or several best rankings): {draws}; capped "
                f"(stopped by a cap: `end game as capped`): {capped}") in " ".join(text.split())
        assert ("hit a cap" in text) is bool(capped)


def test_compare_and_the_report_keep_them_apart(tmp_path):
    # 2 x 20 strong_card games: A ends as a draw, B as capped
    a, b = ending(tmp_path, "as draw", "a"), ending(tmp_path, "as capped", "b")
    page = tmp_path / "r.html"
    r = run("compare", a, b, "-n", 20, "-j", 1, "--json", "--report", page)
    diffs = {d["name"]: d for d in json.loads(r.stdout)["differences"]}
    assert diffs["draw rate"]["difference"] == -1.0 and diffs["draw rate"]["significant"]
    assert diffs["capped rate"]["difference"] == 1.0 and diffs["capped rate"]["significant"]
    html = page.read_text()
    assert "draws 20 (ended as a draw" in html and "capped 20 (stopped by a cap)" in html


def test_the_five_games_turn_caps_end_as_capped():
    # Metscri and M.E.T.A. have a turn cap (an option); the others have none
    for name in ("metscri", "meta"):
        text = (ROOT / "gamedefs" / name / "game.yaml").read_text()
        assert "end game as capped" in text and "end game as draw" not in text
    # 10 Metscri games capped after one round
    rep = json.loads(run("simulate", "metscri", "-n", 10, "--option", "turn_cap=1", "--json",
                         "-j", 1, "--no-cards").stdout)
    assert rep["capped"] == 10 and rep["draws"] == 0


def test_the_end_screen_and_views_name_the_outcome(tmp_path, capsys):
    from interpreter.present import terminal
    from interpreter.present.views import view
    ember = Game.load(ROOT / "tests" / "games" / "ember_line" / "game.yaml")
    capped = Game.load(ending(tmp_path, "as capped", "c") / "game.yaml")
    drawn = Game.load(ending(tmp_path, "as draw", "d") / "game.yaml")
    want = {}
    for name, game, goal in (("won", ember, 1), ("lost", ember, 40), ("capped", capped, None),
                             ("drawn", drawn, None)):
        s = game.new_state(2, seed=1, options={"goal": goal} if goal else None)
        while not s["over"]:
            game.apply(s, game.waiting(s)[0], 0)
        terminal.render_result(terminal.console(), game, s["result"])
        want[name] = (capsys.readouterr().out, view(game, s, 0)["result"])
    assert "The team wins with" in want["won"][0] and want["won"][1]["team"]["won"]
    assert "The team loses, with" in want["lost"][0] and not want["lost"][1]["team"]["won"]
    assert "stopped by its cap" in want["capped"][0] and want["capped"][1]["capped"]
    assert not want["capped"][1]["draw"]
    assert "The game is a draw." in want["drawn"][0] and want["drawn"][1]["draw"]
    assert not want["drawn"][1]["capped"]
