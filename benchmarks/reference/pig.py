"""Pig by hand (benchmarks/games/pig/game.yaml): on your turn roll a die as often as you like;
a 1 loses the turn's total, holding banks it; the first to bank 50 wins at once."""
from __future__ import annotations

from interpreter.effects import rng

from . import OneMover, ranked_result

GOAL = 50
LABELS = ["roll again", "hold"]


class Pig(OneMover):
    name = "Pig"

    def new_state(self, players: int = 2, seed: int = 0) -> dict:
        s = {"n": players, "rng": rng.seed_state(seed), "score": [0] * players, "p": 0,
             "total": 0, "decisions": 0, "over": False, "result": None}
        self._roll_on(s)
        return s

    def _roll_on(self, s: dict) -> None:
        """Roll for the current player until they may decide (a roll of 2-6)."""
        while True:
            r = 1 + rng.below(s, 6)
            if r != 1:
                s["total"] += r
                return
            s["total"] = 0                       # a 1: the turn's total is lost
            s["p"] = (s["p"] + 1) % s["n"]

    def option_count(self, s: dict, seat: int) -> int:
        return 0 if s["over"] or seat != s["p"] else 2

    def options(self, s: dict, seat: int) -> list:
        return [] if s["over"] or seat != s["p"] else list(LABELS)

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat != s["p"]:
            raise ValueError(f"it is not seat {seat}'s decision")
        index = LABELS.index(choice) if isinstance(choice, str) else choice
        s["decisions"] += 1
        if index == 0:                               # roll again
            self._roll_on(s)
            return
        p = s["p"]                                   # hold
        s["score"][p] += s["total"]
        s["total"] = 0
        if s["score"][p] >= GOAL:
            s["over"] = True
            s["result"] = ranked_result(s["score"])
            return
        s["p"] = (p + 1) % s["n"]
        self._roll_on(s)
