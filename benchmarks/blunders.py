"""How often the greedy bot makes the blunders people noticed at the table, and how often it
wins: greedy in one seat (rotating: game i puts it in seat i mod players), random bots in the
others.

    python benchmarks/blunders.py [--game metras etheria metscri meta] [--games N]
                                  [--seed S] [--defs DIR] [--json]

--defs DIR plays the games found in DIR/<game> instead of gamedefs/ (e.g. a copy of the
definitions before a change: `git archive BASE gamedefs | tar -x -C /tmp/before`, then
--defs /tmp/before/gamedefs), so the same seeds measure before and after.

The blunders (issue 25, item 12), each counted over the greedy seat's decisions only:
  metras   bids IP on an intrigue card (theft, treachery, corruption, assassination)
           while its Espionage is 0; and pays IP for an intrigue card it then cannot play;
           discards for a servant a mission it won and could play (issue 35 item 3)
  etheria  discards a Rainbow (the 2-point card) while holding another colour
  metscri  turns up a card every seat already knew and does not collect it that turn (and
           the part of those that spent AP or left AP unspent: not the free first turn-up
           taken as the last act of a turn, which changes nothing)
  meta     discards for Focus in a turn that then plays and buys nothing after it (and does
           not win the game: issue 35 item 3, Focus left unspent); moves a
           construct back to a space it left earlier in the same turn
`--mirror [--games N] [--defs DIR]`: Metropolis with greedy in every seat (issue 35 item 3):
how many auctions tie (identical seats bidding alike; of those, how many at 0, where nobody
bid), how many pick-ups an equal bid voids (M 8.5: seats that bid alike fail together) and
how many deliveries carry 0 passengers. benchmarks/blunders_versus.py checks that a changed
evaluation did not make greedy weaker (new greedy against old, seats rotated).
Each row gives the count, what it is counted against (the chances to make it), greedy's win
rate with its 95% Wilson interval, and CPU seconds per game. Nothing here is asserted by the
tests; the figures are the machine's and the seeds'.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import platform
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.analysis.intervals import wilson        # noqa: E402
from interpreter.bots import make_bot                    # noqa: E402
from interpreter.runtime.game import Game                # noqa: E402

PLAYERS = {"metras": 3, "etheria": 3, "metscri": 2, "meta": 2}
INTRIGUE = ("Theft", "Treachery", "Corruption", "Assassination")


# ------------------------------------------------------------------ per-game detectors
class Detector:
    """Counts one game's blunders: `step` sees each greedy decision (the state before it, the
    label chosen, the prompt, the log lines it caused), `finish` the end of the game."""
    names: tuple = ()

    def __init__(self, game, seat):
        self.game, self.seat = game, seat
        self.label = game.g.seat_label(seat)
        self.count = {n: 0 for n in self.names}
        self.chances = {n: 0 for n in self.names}

    def step(self, before, after, label, prompt, lines):
        pass

    def other(self, after, lines):
        """Another seat's decision (its log lines): for blunders that end with a turn."""

    def finish(self, s):
        pass


class Metras(Detector):
    names = ("bid on intrigue with Espionage 0", "bid over 3 IP on intrigue with Espionage 0",
             "paid for an intrigue card it could not play",
             "IP paid for intrigue cards it could not play",
             "discarded for a servant a mission it won (it could play it)")

    def __init__(self, game, seat):
        super().__init__(game, seat)
        self.paid = {}          # card label -> price, intrigue cards won for more than 0
        self.missions = set()   # mission cards it won at auction, not yet resolved

    def espionage(self, s):
        cards = self.game.g.cards
        return sum(cards[c].get("espionage", 0) for c in s["z"][f"{self.seat}.slots.espionage"])

    def step(self, before, after, label, prompt, lines):
        if ": auction for " in prompt and any(f" {k}" in prompt for k in INTRIGUE) \
                and self.espionage(before) == 0:
            self.chances[self.names[0]] += 1
            self.chances[self.names[1]] += 1
            bid = int(label.split()[-1]) if label.split()[-1].isdigit() else 0
            self.count[self.names[0]] += bid > 0
            self.count[self.names[1]] += bid > 3
        self.read(lines)

    def other(self, after, lines):
        self.read(lines)

    def read(self, lines):
        for line in lines:
            m = re.match(rf"{self.label} wins the auction: (#\d+ \w+).* for (\d+) IP", line)
            if m and any(k in m.group(1) for k in INTRIGUE):
                self.chances[self.names[2]] += 1
                self.chances[self.names[3]] += int(m.group(2))
                if int(m.group(2)) > 0:
                    self.paid[m.group(1)] = int(m.group(2))
            m = re.match(rf"{self.label} wins the auction: (#\d+ Mission)", line)
            if m:
                self.chances[self.names[4]] += 1
                self.missions.add(m.group(1))
            # "discards ... for a servant" is the choice; "cannot play" is forced
            m = re.match(rf"{self.label} discards (#\d+ Mission)", line)
            if m and m.group(1) in self.missions:
                self.count[self.names[4]] += 1
            m = re.match(rf"{self.label} cannot play (#\d+ \w+)", line)
            if m and m.group(1) in self.paid:
                self.count[self.names[2]] += 1
                self.count[self.names[3]] += self.paid.pop(m.group(1))


class Etheria(Detector):
    names = ("discarded a Rainbow holding another colour",)

    def step(self, before, after, label, prompt, lines):
        if ": discard a resource card" not in prompt:
            return
        colours = {self.game.g.cards[c]["colour"] for c in before["z"][f"{self.seat}.hand"]}
        if "Rainbow" in colours and len(colours) > 1:
            self.chances[self.names[0]] += 1
            self.count[self.names[0]] += label == "Rainbow"


class Metscri(Detector):
    names = ("turned up a card all knew, not collected that turn",
             "the same, spending AP or with AP left (not the free last act of a turn)")

    def __init__(self, game, seat):
        super().__init__(game, seat)
        self.pending = []       # cards turned up this turn that every seat already knew

    def step(self, before, after, label, prompt, lines):
        m = re.match(r"turn (\w+) \(", label)
        if m:
            stack = before["z"][f"board.{m.group(1)}"]
            card = stack[-1]
            knew = before["cs"]["seen_by"].get(card, [])
            self.chances[self.names[0]] += 1
            self.chances[self.names[1]] += 1
            if all(p in knew for p in range(before["n"])):
                spent = before["g"]["turned"] > 0 or before["g"]["ap"] > before["g"]["turned"]
                self.pending.append((card, spent))
        if after["roles"].get("active") != self.seat:
            self.settle(after)

    def other(self, after, lines):
        self.settle(after)

    def settle(self, s):
        for card, spent in self.pending:
            if s["loc"][card].startswith("board."):     # still on the board: not collected
                self.count[self.names[0]] += 1
                self.count[self.names[1]] += spent
        self.pending = []

    def finish(self, s):
        self.settle(s)


class Meta(Detector):
    names = ("discarded for Focus, then played and bought nothing",
             "moved a construct back to a space it left this turn")

    def __init__(self, game, seat):
        super().__init__(game, seat)
        self.turn = []          # this turn's action labels
        self.path = {}          # cell -> the cells the construct now there stood on this turn

    def step(self, before, after, label, prompt, lines):
        if "choose an action" in prompt:
            self.turn.append(label)
        for line in lines:
            m = re.match(rf"{self.label} moves .* from (\w+) to (\w+)$", line)
            if m:
                a, b = m.groups()
                self.chances[self.names[1]] += 1
                seen = self.path.pop(a, {a})
                if b in seen:
                    self.count[self.names[1]] += 1
                self.path[b] = seen | {b}
        if after["roles"].get("active") != self.seat or after["over"]:
            self.end_turn(after["over"])

    def end_turn(self, over=False):
        # a turn that won the game (an attack after the discard) wasted nothing
        if self.turn and not over:
            discards = [i for i, x in enumerate(self.turn) if x.startswith("discard ")]
            if discards:
                self.chances[self.names[0]] += 1
                later = self.turn[discards[-1] + 1:]
                if not any(x.startswith(("play ", "buy ")) for x in later):
                    self.count[self.names[0]] += 1
        self.turn, self.path = [], {}

    def finish(self, s):
        self.end_turn(True)


DETECTORS = {"metras": Metras, "etheria": Etheria, "metscri": Metscri, "meta": Meta}


# ------------------------------------------------------------------ the games
def game_seed(seed: int, game: str, i: int) -> int:
    text = f"{seed}/{game}/blunders/{i}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def one_game(game, name: str, players: int, seed: int, i: int) -> dict:
    me = i % players
    s = game.new_state(players, seed)
    bots = [make_bot("greedy" if p == me else "random", game, seed * 1009 + p)
            for p in range(players)]
    det = DETECTORS[name](game, me)
    start = time.process_time()
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        index = bots[seat].choose(game, s, seat)
        lines = []
        if seat == me:
            before = game.clone(s)
            label = game.options(s, seat)[index]
            prompt = game.prompt(s, seat)
            game.apply(s, seat, index, listener=lines.append)
            det.step(before, s, label, prompt, [str(x) for x in lines])
        else:
            game.apply(s, seat, index, listener=lines.append)
            det.other(s, [str(x) for x in lines])
    det.finish(s)
    winners = s["result"]["winners"]
    return {"win": winners == [me], "count": det.count, "chances": det.chances,
            "seconds": time.process_time() - start}


def measure(name: str, path: str, games: int, seed: int, verbose: bool) -> dict:
    game = Game.load(path)
    players = PLAYERS[name]
    total = {n: 0 for n in DETECTORS[name].names}
    chances = dict(total)
    wins = 0
    seconds = 0.0
    for i in range(games):
        r = one_game(game, name, players, game_seed(seed, name, i), i)
        wins += r["win"]
        seconds += r["seconds"]
        for n in total:
            total[n] += r["count"][n]
            chances[n] += r["chances"][n]
        if verbose:
            # per game, so a run stopped early still counts (the chances too)
            print(f"{name} game {i}: greedy {'won' if r['win'] else 'lost'} {r['count']} "
                  f"of {r['chances']}", file=sys.stderr, flush=True)
    lo, hi = wilson(wins, games)
    return {"game": name, "defs": path, "players": players, "games": games, "wins": wins,
            "win_rate": wins / games, "interval": [lo, hi], "blunders": total,
            "chances": chances, "seconds_per_game": seconds / games}


def mirror(path: str, games: int, seed: int, players: int = 5) -> dict:
    """Metropolis with greedy in every seat (issue 35 item 3): seats in the same position
    mirror each other, so sealed auctions tie. Counts the auctions (pregame and rounds) that
    ended in a tie (and of those, the ties at 0: nobody bid, as on a worthless last lot), the
    pick-ups voided by an equal bid at the same station (M 8.5: seats that bid alike fail
    together), and the deliveries of 0 passengers, over `games` seeded games."""
    game = Game.load(path)
    tied = tied0 = auctions = zero = equal = 0
    start = time.process_time()
    for i in range(games):
        lines: list = []
        gs = game_seed(seed, "metropolis-mirror", i)
        s = game.new_state(players, gs, listener=lines.append)
        bots = [make_bot("greedy", game, gs * 1000 + p) for p in range(players)]
        while not s["over"]:
            seat = game.waiting(s)[0]
            game.apply(s, seat, bots[seat].choose(game, s, seat), listener=lines.append)
        top = None
        for line in map(str, lines):
            m = re.match(r"Pregame auction: the highest bid is (\d+)", line)
            if m:
                top = int(m.group(1))
            elif re.match(r"(Pregame auction:|The auction of round \d+)", line):
                auctions += 1
                tied += "a tie" in line
                m = re.search(r"a tie at (\d+)", line)
                at = int(m.group(1)) if m else top
                tied0 += "a tie" in line and at == 0
            zero += bool(re.search(r"delivers 0 passengers", line))
            equal += "picks up nothing" in line and "an equal bid" in line
    return {"games": games, "auctions": auctions, "tied": tied, "tied_at_0": tied0,
            "equal_pickups": equal, "zero_deliveries": zero,
            "seconds_per_game": (time.process_time() - start) / games}


def main() -> None:
    if "--mirror" in sys.argv:      # all-greedy Metropolis: tied auctions, empty deliveries
        ap = argparse.ArgumentParser()
        ap.add_argument("--mirror", action="store_true")
        ap.add_argument("--games", type=int, default=5)
        ap.add_argument("--seed", type=int, default=0)
        ap.add_argument("--defs")
        args = ap.parse_args()
        path = str(Path(args.defs) / "metropolis") if args.defs else "metropolis"
        r = mirror(path, args.games, args.seed)
        print(f"| metropolis 5 greedy | {args.defs or 'gamedefs'} | {r['games']} | "
              f"{r['tied']} of {r['auctions']} auctions tied ({r['tied_at_0']} at 0) | "
              f"{r['equal_pickups']} pick-ups voided by an equal bid | "
              f"{r['zero_deliveries']} deliveries of 0 | "
              f"{r['seconds_per_game']:.1f} CPU s/game |")
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--defs", help="a directory holding the games' definitions (default "
                    "gamedefs/)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    rows = []
    for name in args.game:
        path = str(Path(args.defs) / name) if args.defs else name
        rows.append(measure(name, path, args.games, args.seed, args.verbose))
        r = rows[-1]
        if not args.json:
            lo, hi = r["interval"]
            for n, k in r["blunders"].items():
                print(f"| {name} | {args.defs or 'gamedefs'} | {r['games']} | {n} | {k} of "
                      f"{r['chances'][n]} | {r['win_rate']:.0%} ({lo:.0%} - {hi:.0%}) | "
                      f"{r['seconds_per_game']:.1f} |", flush=True)
    if args.json:
        print(json.dumps({"machine": f"{platform.machine()}, Python "
                                     f"{platform.python_version()}", "rows": rows}))


if __name__ == "__main__":
    main()
