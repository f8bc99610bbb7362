"""The reference benchmark: small games written both in YAML (benchmarks/games/) and by hand in
Python (benchmarks/reference/), played with the same random decisions, timed in one run.

    python benchmarks/reference.py [--games N] [--players P] [--repeat R] [--json]

Both versions play the same seeds with the same decision indices, so they play the same
games (tests/test_reference_games.py proves it); the ratio is YAML time / hand time. Timings
are for one process on one core; nothing here is asserted by the tests.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reference import REFERENCE_GAMES  # noqa: E402
from interpreter.game import Game                # noqa: E402


def playouts(game, players: int, games: int) -> dict:
    """Random playouts through the driver API, as benchmarks/run.py plays them."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        r = random.Random(seed)
        s = game.new_state(players, seed=seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)))
            decisions += 1
    elapsed = time.perf_counter() - start
    return {"seconds": elapsed, "playouts_per_s": games / elapsed,
            "decisions_per_s": decisions / elapsed, "decisions": decisions}


def measure(name: str, players: int, games: int, repeat: int) -> dict:
    """Both versions, alternately `repeat` times; the fastest run of each counts (a shared
    machine only ever slows a run down)."""
    path, hand = REFERENCE_GAMES[name]
    yaml_game, hand_game = Game.load(str(path)), hand()
    y = h = None
    for _ in range(repeat):
        y = min(y or {"seconds": float("inf")}, playouts(yaml_game, players, games),
                key=lambda r: r["seconds"])
        h = min(h or {"seconds": float("inf")}, playouts(hand_game, players, games),
                key=lambda r: r["seconds"])
    if y["decisions"] != h["decisions"]:   # not the same games: the ratio would mean nothing
        raise SystemExit(f"{name}: the two versions made {y['decisions']} and {h['decisions']} "
                         "decisions; they do not play the same games")
    return {"game": name, "players": players, "games": games,
            "decisions_per_game": y["decisions"] / games, "yaml": y, "hand": h,
            "ratio": y["seconds"] / h["seconds"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="playouts per game and version")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    rows = [measure(name, args.players, args.games, args.repeat)
            for name in sorted(REFERENCE_GAMES)]
    machine = {"python": platform.python_version(), "cpu": platform.processor() or
               platform.machine(), "system": platform.system()}
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows}, indent=2))
        return
    print(f"machine: {machine}; {args.games} random playouts per row, {args.players} players, "
          f"fastest of {args.repeat} runs")
    print(f"{'game':<10} {'decisions/game':>14} {'YAML playouts/s':>16} {'YAML decisions/s':>17} "
          f"{'hand playouts/s':>16} {'hand decisions/s':>17} {'YAML/hand':>10}")
    for r in rows:
        y, h = r["yaml"], r["hand"]
        print(f"{r['game']:<10} {r['decisions_per_game']:>14.1f} {y['playouts_per_s']:>16,.0f} "
              f"{y['decisions_per_s']:>17,.0f} {h['playouts_per_s']:>16,.0f} "
              f"{h['decisions_per_s']:>17,.0f} {r['ratio']:>9.1f}x")


if __name__ == "__main__":
    main()
