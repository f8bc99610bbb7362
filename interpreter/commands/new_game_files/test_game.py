"""The shared random-playout checks of rulebook on this game, at every player count it allows:
no negative counter, no card created or lost, JSON round trips, the same seed the same game,
no seat's view depending on what it cannot see. Run: python -m pytest __PATH__"""
from pathlib import Path

from interpreter import Game
from interpreter.analysis.playout_checks import check_game


def test_random_playouts():
    game = Game.load(str(Path(__file__).resolve().parent / "game.yaml"))
    assert check_game(game, seeds=20) > 0
