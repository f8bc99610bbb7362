"""How strong, and how fast, the search bot is: ismcts against greedy and random bots.

    python benchmarks/strength.py [--games N] [--budget iterations=100] [--game metras ...]
                                  [--against greedy random] [--jobs J] [--seed S]
                                  [--start I] [--json] [--verbose]
    python benchmarks/strength.py --speed [--decisions D] [--budget ...]
    python benchmarks/strength.py --merge PART.json ...    # parts of one run, added up

Strength: for each game (at the player count in PLAN and the budget its YAML recommends,
`bots: search`, unless --budget names one for every game) and each opponent kind, N games
with one ismcts seat and every other seat an opponent bot; the ismcts seat rotates (game i
puts it in seat i mod players) so no seat's advantage counts for or against it. Each game's seed comes from the run's seed and
the game's index through a hash. Prints a Markdown table: ismcts wins, win rate with its
95% Wilson interval, the fair share (1/players), CPU seconds per game. A draw is not a win.

Speed (--speed): iterations per CPU second of ismcts decisions taken along random games, and
the share of iterations lost to imagined worlds the rules cannot play.

Timings are one process per job; nothing here is asserted by the tests.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.bots import make_bot                    # noqa: E402
from interpreter.analysis.intervals import wilson       # noqa: E402
from interpreter.runtime.game import Game                        # noqa: E402

# game -> players; a game not in this checkout's gamedefs/ is left out of the choices
PLAN = {name: players for name, players in
        (("metras", 3), ("etheria", 3), ("metscri", 2), ("meta", 2), ("metropolis", 5))
        if (Path(__file__).resolve().parent.parent / "gamedefs" / name).is_dir()}
DEFAULT = list(PLAN)
_games: dict = {}
VERBOSE = False


def load(name: str) -> Game:
    return _games.get(name) or _games.setdefault(name, Game.load(name))


def budget_of(name: str, override: str | None) -> str:
    """--budget, else the settings the game recommends (`bots: search`), as written."""
    if override:
        return override
    settings = load(name).g.search_settings
    if not settings:
        sys.exit(f"{name} declares no `bots: search`; pass --budget")
    return ",".join(f"{k}={v}" for k, v in settings.items())


def game_seed(seed: int, game: str, against: str, i: int) -> int:
    text = f"{seed}/{game}/{against}/{i}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def one_game(name: str, players: int, spec: str, against: str, seed: int, i: int) -> dict:
    """One game, ismcts in seat i mod players; its result for that seat and its time."""
    game = load(name)
    me = i % players
    s = game.new_state(players, seed)
    bots = [make_bot(spec if p == me else against, game, seed * 1009 + p) for p in range(players)]
    start = time.process_time()
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat))
    winners = s["result"]["winners"]
    out = {"win": winners == [me], "draw": len(winners) != 1,
           "seconds": time.process_time() - start, "decisions": s["decisions"]}
    if VERBOSE:
        print(f"{name} vs {against} game {i}: ismcts P{me + 1} "
              f"{'won' if out['win'] else 'draw' if out['draw'] else 'lost'}, "
              f"scores {s['result'].get('scores')}, {out['seconds']:.0f} CPU s",
              file=sys.stderr, flush=True)
    return out


def strength(args) -> list:
    rows = []
    for name in args.game:
        players, budget = PLAN[name], budget_of(name, args.budget)
        for against in args.against:
            jobs = [(name, players, "ismcts:" + budget, against,
                     game_seed(args.seed, name, against, i), i)
                    for i in range(args.start, args.start + args.games)]
            if args.jobs > 1:
                with cf.ProcessPoolExecutor(args.jobs) as pool:
                    results = list(pool.map(one_game, *zip(*jobs)))
            else:
                results = [one_game(*j) for j in jobs]
            rows.append(make_row(name, players, against, budget, len(results),
                                 sum(r["win"] for r in results),
                                 sum(r["draw"] for r in results),
                                 sum(r["seconds"] for r in results)))
            print(row_text(rows[-1]), file=sys.stderr, flush=True)
    return rows


def make_row(name: str, players: int, against: str, budget: str, games: int, wins: int,
             draws: int, seconds: float) -> dict:
    lo, hi = wilson(wins, games)
    return {"game": name, "players": players, "against": against, "budget": budget,
            "games": games,
            "wins": wins, "draws": draws, "win_rate": wins / games, "interval": [lo, hi],
            "fair_share": 1 / players, "seconds_per_game": seconds / games}


def merge(paths: list) -> list:
    """The rows of several --json parts, added up per game, opponent kind and budget (a
    part's rows without a budget of their own have the part's)."""
    total = {}
    for path in paths:
        part = json.loads(Path(path).read_text())
        for r in part["rows"]:
            key = (r["game"], r["players"], r["against"], r.get("budget") or part["budget"])
            t = total.setdefault(key, [0, 0, 0, 0.0])
            for k, v in enumerate((r["games"], r["wins"], r["draws"],
                                   r["seconds_per_game"] * r["games"])):
                t[k] += v
    return [make_row(*key, *t) for key, t in total.items()]


def speed(args) -> list:
    rows = []
    for name in args.game:
        players = PLAN[name]
        game = load(name)
        budget = budget_of(name, args.budget)
        bot = make_bot("ismcts:" + budget, game, 1)
        rng = random.Random(args.seed)
        s = game.new_state(players, args.seed)
        it = failed = 0
        seconds = 0.0
        taken = 0
        while not game.is_over(s) and taken < args.decisions:
            seat = game.waiting(s)[0]
            if game.option_count(s, seat) > 1 and rng.random() < 0.3:
                cpu = time.process_time()     # CPU time: the machine may be shared
                bot.choose(game, s, seat)
                seconds += time.process_time() - cpu
                it += bot.last["iterations"]
                failed += bot.last["failed"]
                taken += 1
            game.apply(s, seat, rng.randrange(game.option_count(s, seat)))
        rows.append({"game": name, "players": players, "budget": budget, "decisions": taken,
                     "iterations_per_s": it / seconds if seconds else 0.0,
                     "failed_share": failed / it if it else 0.0})
    return rows


def row_text(r: dict) -> str:
    lo, hi = r["interval"]
    return (f"| {r['game'].capitalize()} | {r['players']} | {r['against']} | "
            f"`{r['budget']}` | {r['games']} | "
            f"{r['wins']} | {r['draws']} | {r['win_rate']:.0%} | {lo:.0%} - {hi:.0%} | "
            f"{r['fair_share']:.0%} | {r['seconds_per_game']:.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per game and opponent kind")
    ap.add_argument("--budget", help="the ismcts settings for every game "
                    "(default: each game's own, its YAML's bots: search)")
    ap.add_argument("--game", nargs="+", default=DEFAULT, choices=list(PLAN))
    ap.add_argument("--against", nargs="+", default=["greedy", "random"])
    ap.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", type=int, default=0,
                    help="index of the first game: split a long run into parts that add up")
    ap.add_argument("--speed", action="store_true", help="measure iterations/s instead")
    ap.add_argument("--decisions", type=int, default=20, help="--speed: decisions per game")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="a line per game on stderr")
    ap.add_argument("--merge", nargs="+", metavar="PART", help="add up --json parts")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    machine = f"{platform.machine()}, Python {platform.python_version()}"
    if args.speed:
        rows = speed(args)
        if args.json:
            print(json.dumps({"machine": machine, "budget": args.budget, "rows": rows}))
            return
        print(f"{machine}\n")
        print("| game | players | budget | decisions | iterations/s | worlds the rules cannot "
              "play |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['game'].capitalize()} | {r['players']} | `{r['budget']}` | "
                  f"{r['decisions']} | "
                  f"{r['iterations_per_s']:.0f} | {r['failed_share']:.1%} |")
        return
    if args.merge:
        rows = merge(args.merge)
    else:
        rows = strength(args)
    if args.json:
        print(json.dumps({"machine": machine, "budget": args.budget, "rows": rows}))
        return
    print(f"{machine}\n")
    print("| game | players | opponents | ismcts budget | games | ismcts wins | draws | win rate "
          "| 95% interval | fair share | CPU s/game |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(row_text(r))


if __name__ == "__main__":
    main()
