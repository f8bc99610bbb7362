"""rulebook's Python API: the names a program driving games needs, imported on first use
(so `import interpreter` costs nothing and `validate` never loads the VM).

    from interpreter import Game, view
    game = Game.load("path/to/mygame")         # a game's folder, or a name under gamedefs/
    state = game.new_state(players=2, seed=1)
    while not game.is_over(state):
        seat = game.waiting(state)[0]
        game.apply(state, seat, 0)
    game.result(state)

docs/api.md documents each name; they are a stable surface (their signatures change only
with a note in that page)."""
from __future__ import annotations

import importlib

# public name -> (module, attribute)
API = {
    "Game": ("interpreter.runtime.game", "Game"),
    "view": ("interpreter.present.views", "view"),
    "make_bot": ("interpreter.bots", "make_bot"),
    "check_game": ("interpreter.build.game_loader", "check_game"),
    "run_games": ("interpreter.analysis.run_games", "run_games"),
    "RulebookError": ("interpreter.errors", "RulebookError"),
    "GameDefError": ("interpreter.errors", "GameDefError"),
}

__all__ = sorted(API)


def __getattr__(name: str):
    if name not in API:
        raise AttributeError(f"module 'interpreter' has no attribute {name!r}")
    module, attr = API[name]
    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value
    return value
