"""Metropolis's part of the blunder count (issue 25 item 12): how often the greedy bot bids
all its coins in the pregame auction, and greedy's win rate against random bots.

    python benchmarks/blunders_metropolis.py [--games N] [--seed S] [--bot greedy]
                                             [--game PATH]   # another copy of the game

N games (default 200), one greedy seat and four random ones; the greedy seat rotates (game i
puts it in seat i mod 5) so no seat's advantage counts for or against it; each game's seed
comes from the run's seed and the game's index. Counted for the greedy seat: its pregame bid
(M 4.2: 0 to its 20 coins), how often it bids all 20, how often it wins the pregame auction
and what it pays then; its round bids (M 12.1): how many bid all its coins (of at least 10),
and their mean share of its coins; and who wins the game (a shared first place is no win).
Prints a Markdown table; nothing here is asserted by the tests.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.analysis.intervals import wilson       # noqa: E402
from interpreter.bots import make_bot                    # noqa: E402
from interpreter.runtime.game import Game                # noqa: E402

PLAYERS = 5


def run(n: int, seed: int, spec: str, path: str = "metropolis") -> dict:
    game = Game.load(path)
    rows = []
    t0 = time.process_time()
    for i in range(n):
        rows.append(play(game, seed * 100003 + i, i % PLAYERS, spec))
    cpu = time.process_time() - t0
    bids = [r["bid"] for r in rows]
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    paid = [r["bid"] for r in rows if r["won_pregame"]]
    return {"games": n, "all 20": sum(b == 20 for b in bids), "over 10": sum(b > 10 for b in bids),
            "mean bid": sum(bids) / n, "pregame won": len(paid),
            "mean paid": (sum(paid) / len(paid)) if paid else 0.0,
            "wins": wins, "rate": wins / n, "lo": lo, "hi": hi, "cpu per game": cpu / n,
            "round bids": sum(r["round bids"] for r in rows),
            "all in": sum(r["all in"] for r in rows),
            "share": sum(r["share"] for r in rows) / max(1, sum(r["round bids"] for r in rows))}


def play(game, seed: int, me: int, spec: str) -> dict:
    """One game: the bot's pregame bid (its first answer to the pregame question, whether
    a plain sealed number or the first step of a sequence), whether it won the pregame
    auction (the sole highest bid, paid: M 4.4) and whether it won the game."""
    log: list = []
    bots = [make_bot(spec if p == me else "random", game, seed * 1009 + p)
            for p in range(PLAYERS)]
    s = game.new_state(PLAYERS, seed=seed, listener=log.append)
    bid = None
    rounds = {"round bids": 0, "all in": 0, "share": 0.0}
    while not s["over"]:
        seat = game.waiting(s)[0]
        i = bots[seat].choose(game, s, seat)
        if seat == me:
            prompt = game.prompt(s, seat)
            if bid is None and "Pregame" in prompt:
                label = game.options(s, seat)[i]
                if label.isdigit():
                    bid = int(label)
            elif "sealed bid for the lot" in prompt:
                coins = s["pl"][me]["coins"]
                b = int(game.options(s, seat)[i])
                rounds["round bids"] += 1
                rounds["all in"] += coins >= 10 and b == coins
                rounds["share"] += b / coins if coins else 0.0
        game.apply(s, seat, i, listener=log.append)
    top = next(int(x.rsplit(" ", 1)[1]) for x in log
               if x.startswith("Pregame auction: the highest bid is"))
    tie = any("a tie for the highest bid" in x for x in log)
    return {"bid": bid, "win": s["result"]["winners"] == [me],
            "won_pregame": bid == top and not tie, **rounds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--game", default="metropolis", help="the game's name or directory")
    a = ap.parse_args()
    r = run(a.games, a.seed, a.bot, a.game)
    print(f"Metropolis, {a.bot} in seat i mod 5 against 4 random bots, {a.games} games, seed "
          f"{a.seed} (Python {platform.python_version()}, {platform.machine()})\n")
    print("| games | pregame bids of all 20 coins | bids over 10 | mean bid | pregame won "
          "(mean paid) | round bids of all its coins (of >= 10) | mean round bid, share of "
          "coins | wins | win rate (95%) | CPU s/game |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {r['games']} | {r['all 20']} | {r['over 10']} | {r['mean bid']:.1f} | "
          f"{r['pregame won']} ({r['mean paid']:.1f}) | {r['all in']} of {r['round bids']} | "
          f"{100 * r['share']:.0f}% | {r['wins']} | {100 * r['rate']:.0f}% "
          f"({100 * r['lo']:.0f}%-{100 * r['hi']:.0f}%) | {r['cpu per game']:.2f} |")


if __name__ == "__main__":
    main()
