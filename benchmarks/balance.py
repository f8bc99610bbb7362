"""The balance loop's costs: per-card statistics against plain simulation (CPU time of one
process, best of several interleaved repeats), and --jobs 2 against --jobs 1 (wall time).

    python benchmarks/balance.py [--game metras] [--players 4] [--games 200] [--repeats 3]

Wall-time speed-ups need a quiet machine: the figure is only as good as the machine is idle.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.analysis.cardstats import card_summary  # noqa: E402
from interpreter.analysis.runner import Runner, RunSpec, game_for, tasks_for  # noqa: E402
from interpreter.load.documents import resolve_game_path  # noqa: E402


def cpu(spec, tasks, repeats):
    """CPU seconds to play the games and, with per-card events, to summarise the cards."""
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        records = Runner(1).run(spec, tasks)
        if spec.cards:
            card_summary(game_for(spec).g, records, spec.players)
        best = min(best, time.process_time() - t)
    return best


def wall(spec, tasks, jobs):
    t = time.perf_counter()
    records = Runner(jobs).run(spec, tasks)
    return time.perf_counter() - t, records


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="metras")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", choices=["cards", "jobs"], default=None)
    a = ap.parse_args()
    spec = RunSpec(str(resolve_game_path(a.game).resolve()), a.players, cards=True)
    tasks = tasks_for(0, a.games, ["random"] * a.players, rotate=False)
    Runner(1).run(spec, tasks[:5])   # load the game once
    if a.only != "jobs":
        plain, cards = float("inf"), float("inf")
        for _ in range(a.repeats):
            plain = min(plain, cpu(replace(spec, cards=False), tasks, 1))
            cards = min(cards, cpu(spec, tasks, 1))
        print(f"{a.game} {a.players}p, {a.games} games, CPU s (best of {a.repeats}): plain "
              f"{plain:.2f}, with per-card events and statistics {cards:.2f} (+{cards / plain - 1:.0%})")
    if a.only != "cards":
        one, r1 = wall(spec, tasks, 1)
        two, r2 = wall(spec, tasks, 2)
        print(f"wall s: --jobs 1 {one:.2f}, --jobs 2 {two:.2f} (x{one / two:.2f}); "
              f"identical records: {r1 == r2}")


if __name__ == "__main__":
    main()
