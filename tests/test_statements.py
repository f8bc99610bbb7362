"""Each statement's meaning, as a data table: (script, locals, what the state must show).

Every statement that changes the state has exactly one implementation (a VM primitive); these
cases pin its edges: a counter's min and max, steal from a player at the minimum, moves of
one card, of a list and of nothing, draws past the end of a pile.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.runtime.game import Game
from tests.places import at, places
from tests.scenario import run_script

GAME = Path(__file__).parent / "games" / "statements" / "game.yaml"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def run(game, text, me=0, **local):
    """Run one script as seat `me` on a fresh 2-player state; returns the state."""
    return run_script(game, text, me=me, **local)


def gold(s, p):
    return s["pl"][p]["gold"]


# (script, check(state)) — start: gold 5 (min 2), focus 0 (max 8), debt 0 (no min), pool 3 (0..5)
CASES = [
    ("gain gold 3", lambda s: gold(s, 0) == 8),
    ("lose gold 10", lambda s: gold(s, 0) == 2),                     # never below min
    ("gain focus 12", lambda s: s["pl"][0]["focus"] == 8),           # a gain above max is lost
    ("lose debt 4", lambda s: s["pl"][0]["debt"] == -4),             # min: null goes negative
    ("set me.gold = 0", lambda s: gold(s, 0) == 2),
    ("set me.focus = 20", lambda s: s["pl"][0]["focus"] == 8),
    ("set pool = 9", lambda s: s["g"]["pool"] == 5),                 # game counters too
    ("set pool = -1", lambda s: s["g"]["pool"] == 0),
    # steal takes only what the victim has above its minimum; nothing is created
    ("steal gold 2 from me.next", lambda s: (gold(s, 0), gold(s, 1)) == (7, 3)),
    ("steal gold 9 from me.next", lambda s: (gold(s, 0), gold(s, 1)) == (8, 2)),
    ("set me.next.gold = 2\nsteal gold 2 from me.next", lambda s: (gold(s, 0), gold(s, 1)) == (5, 2)),
    ("set me.gold = 7\nsteal focus 1 from me.next", lambda s: s["pl"][0]["focus"] == 0),
    ("move top(deck) to table", lambda s: len(s["z"]["table"]) == 1 and len(s["z"]["deck"]) == 5),
    ("move deck to table", lambda s: len(s["z"]["table"]) == 6 and s["z"]["deck"] == []),
    ("move none to table", lambda s: s["z"]["table"] == []),
    ("draw 9 from deck to me.hand", lambda s: len(s["z"]["0.hand"]) == 6),
    ("draw 2 from deck to me.hand\ndiscard me.hand", lambda s: len(s["z"]["discards"]) == 2),
    ("x = [1]\ny = x\ny = y + [2]\nset pool = count(x)", lambda s: s["g"]["pool"] == 1),
    ("repeat 3:\n    gain gold 1", lambda s: gold(s, 0) == 8),
    ("for each c in deck:\n    if c == first(deck):\n        move c to table\n        break",
     lambda s: len(s["z"]["table"]) == 1),
    ("n = 0\nwhile n < 4:\n    n = n + 1\nset pool = n", lambda s: s["g"]["pool"] == 4),
]


@pytest.mark.parametrize("text,check", CASES, ids=[c[0].split("\n")[0] for c in CASES])
def test_statement(game, text, check):
    s = run(game, text)
    assert check(s), text


def test_cards_are_never_created_or_lost_by_the_table(game):
    for text, _ in CASES:
        s = run(game, text)
        held = sorted(c for z in s["z"].values() for c in z)
        assert held == sorted(game.g.cards), text


def test_can_play_leaves_no_local_behind(game):
    """A card's play rule runs with its own `card` and `me`: the caller's frame (and so the
    state and its JSON) never gets a `card: None`."""
    s = run(game, "draw 2 from deck to me.hand\nok = can_play(first(me.hand), me)\n"
                  "x = choose one of [1, 2]")
    local = s["stack"][-1]["l"]
    assert local["ok"] is True and "card" not in local


def test_repeat_beyond_the_budget_is_an_error_not_a_silent_truncation(game):
    from interpreter.errors import GameError
    with pytest.raises(GameError, match="loop budget"):
        run(game, "repeat 1000000:\n    pass")


def test_a_rule_failing_at_run_time_names_its_place_the_seed_and_the_decision(tmp_path):
    """A designer's expression that fails on some state (here a division by a counter that
    reaches 0) is reported at the statement's file:line:col, with the seed and decision."""
    from interpreter.errors import GameError
    text = GAME.read_text().replace(
        "      do: pass\n",
        "      do: |\n"
        "        x = choose number from 0 to 1 by first(players)\n"
        "        set pool = 10 / x\n")
    (tmp_path / "game.yaml").write_text(text)
    g = Game.load(str(tmp_path / "game.yaml"))
    s = g.new_state(players=2, seed=42)
    with pytest.raises(GameError, match=r"division by zero.*\(seed 42, decision 1\)") as e:
        g.apply(s, 0, 0)
    line = text.splitlines().index("        set pool = 10 / x") + 1
    assert str(e.value).startswith(f"{tmp_path / 'game.yaml'}:{line}:9: division by zero")
    assert "(seed 42, decision 1)" in str(e.value)
    assert e.value.where.endswith(f"game.yaml:{line}:9")


@pytest.mark.parametrize("text,message", [
    ("repeat 5000:\n    repeat 5000:\n        pass", "more than 1000000 steps"),
    ("x = range(10000000)", "more than the limit of 100000"),
    ("x = roll(100000000000000000000000)", "from 1 to 2**62"),
    ("x = 2\nwhile true:\n    x = x * x", "beyond the largest number"),
])
def test_unbounded_work_ends_with_an_error_naming_the_budget(game, text, message):
    from interpreter.errors import GameError
    with pytest.raises(GameError, match=message.replace("*", r"\*")):
        run(game, text)


def test_a_procedure_calling_itself_without_end_is_stopped(tmp_path):
    from interpreter.errors import GameError
    text = GAME.read_text().replace("rounds:\n", "procedures:\n  again:\n    do: again()\n"
                                    "rounds:\n").replace("      do: pass\n", "      do: again()\n")
    (tmp_path / "game.yaml").write_text(text)
    with pytest.raises(GameError, match="recursion deeper than 200") as e:
        Game.load(str(tmp_path / "game.yaml")).new_state(players=2, seed=1)
    assert e.value.where.endswith(f"game.yaml:{text.splitlines().index('    do: again()') + 1}:9")


@pytest.mark.parametrize("old,new,number", [
    ("count: 6,", "count: 10000000000000000000,", "10000000000000000000"),
    ("players: {min: 2, max: 3}", "players: {min: 2, max: 100000000}", "100000000"),
])
def test_huge_numbers_in_game_data_are_schema_findings_not_a_hang(tmp_path, old, new, number):
    from interpreter.build.game_loader import check_game
    text = GAME.read_text().replace(old, new)
    (tmp_path / "game.yaml").write_text(text)
    assert places(check_game(str(tmp_path)), tmp_path) == [
        ("game.yaml", *at(text, new, number), "SCHEMA-VALUE")]


def test_simulate_writes_a_save_that_reproduces_a_game_in_error(tmp_path, monkeypatch):
    """A rule failing in some simulated games: simulate reports each with its place, seed and
    decision, and writes a save file; `rulebook replay FILE` stops at the same error."""
    from click.testing import CliRunner
    from cli import main
    text = GAME.read_text().replace(
        "      do: pass\n",
        "      do: |\n"
        "        x = choose number from 0 to 1 by first(players)\n"
        "        set pool = 10 / x\n")
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["simulate", "./g", "-n", "8", "--jobs", "1", "--json"])
    report = json.loads(r.stdout)
    assert report["errors"] > 0 and report["completed"] + report["errors"] == 8
    sample = report["error_samples"][0]
    assert "game.yaml:" in sample["error"] and "division by zero" in sample["error"]
    assert f"(seed {sample['seed']}, decision 1)" in sample["error"]
    again = CliRunner().invoke(main, ["replay", sample["save"], "--game", "./g"])
    assert again.exit_code == 1 and "division by zero" in again.output
    assert "Traceback" not in again.output
