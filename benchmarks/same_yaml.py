"""Decisions per CPU second of random playouts of the games in a folder, with the engine of the
current directory: run it from two checkouts (two engines) on one folder of game definitions
to compare the engines alone, on the same YAML.

    python benchmarks/same_yaml.py GAMEDEFS_DIR      # e.g. an old commit's gamedefs/

CPU time of the one process, the best of two passes. A game whose rules fail with this engine
(old YAML against a changed mechanic) stops there and counts the decisions made.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from interpreter.runtime.game import Game   # noqa: E402

PLAN = [("metras", 4, 150), ("etheria", 4, 60), ("metscri", 2, 8)]


def rate(game: Game, players: int, games: int) -> float:
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        r = random.Random(seed)
        s = game.new_state(players, seed=seed)
        try:
            while not s["over"]:
                seat = game.waiting(s)[0]
                game.apply(s, seat, r.randrange(game.option_count(s, seat)))
                decisions += 1
        except Exception:   # noqa: BLE001 - see the module's docstring
            pass
    return decisions / (time.process_time() - start)


def main() -> None:
    root = Path(sys.argv[1])
    for name, players, games in PLAN:
        game = Game.load(str(root / name / "game.yaml"))
        best = max(rate(game, players, games) for _ in range(2))
        print(f"{name} {players}p: {best:,.0f} decisions/s")


if __name__ == "__main__":
    main()
