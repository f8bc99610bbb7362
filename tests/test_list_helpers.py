"""The list helpers take, drop, shuffled, sample and index_of (contract G10), and keys(m):
their values, their edges, and the seeded generator behind shuffled and sample.
Game: tests/games/claims (no game is played)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.errors import GameError
from interpreter.runtime.game import Game
from test_values import evaluate

CLAIMS = Path(__file__).parent / "games" / "claims"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(CLAIMS))


@pytest.mark.parametrize("text,value", [
    ("take([1, 2, 3], 2)", [1, 2]), ("take([1, 2], 5)", [1, 2]), ("take([1, 2], -1)", []),
    ("drop([1, 2, 3], 2)", [3]), ("drop([1, 2], 5)", []),
    ("index_of([\"a\", \"b\", \"b\"], \"b\")", 1), ("index_of([1, 2], 3)", None),
    ("sorted(shuffled([3, 1, 2]))", [1, 2, 3]), ("count(sample(range(10), 4))", 4),
    ("count(unique(sample(range(10), 10)))", 10), ("sample([1, 2], 0)", []),
    ("keys(controller)", []),
])
def test_list_helpers(game, text, value):
    assert evaluate(game, game.new_state(players=2, seed=1), text) == value


def test_shuffled_and_sample_draw_from_the_states_generator(game):
    a, b, c = (game.new_state(players=2, seed=x) for x in (1, 1, 2))
    draws = [evaluate(game, s, "[shuffled(range(8)), sample(range(20), 5)]") for s in (a, b, c)]
    assert draws[0] == draws[1] and draws[0] != draws[2]      # the seed decides
    assert a["rng"] == b["rng"] != game.new_state(players=2, seed=1)["rng"]


def test_sample_of_more_than_the_list_holds_is_an_error(game):
    with pytest.raises(GameError, match="cannot draw 3 from a list of 2"):
        evaluate(game, game.new_state(players=2, seed=1), "sample([1, 2], 3)")


def test_keys_of_a_mapping_in_the_order_first_set(game):
    from test_values import run
    s = run(game, "set controller[\"south\"] = me\nset controller[me.next] = me\n"
                  "set controller[\"south\"] = me.next")
    assert evaluate(game, s, "keys(controller)") == ["south", "1"]
    assert evaluate(game, s, "sum(me.invested[f] + 1 for f in keys(controller))") == 2
    with pytest.raises(GameError, match="keys\\(\\) needs a mapping"):
        evaluate(game, s, "keys(moves)")
