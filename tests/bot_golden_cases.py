"""The games and bots of the golden bot-decision test (tests/test_bot_golden.py), shared with
benchmarks/bots.py: every game under gamedefs/ and examples/, played from a fixed seed by one
kind of bot in every seat, recording each choice's index."""
from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("gamedefs", "metras", 3), ("gamedefs", "etheria", 4), ("gamedefs", "metscri", 2),
         ("gamedefs", "meta", 2), ("gamedefs", "metropolis", 5),
         ("examples", "bust", 2), ("examples", "lantern_lights", 3),
         ("examples", "passing_tricks", 4), ("examples", "pick_and_pass", 3),
         ("examples", "switchback", 2), ("examples", "whispers", 3)]
KINDS = ("random", "greedy", "ismcts")
ISMCTS_ITERATIONS = 8      # the game's own search settings, at a small budget
SEED = 5
STRIDE = 1000              # seat p's bot: seed SEED * STRIDE + p (as simulate seeds them)


def load_game(folder: str, name: str):
    from interpreter.runtime.game import Game
    return Game.load(str(ROOT / folder / name / "game.yaml"))


def make(kind: str, game, seed: int):
    from interpreter.bots import make_bot
    from interpreter.bots.ismcts import IsmctsBot
    if kind == "ismcts":
        settings = dict(game.g.search_settings)
        settings["iterations"] = ISMCTS_ITERATIONS
        settings.pop("ms", None)
        return IsmctsBot(game, seed, **settings)
    return make_bot(kind, game, seed)


def play(game, players: int, kind: str, limit: int | None) -> dict:
    """The first `limit` decisions (all if None) of the seeded game: the choices, their count
    and the state hash after them."""
    s = game.new_state(players, seed=SEED)
    bots = [make(kind, game, SEED * STRIDE + p) for p in range(players)]
    choices = []
    while not s["over"] and (limit is None or len(choices) < limit):
        seat = game.waiting(s)[0]
        i = bots[seat].choose(game, s, seat)
        choices.append(i)
        game.apply(s, seat, i)
    return {"choices": ",".join(map(str, choices)), "over": bool(s["over"]),
            "state_hash": game.state_hash(s)}


def digest(record: dict) -> str:
    return hashlib.sha256(repr(sorted(record.items())).encode()).hexdigest()[:16]
