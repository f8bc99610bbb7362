"""The search bot's settings (`ismcts:iterations=50,depth=0`): the one table for parsing,
errors and README, outside the bots package so that validating a game's `bots: search`
imports no bot."""
from __future__ import annotations

from ..errors import RulebookError, did_you_mean

# name -> (type, default, meaning); the one table for parsing, errors and README
SETTINGS = {
    "iterations": (int, 400, "iterations per decision (the default budget)"),
    "ms": (int, 0, "a time budget per decision in milliseconds instead of iterations"),
    "depth": (int, 20, "decisions played past the tree before the position is scored"),
    "rollout": (str, "random", "how the playout chooses: random, or greedy"),
    "reward": (str, "result", "result (win/draw/loss) or margin (normalised score margin)"),
    "c": (float, 0.7, "UCB exploration constant"),
    "prior": (int, 0, "virtual visits per root option, scored by one step of the evaluation"),
    "prior_at": (str, "root", "where prior applies: root, all (every node of the tree), or "
                              "own (the nodes where the searching seat decides)"),
    "widen": (int, 0, "progressive widening: a seat that chose v times at a node picks among "
                      "its widen*(v+1)^widen_power options the prior ranks best (0: all; "
                      "needs prior)"),
    "widen_power": (float, 0.5, "how fast widening admits more options, in (0, 1]"),
    "secret_key": (str, "joint", "a secret choice's child: joint (every seat's pick) or own "
                                 "(the bot's own pick: the others' stay hidden)"),
    "trees": (int, 1, "root-parallel trees, each growing its share of the iterations from a "
                      "stream of its own; their root statistics are added up"),
    "workers": (int, 0, "processes the trees may grow in at once: 0 one per core (none at "
                        "the full-screen table or inside simulate --jobs N), 1 never"),
}
# the largest budget each number may name: beyond it a decision would run for hours (a typo,
# a unit slip: ms=600000000), so it is an error, not a hang
MOST = {"iterations": 1_000_000, "ms": 600_000, "depth": 100_000, "prior": 1_000_000,
        "c": 100.0, "trees": 64, "workers": 64, "widen": 1_000_000,
        "widen_power": 1.0}
# the smallest value of each number (others: 1), and the numbers that must lie above 0
LEAST = {"ms": 0, "c": 0, "depth": 0, "workers": 0, "widen": 0}
ABOVE_ZERO = ("widen_power",)
BUDGETS = ("iterations", "ms", "depth")
WORDS = {int: "a whole number", float: "a number", str: "a word"}
CHOICES = {"rollout": ("random", "greedy"), "reward": ("result", "margin"),
           "prior_at": ("root", "all", "own"), "secret_key": ("joint", "own")}


def parse_settings(text: str) -> dict:
    """'iterations=400,depth=20' -> {"iterations": 400, "depth": 20}; a clear error for an
    unknown name or a bad value."""
    out = {}
    for part in filter(None, (x.strip() for x in text.split(","))):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in SETTINGS:
            known = ", ".join(f"{k}=" for k in SETTINGS)
            hint = did_you_mean(name, SETTINGS)
            raise RulebookError(f"ismcts: unknown setting '{part}'"
                                + (f" ({hint})" if hint else "")
                                + f"; settings are {known} "
                                "(e.g. ismcts:iterations=400 or ismcts:ms=200)")
        kind = SETTINGS[name][0]
        try:
            v = kind(value.strip())
        except ValueError:
            raise RulebookError(f"ismcts: {name}={value}: not {WORDS[kind]}") from None
        if name in CHOICES and v not in CHOICES[name]:
            raise RulebookError(f"ismcts: {name}={value}: choose one of "
                                f"{', '.join(CHOICES[name])}")
        if kind is not str and (v <= 0 if name in ABOVE_ZERO else v < LEAST.get(name, 1)):
            raise RulebookError(f"ismcts: {name}={value} is too small")
        if name in MOST and v > MOST[name]:
            why = ": a decision would take hours" if name in BUDGETS else ""
            raise RulebookError(f"ismcts: {name}={value} is too large (at most "
                                f"{MOST[name]:,}{why})")
        if kind is float and v != v:
            raise RulebookError(f"ismcts: {name}={value}: not {WORDS[kind]}")
        out[name] = v
    if out.get("widen") and not out.get("prior"):
        raise RulebookError(f"ismcts: widen={out['widen']} needs prior=K: widening keeps the "
                            "options the prior ranks best (e.g. prior=10,widen=2)")
    return out
