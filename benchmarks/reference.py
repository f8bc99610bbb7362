"""The reference benchmark: small games written both in YAML (benchmarks/games/, and the
cookbook's keep_dice and sow under examples/) and by hand in Python (benchmarks/reference/),
played with the same random decisions, timed in one run.

    python benchmarks/reference.py [--games N] [--players P] [--repeat R] [--only NAME] [--json]

Both versions play the same seeds with the same decision indices, so they play the same
games (tests/test_reference_games.py proves it, and tests/test_reference_cookbook_twins.py
compares the cookbook games' state after every decision); the ratio is YAML time / hand
time. Times are this process's CPU time, the two versions alternating every 50 games, so that
other work on a shared machine weighs on both alike; nothing here is asserted by the tests. A
game made for other player counts than P (Four in a Line is for 2, Sow too) plays the nearest
count it allows.
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
from interpreter.runtime.game import Game                # noqa: E402


def playouts(game, players: int, seeds: range) -> tuple:
    """Random playouts through the driver API, as benchmarks/run.py plays them:
    (CPU seconds, decisions)."""
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        r = random.Random(seed)
        s = game.new_state(players, seed=seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)))
            decisions += 1
    return time.process_time() - start, decisions


def measure(name: str, players: int, games: int, repeat: int, chunk: int = 50) -> dict:
    """Both versions over the same seeds, alternating every `chunk` games, timed in CPU time
    of this process (other work on a shared machine barely shows in it); the fastest of
    `repeat` passes of each counts."""
    path, hand = REFERENCE_GAMES[name]
    versions = {"yaml": Game.load(str(path)), "hand": hand()}
    g = versions["yaml"].g
    players = min(max(players, g.players_min), g.players_max)
    best = {k: float("inf") for k in versions}
    for _ in range(repeat):
        spent = {k: 0.0 for k in versions}
        made = {k: 0 for k in versions}       # decisions made in this pass
        for first in range(0, games, chunk):
            seeds = range(first, min(games, first + chunk))
            for k, game in versions.items():
                t, d = playouts(game, players, seeds)
                spent[k] += t
                made[k] += d
        best = {k: min(best[k], spent[k]) for k in versions}
    if made["yaml"] != made["hand"]:   # not the same games: the ratio would mean nothing
        raise SystemExit(f"{name}: the two versions made {made['yaml']} and {made['hand']} "
                         "decisions; they do not play the same games")
    rows = {k: {"seconds": best[k], "playouts_per_s": games / best[k],
                "decisions_per_s": made[k] / best[k], "decisions": made[k]} for k in versions}
    return {"game": name, "players": players, "games": games,
            "decisions_per_game": made["yaml"] / games, **rows,
            "ratio": best["yaml"] / best["hand"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="playouts per game and version")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3, help="passes over the games; the fastest of each version counts")
    ap.add_argument("--only", action="append", choices=sorted(REFERENCE_GAMES),
                    help="measure only this game (may be given again)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    rows = [measure(name, args.players, args.games, args.repeat)
            for name in sorted(args.only or REFERENCE_GAMES)]
    machine = {"python": platform.python_version(), "cpu": platform.processor() or
               platform.machine(), "system": platform.system()}
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows}, indent=2))
        return
    print(f"machine: {machine}; {args.games} random playouts per row, "
          f"CPU time, fastest of {args.repeat} passes")
    print(f"{'game':<10} {'players':>7} {'decisions/game':>14} {'YAML playouts/s':>16} {'YAML decisions/s':>17} "
          f"{'hand playouts/s':>16} {'hand decisions/s':>17} {'YAML/hand':>10}")
    for r in rows:
        y, h = r["yaml"], r["hand"]
        print(f"{r['game']:<10} {r['players']:>7} {r['decisions_per_game']:>14.1f} {y['playouts_per_s']:>16,.0f} "
              f"{y['decisions_per_s']:>17,.0f} {h['playouts_per_s']:>16,.0f} "
              f"{h['decisions_per_s']:>17,.0f} {r['ratio']:>9.1f}x")


if __name__ == "__main__":
    main()
