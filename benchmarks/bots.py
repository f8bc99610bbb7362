"""Bot play, side by side with the engine this work started from (issue 35).

    python benchmarks/bots.py [--game metscri ...] [--games N] [--decisions D]
                              [--base COMMIT] [--json]
    python benchmarks/bots.py --strength [--games N] [--game ...] [--jobs J]   # strength.py's table

Speed: for each game at its usual player count, measured in this checkout and in a checkout of
BASE (the commit this branch starts from, `git archive` into a temporary folder, as
benchmarks/same_yaml.py compares two engines), each with its own gamedefs/:
  random    decisions per CPU second (every seat random, 10N games; choosing and applying)
  greedy    decisions per CPU second and CPU seconds per game (every seat greedy, N games)
  ismcts    decisions per CPU second at the game's `bots: search` budget (seat 1 searches, the
            others greedy; the first D decisions of seat 1), and the CPU seconds per game that
            implies (its decisions in a greedy game times its seconds per decision)
  iter/s    search iterations per CPU second at depth 0 (the game's settings, depth=0,
            100 iterations) over D decisions along a random game
and the ratio this/base of each. CPU time of the measuring process (time.process_time), so a
busy shared machine slows the figures less than wall time would; still, say the load.

--strength runs benchmarks/strength.py (ismcts against greedy and random, seats rotated, 95%
Wilson intervals) with the remaining arguments. Nothing here is asserted by the tests.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
BASE = "08bc7d0"          # main when issue 35's work began
PLAN = {"metras": 3, "etheria": 4, "metscri": 2, "meta": 2, "metropolis": 5}
SEED = 11


def measure(engine: Path, names: list, games: int, decisions: int) -> dict:
    """Every figure for one engine (this process imports it from `engine`)."""
    sys.path.insert(0, str(engine))
    from interpreter.bots import make_bot
    from interpreter.runtime.game import Game

    def count(game, s, seat):
        return game.bot_option_count(s, seat)

    def play(game, players, seed, kinds, watch=None, limit=None):
        """A game by `kinds` per seat: (decisions, CPU s) of every seat, or of seat `watch`
        only, stopping after `limit` of its decisions."""
        s = game.new_state(players, seed=seed)
        bots = [make_bot(k, game, seed * 1000 + p) for p, k in enumerate(kinds)]
        n, cpu = 0, 0.0
        while not s["over"] and (limit is None or n < limit):
            seat = game.waiting(s)[0]
            t = time.process_time()
            i = bots[seat].choose(game, s, seat)
            if watch is None:       # the whole game: choices and the rules
                game.apply(s, seat, i)
                cpu += time.process_time() - t
                n += 1
                continue
            if seat == watch:       # the watched seat's choices only
                cpu += time.process_time() - t
                n += 1
            game.apply(s, seat, i)
        return n, cpu, s["decisions"]

    out = {}
    for name in names:
        players = PLAN[name]
        game = Game.load(str(engine / "gamedefs" / name / "game.yaml"))
        row = out[name] = {}
        n = cpu = 0
        for seed in range(10 * games):     # (cheap: ten times as many)
            a, b, _ = play(game, players, SEED + seed, ["random"] * players)
            n, cpu = n + a, cpu + b
        row["random_per_s"] = n / cpu
        n = cpu = 0
        for seed in range(games):
            a, b, _ = play(game, players, SEED + seed, ["greedy"] * players)
            n, cpu = n + a, cpu + b
        row["greedy_per_s"], row["greedy_s_per_game"] = n / cpu, cpu / games
        # ismcts: seat 0 searches at the game's budget, greedy elsewhere; its share of a game's
        # decisions from the greedy games above (decisions / players, as every seat decides)
        a, b, _ = play(game, players, SEED, ["ismcts"] + ["greedy"] * (players - 1),
                       watch=0, limit=decisions)
        row["ismcts_per_s"] = a / b
        row["ismcts_s_per_game"] = b / a * (row["greedy_per_s"] * row["greedy_s_per_game"]
                                           / players)
        settings = dict(game.g.search_settings)
        settings.update(iterations=100, depth=0)
        settings.pop("ms", None)
        spec = "ismcts:" + ",".join(f"{k}={v}" for k, v in settings.items())
        bot = make_bot(spec, game, 1)
        rng = random.Random(SEED)
        s = game.new_state(players, seed=SEED)
        it, cpu, taken = 0, 0.0, 0
        while not s["over"] and taken < decisions:
            seat = game.waiting(s)[0]
            m = count(game, s, seat)
            if m > 1 and rng.random() < 0.3:
                t = time.process_time()
                bot.choose(game, s, seat)
                cpu += time.process_time() - t
                it += bot.last["iterations"]
                taken += 1
            game.apply(s, seat, rng.randrange(m))
        row["iterations_per_s"] = it / cpu if cpu else 0.0
        print(f"  {engine.name or engine}: {name} done", file=sys.stderr, flush=True)
    return out


def base_checkout(commit: str, into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


FIGURES = [("random_per_s", "random dec/s", 1), ("greedy_per_s", "greedy dec/s", 1),
           ("greedy_s_per_game", "greedy s/game", -1), ("ismcts_per_s", "ismcts dec/s", 1),
           ("ismcts_s_per_game", "ismcts s/game/seat", -1),
           ("iterations_per_s", "iter/s (depth 0)", 1)]


def table(this: dict, base: dict) -> str:
    lines = ["| game | figure | base | this | ratio (better >1) |", "|---|---|---|---|---|"]
    for name, row in this.items():
        for key, words, better in FIGURES:
            a, b = base[name][key], row[key]
            ratio = (b / a if better > 0 else a / b) if a and b else 0.0
            lines.append(f"| {name} {PLAN[name]}p | {words} | {a:,.2f} | {b:,.2f} | "
                         f"{ratio:.2f}x |")
    return "\n".join(lines)


def main() -> None:
    if "--strength" in sys.argv:
        sys.argv.remove("--strength")
        sys.path.insert(0, str(HERE.parent))
        import strength
        strength.main()
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="+", default=list(PLAN), choices=list(PLAN))
    ap.add_argument("--games", type=int, default=1, help="random and greedy games per game")
    ap.add_argument("--decisions", type=int, default=10,
                    help="ismcts decisions measured per game")
    ap.add_argument("--base", default=BASE, help="the engine to compare with (a commit)")
    ap.add_argument("--measure", help=argparse.SUPPRESS)    # (the child: an engine's folder)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.measure:
        print(json.dumps(measure(Path(args.measure), args.game, args.games, args.decisions)))
        return
    def child(name: str, engine: Path) -> list:
        return [sys.executable, str(HERE), "--game", name, "--games", str(args.games),
                "--decisions", str(args.decisions), "--measure", str(engine)]
    with tempfile.TemporaryDirectory(prefix="rulebook-base-") as tmp:
        base_dir = base_checkout(args.base, Path(tmp))
        env = dict(os.environ, PYTHONPATH="")
        got: dict = {"base": {}, "this": {}}
        for name in args.game:      # the engines alternate game by game: a shared machine's
            for label, engine in (("base", base_dir), ("this", ROOT)):   # load drifts less
                run = subprocess.run(child(name, engine), capture_output=True, text=True,
                                     env=env, cwd=str(engine))
                if run.returncode:
                    sys.exit(f"{label} engine failed:\n{run.stderr}")
                got[label].update(json.loads(run.stdout))
                print(f"{name}: {label} measured", file=sys.stderr, flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({"base": args.base, "load": load, **got}))
        return
    print(f"{platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load {load:.1f}; base {args.base}; CPU time; {args.games} game(s), "
          f"{args.decisions} ismcts decisions per game\n")
    print(table(got["this"], got["base"]))


if __name__ == "__main__":
    main()
