"""Keep Dice by hand (examples/keep_dice/game.yaml, the cookbook's roll-and-write): three
rounds; in each, every player in seat order rolls three dice and keeps any one or more of
them. Kept dice all of one face score their sum doubled for each die past the first (one 4:
4, two 4s: 16, three 4s: 48); a mixed set scores its dice above 3, or its highest die if that
is more. After three rounds the highest score wins.

The options are the kept sets as the engine's `choose any of dice at least 1` offers them:
the dice are sorted, sets are taken by position, smallest first, in position order within a
size (itertools.combinations), each named by its dice ("3, 5"); a name met before gets " #2",
" #3" (two equal dice give two equal sets)."""
from __future__ import annotations

from itertools import combinations

from interpreter.effects import rng

from . import OneMover, ranked_result

ROUNDS = 3
DICE = 3
# every kept set by dice positions, in the order of the options
SETS = [c for k in range(1, DICE + 1) for c in combinations(range(DICE), k)]


def worth(kept: list) -> int:
    if len(set(kept)) == 1:
        return sum(kept) * 2 ** (len(kept) - 1)
    return max(max(kept), sum(d for d in kept if d > 3))


def labels(dice: list) -> list:
    seen: dict = {}
    out = []
    for c in SETS:
        name = ", ".join(str(dice[i]) for i in c)
        if name in seen:
            seen[name] += 1
            name = f"{name} #{seen[name]}"
        else:
            seen[name] = 1
        out.append(name)
    return out


class KeepDice(OneMover):
    name = "Keep Dice"

    def new_state(self, players: int = 2, seed: int = 0) -> dict:
        if not 2 <= players <= 4:
            raise ValueError("Keep Dice is for 2 to 4 players")
        s = {"n": players, "rng": rng.seed_state(seed), "score": [0] * players,
             "tally": [{} for _ in range(players)], "round": 1, "p": 0, "dice": None,
             "decisions": 0, "over": False, "result": None}
        self._roll(s)
        return s

    def _roll(self, s: dict) -> None:
        """The player to move starts their turn: a clean tally and three dice, sorted."""
        s["tally"][s["p"]] = {}
        s["dice"] = sorted(1 + rng.below(s, 6) for _ in range(DICE))

    def option_count(self, s: dict, seat: int) -> int:
        return 0 if s["over"] or seat != s["p"] else len(SETS)

    def options(self, s: dict, seat: int) -> list:
        return [] if s["over"] or seat != s["p"] else labels(s["dice"])

    def apply(self, s: dict, seat: int, choice) -> None:
        if s["over"] or seat != s["p"]:
            raise ValueError(f"it is not seat {seat}'s decision")
        index = labels(s["dice"]).index(choice) if isinstance(choice, str) else choice
        s["decisions"] += 1
        dice = s["dice"]
        kept = [dice[i] for i in SETS[index]]
        tally = s["tally"][seat]
        for d in kept:
            tally[d] = tally.get(d, 0) + 1
        s["score"][seat] += worth(kept)
        if seat + 1 < s["n"]:
            s["p"] = seat + 1
        elif s["round"] < ROUNDS:
            s["round"] += 1
            s["p"] = 0
        else:
            s["over"] = True
            s["dice"] = None
            s["result"] = ranked_result(s["score"])
            return
        self._roll(s)
