"""rulebook games inside OpenSpiel (the `openspiel` extra): any game declared in YAML as an
OpenSpiel Python game, so OpenSpiel's algorithms (MCTS, CFR, best response, ...) run on it.

    import interpreter.openspiel                      # registers the game "rulebook"
    game = interpreter.openspiel.load_game("examples/bust", players=2, chance="sampled")
    game = pyspiel.load_game("rulebook", {"game": "examples/bust", "players": 2})

docs/guides/openspiel.md documents the mapping (actions, chance, information states, tensors,
utilities)."""
from __future__ import annotations

from .adapter import GAME_TYPE, RulebookGame, load_game, register

__all__ = ["GAME_TYPE", "RulebookGame", "load_game", "register"]

register()
