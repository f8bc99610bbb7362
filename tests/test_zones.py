"""Zone mechanics that Metras does not use: a draw pile refilled from its discards."""
from pathlib import Path

from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM

GAME = Path(__file__).parent / "games" / "refill" / "game.yaml"


def test_an_empty_pile_is_refilled_from_its_shuffled_discards():
    game = Game.load(str(GAME))
    s = game.new_state(players=1, seed=3)
    s["stack"], s["over"] = [], False
    vm = VM(game.g, s)
    assert vm.draw(2, "deck", "0.hand") == 2 and len(s["z"]["deck"]) == 1
    for c in list(s["z"]["0.hand"]):
        vm.discard(c)
    # one card left: the second draw finds the pile empty and reshuffles the discards
    assert vm.draw(3, "deck", "0.hand") == 3
    assert s["z"]["discards"] == [] and s["z"]["deck"] == []
    assert sorted(s["z"]["0.hand"]) == ["c-1", "c-2", "c-3"]
    assert all(s["loc"][c] == "0.hand" for c in s["z"]["0.hand"])
    # nothing left anywhere: a draw stops short instead of failing
    assert vm.draw(1, "deck", "0.hand") == 0


def test_a_whole_game_with_refills_keeps_every_card():
    game = Game.load(str(GAME))
    s = game.new_state(players=2, seed=1)
    assert game.is_over(s)
    assert sorted(c for z in s["z"].values() for c in z) == ["c-1", "c-2", "c-3"]
