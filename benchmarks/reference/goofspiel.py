"""Goofspiel by hand (benchmarks/games/goofspiel/game.yaml): each player holds the bid cards
1-9 of their colour; nine shuffled prizes are put up one by one, everybody bids one card in
secret, the single highest bid wins the prize's value (a tie: nobody does)."""
from __future__ import annotations

from interpreter.effects import rng

from . import ranked_result

COLOURS = ["red", "blue", "green", "gold"]
VALUES = range(1, 10)


class Goofspiel:
    name = "Goofspiel"

    def new_state(self, players: int = 2, seed: int = 0) -> dict:
        s = {"n": players, "rng": rng.seed_state(seed),
             "hands": [list(VALUES) for _ in range(players)], "prizes": list(VALUES),
             "points": [0] * players, "lot": 0, "bids": {}, "decisions": 0,
             "over": False, "result": None}
        rng.shuffle(s, s["prizes"])
        s["lot"] = s["prizes"].pop()                 # the top card (the list's end)
        return s

    def is_over(self, s: dict) -> bool:
        return s["over"]

    def result(self, s: dict):
        return s["result"]

    def waiting(self, s: dict) -> list:
        if s["over"]:
            return []
        bids = s["bids"]
        return [p for p in range(s["n"]) if p not in bids]

    def option_count(self, s: dict, seat: int) -> int:
        if s["over"] or seat in s["bids"]:
            return 0
        return len(s["hands"][seat])

    def options(self, s: dict, seat: int) -> list:
        if s["over"] or seat in s["bids"]:
            return []
        return [f"{COLOURS[seat]} {v}" for v in s["hands"][seat]]

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat in s["bids"]:
            raise ValueError(f"it is not seat {seat}'s decision")
        hand = s["hands"][seat]
        index = self.options(s, seat).index(choice) if isinstance(choice, str) else choice
        s["bids"][seat] = hand[index]
        s["decisions"] += 1
        if len(s["bids"]) < s["n"]:
            return
        bids = s["bids"]
        best = max(bids.values())
        winners = [p for p in range(s["n"]) if bids[p] == best]
        if len(winners) == 1:
            s["points"][winners[0]] += s["lot"]
        for p, v in bids.items():
            s["hands"][p].remove(v)
        s["bids"] = {}
        if s["prizes"]:
            s["lot"] = s["prizes"].pop()
        else:
            s["over"] = True
            s["result"] = ranked_result(s["points"])
