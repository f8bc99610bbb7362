"""Sow by hand (examples/sow/game.yaml, the cookbook's sowing game): two players, each with a
row of houses (4 by default, 3 seeds in each) and a store. The ring, in sowing order, is P1's
houses left to right, P1's store, P2's houses (P1's right to left), P2's store. On the board
(a grid of 2 rows and houses + 1 columns) P1's row is row 1, houses a1.. and store at its
right end; P2's row is row 2, its houses from the right end leftwards and its store at a2.

P1 moves first. A turn: the player takes every seed of one of their non-empty houses (asked
even when there is one: the YAML's `ask always`; options in ring order, named "c1 (4 seeds)",
"b2 (1 seed)") and sows them one by one into the following places of the ring, skipping the
opponent's store. When either side then has no seed left, each player moves the seeds on
their side into their store and the game ends (the fuller store wins). A last seed in their
own store gives them the next turn too. After `turn_cap` turns (200 by default) that did not
end the game, it stops undecided: no winner, the stores as they are."""
from __future__ import annotations

from . import OneMover, ranked_result

SEEDS = 3
DEFAULTS = {"houses": 4, "turn_cap": 200}


class Sow(OneMover):
    name = "Sow"

    def new_state(self, players: int = 2, seed: int = 0, options: dict | None = None) -> dict:
        if players != 2:
            raise ValueError("Sow is for 2 players")
        # no chance: the seed changes nothing
        opts = {**DEFAULTS, **(options or {})}
        h = opts["houses"]
        letters = [chr(ord("a") + c) for c in range(h + 1)]
        names = ([f"{letters[c]}1" for c in range(h + 1)]           # row 1, left to right
                 + [f"{letters[c]}2" for c in range(h, -1, -1)])    # row 2, right to left
        pits = ([SEEDS] * h + [0]) * 2
        s = {"n": 2, "h": h, "cap": opts["turn_cap"], "names": names, "pits": pits,
             "p": 0, "turns": 0, "decisions": 0, "over": False, "result": None}
        return s

    @staticmethod
    def _houses(s: dict, p: int) -> range:
        h = s["h"]
        return range(p * (h + 1), p * (h + 1) + h)

    @staticmethod
    def _store(s: dict, p: int) -> int:
        return p * (s["h"] + 1) + s["h"]

    def _end_turn(self, s: dict) -> None:
        """After a move: the game ends when a side is empty, or stops at the cap."""
        pits = s["pits"]
        sides = [self._houses(s, p) for p in range(2)]
        if any(sum(pits[i] for i in side) == 0 for side in sides):
            for p in range(2):
                store = self._store(s, p)
                for i in sides[p]:
                    pits[store] += pits[i]
                    pits[i] = 0
            s["over"] = True
            s["result"] = ranked_result([pits[self._store(s, p)] for p in range(2)])
        elif s["turns"] == s["cap"]:                # the cap: stopped, no winner
            scores = [pits[self._store(s, p)] for p in range(2)]
            order = sorted(range(2), key=lambda p: scores[p], reverse=True)
            s["over"] = True
            s["result"] = {"winners": [], "scores": scores, "ranking": order, "draw": False,
                           "capped": True}

    def _choices(self, s: dict) -> list:
        pits = s["pits"]
        return [i for i in self._houses(s, s["p"]) if pits[i]]

    def option_count(self, s: dict, seat: int) -> int:
        return 0 if s["over"] or seat != s["p"] else len(self._choices(s))

    def options(self, s: dict, seat: int) -> list:
        if s["over"] or seat != s["p"]:
            return []
        names, pits = s["names"], s["pits"]
        return [f"{names[i]} ({pits[i]} seed{'' if pits[i] == 1 else 's'})"
                for i in self._choices(s)]

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat != s["p"]:
            raise ValueError(f"it is not seat {seat}'s decision")
        index = self.options(s, seat).index(choice) if isinstance(choice, str) else choice
        s["decisions"] += 1
        s["turns"] += 1
        pits = s["pits"]
        i = self._choices(s)[index]
        n, pits[i] = pits[i], 0
        ring = len(pits)
        skip = self._store(s, 1 - seat)
        while n:
            i = (i + 1) % ring
            if i != skip:
                pits[i] += 1
                n -= 1
        if i != self._store(s, seat):               # else: another turn for the sower
            s["p"] = 1 - seat
        self._end_turn(s)
