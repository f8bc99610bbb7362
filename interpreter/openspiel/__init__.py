"""rulebook games inside OpenSpiel (the optional `openspiel` extra: pip install -e '.[openspiel]').

    import interpreter.openspiel as ros
    game = ros.load_game("examples/bust", players=2)          # a pyspiel.Game
    import pyspiel
    game = pyspiel.load_game("rulebook", {"game": "examples/bust", "players": 2})

What is built (docs/guides/openspiel.md says it for people):
- chance "sampled" only: chance stays inside the state (SAMPLED_STOCHASTIC); the state's
  generator is seeded by the `seed` parameter. Explicit chance nodes are not built.
- actions: an action id is the option's position in the seat's menu (0, 1, ...), below
  `max_actions` (a parameter, default 512); action_to_string is the option's label.
- decisions of several seats at once (secret choices) are asked one seat after another: a
  seat's options never depend on another's pending answer, and no seat sees another's.
- observation_string(p): the seat's view (present/views.py, the same redaction as the tables)
  as JSON; information_state_string(p): every observation p had since the start, so a seat
  with perfect recall tells apart what it could tell apart.
- returns: +1 for a winner, -1 for every other seat, 0 for all in a draw or a capped game.
- serialize / deserialize: the rulebook state's JSON.
"""
from __future__ import annotations

from .adapter import GAME_TYPE, RulebookGame, load_game  # noqa: F401
