"""The rounds loop of a game (`rounds.count`, a stage's `count`) with counts an engine could
trip on: a huge count standing for "no cap", a count of a wrong type, a zero or negative count.
(Found by random playouts: `--option turn_cap=0` of a game whose count is
`turn_cap if turn_cap > 0 else 1000000` stopped at the first round with a range() limit.)"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from interpreter.errors import GameDefError
from interpreter.runtime.game import Game
from places import at, places
from scenario import load

STONES = Path(__file__).resolve().parent / "games" / "stones"


def stones(tmp_path, count: str) -> Path:
    game = tmp_path / "stones"
    shutil.copytree(STONES, game)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("  count: 2\n", f"  count: {count}\n", 1))
    return game


def play_out(game, s, seed: int, bound: int = 5000) -> int:
    r, steps = random.Random(seed), 0
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, r.randrange(game.option_count(s, seat)))
        steps += 1
        assert steps < bound
    return steps


def test_a_huge_rounds_count_runs_until_the_game_ends_by_its_own_rule(tmp_path):
    """A count far above range()'s limit is counted, not listed: the game ends by its `end`
    condition (the 4 stones of the supply are placed after 2 rounds)."""
    game = stones(tmp_path, '"1000000 if round >= 0 else 2"')
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("end:\n", "end:\n  when: count(supply) == 0\n"))
    game = Game.load(str(game))
    s = game.new_state(2, seed=3)
    assert play_out(game, s, 3) == 4
    assert game.is_over(s) and len(s["z"]["supply"]) == 0


def test_no_turn_cap_means_the_game_plays_to_its_end():
    """M.E.T.A. I 35: turn_cap=0 means no cap; random games run past the default cap of 40
    rounds and end with a Generator at 0, never as a capped draw."""
    game = load("meta")
    ended = 0
    for seed in (19, 20, 21):
        s = game.new_state(2, seed=seed, options={"turn_cap": 0})
        play_out(game, s, seed, bound=60000)
        res = game.result(s)
        assert not s.get("capped") and res["winners"] or res["draw"]
        ended += 1
    assert ended == 3


@pytest.mark.parametrize("count,words", [
    ('"\\"many\\""', "this gives a text; a number is needed here"),
    ('"[1, 2]"', "a number is needed here"),
    ('"round == 1"', "this gives true or false; a number is needed here"),
])
def test_a_rounds_count_of_the_wrong_type_is_a_located_finding(tmp_path, count, words):
    game = stones(tmp_path, count)
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    text = (game / "game.yaml").read_text()
    assert places(e.value.findings, game) == [     # at the expression, inside the quotes
        ("game.yaml", *at(text, "  count: " + count, count[1:]), "TYPE")]
    assert e.value.findings[0].message.endswith(words)


@pytest.mark.parametrize("count,rounds", [("0", 0), ("-3", 0), ('"1 + 1"', 2)])
def test_zero_negative_and_computed_counts(tmp_path, count, rounds):
    game = Game.load(str(stones(tmp_path, count)))
    s = game.new_state(2, seed=1)
    assert play_out(game, s, 1) == 2 * rounds      # one stone per player per round
    assert game.is_over(s)
