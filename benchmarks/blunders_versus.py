"""Did a change to a game's bot evaluation make greedy weaker? One greedy seat playing by
the evaluation in gamedefs/<game> against greedy seats playing by another copy of the game
(--old DIR, e.g. the definitions before the change), seats rotated (game i puts the new
seat in seat i mod players), on seeded games.

    python benchmarks/blunders_versus.py --game metras --old /tmp/before/gamedefs [--games N]

The games are played by the rules of gamedefs/<game>; the old copy only decides its seats'
moves, so it must declare the same procedures and state (a change confined to `functions`
and `bots`, or a copy of the new definitions with the old evaluation put back). Prints the
new seat's wins (a sole first place), shared wins, its win rate with a 95% Wilson interval
against the fair share 1/players, and CPU seconds per game. Nothing here is asserted by the
tests; the figures are the seeds' and the machine's.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.analysis.intervals import wilson        # noqa: E402
from interpreter.bots import make_bot                    # noqa: E402
from interpreter.runtime.game import Game                # noqa: E402

PLAYERS = {"metras": 3, "etheria": 3, "metscri": 2, "meta": 2, "metropolis": 5}


def game_seed(seed: int, game: str, i: int) -> int:
    text = f"{seed}/{game}/versus/{i}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def one_game(new, old, players: int, seed: int, me: int) -> tuple:
    """(the new seat won alone, it shared first place) in one game of the new rules."""
    s = new.new_state(players, seed)
    seats = [(make_bot("greedy", new if p == me else old, seed * 1009 + p), new if p == me
              else old) for p in range(players)]
    while not new.is_over(s):
        seat = new.waiting(s)[0]
        bot, defs = seats[seat]
        new.apply(s, seat, bot.choose(defs, s, seat))
    winners = s["result"]["winners"]
    return winners == [me], me in winners and len(winners) > 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=list(PLAYERS))
    ap.add_argument("--old", required=True, help="a directory holding the old definitions")
    ap.add_argument("--new", help="a directory holding the new definitions (default gamedefs/)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    new = Game.load(str(Path(a.new) / a.game) if a.new else a.game)
    old = Game.load(str(Path(a.old) / a.game))
    players = PLAYERS[a.game]
    wins = shared = 0
    start = time.process_time()
    for i in range(a.games):
        won, tie = one_game(new, old, players, game_seed(a.seed, a.game, i), i % players)
        wins += won
        shared += tie
    lo, hi = wilson(wins, a.games)
    print(f"| {a.game} | new greedy vs {players - 1} old ({a.old}) | {a.games} | {wins} won, "
          f"{shared} shared | {wins / a.games:.0%} ({lo:.0%} - {hi:.0%}) | fair share "
          f"{1 / players:.0%} | {(time.process_time() - start) / a.games:.1f} CPU s/game |")


if __name__ == "__main__":
    main()
