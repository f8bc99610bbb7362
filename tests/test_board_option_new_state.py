"""An option that sizes a board is worked out when the game loads (the board is built then),
so `Game.new_state(options=...)` cannot give it another value: it refuses with a SetupError
that says so and what to do, instead of playing on the board built for the loaded value (the
sowing game with houses=3 played a wrong game on a board of 4 houses; with houses=6 it failed
with "a mapping's key is ... not none"). Found writing the hand-written twin of examples/sow."""
from __future__ import annotations

import pytest

from interpreter.analysis.overrides import board_overrides, load_with_overrides
from interpreter.load.game_options import SetupError
from interpreter.runtime.game import Game


@pytest.mark.parametrize("houses", [3, 6])
def test_new_state_refuses_a_board_option_the_board_was_not_built_for(houses):
    game = Game.load("examples/sow")
    with pytest.raises(SetupError) as e:
        game.new_state(players=2, seed=1, options={"houses": houses})
    assert e.value.field == "options.houses"
    assert "houses" in str(e.value) and "board" in str(e.value) and "load" in str(e.value)


def test_a_board_option_is_taken_when_the_game_was_loaded_with_it():
    game = Game.load("examples/sow")
    s = game.new_state(players=2, seed=1, options={"houses": 4, "turn_cap": 9})
    assert len(game.options(s, 0)) == 4
    big = load_with_overrides("examples/sow", board_overrides(game, {"houses": 6}))
    s = big.new_state(players=2, seed=1, options={"houses": 6})
    assert len(big.options(s, 0)) == 6
