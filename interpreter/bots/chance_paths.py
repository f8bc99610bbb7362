"""The outcome paths of an option that consults chance, walked exactly while they are few.

Every draw of the generator (a die, each step of a shuffle, a card drawn from a bag) is one of
n equally likely outcomes (effects/rng.below). Applied with the outcomes of a path forced
(rng.forced), the option either settles (a leaf: the path's probability is the product of 1/n
over its draws) or stops at its next draw with NeedChance(n), which splits the path in n.
A greedy bot scores a roll by the exact expectation over these leaves when there are at most
`bots: samples` of them, instead of the mean over as many imagined worlds (greedy.py).

Paths are walked breadth first, and the walk gives up as soon as the leaves to come provably
exceed the cap (a pending path ends in at least one leaf, a draw of n makes n paths of one):
a shuffle of 20 cards stops at its first draw, and a path is run to its end only once every
shorter path has been split, so a walk the cap refuses wastes few applies (two dice against a
cap of 12: three applies, each stopped at a draw). Each path is applied to a state.clone of the
same world: the walk imagines no card and draws nothing from the bot's stream.
"""
from __future__ import annotations

from collections import deque
from fractions import Fraction

from ..effects import rng
from .worlds import WORLD_ERRORS


def outcome_paths(game, world: dict, seat: int, index: int, cap: int) -> list | None:
    """[(probability, state)] for the seat's option `index` applied in `world` (left as it
    is) along every outcome path of its draws, or None when there are more than `cap` paths.
    Each probability is an exact Fraction. A path on which the rules fail in this imagined
    world (worlds.WORLD_ERRORS) is impossible there and left out: the leaves' probabilities
    then add up to less than 1 (the caller weighs by what is left); none left: None."""
    leaves = []
    pending = deque([((), Fraction(1))])   # paths whose next draw is not known yet
    bound = 1                              # leaves to come, at least: found + pending
    while pending:
        prefix, p = pending.popleft()
        s = game.clone(world)
        try:
            with rng.forced(list(prefix)):
                game.apply(s, seat, index)
        except rng.NeedChance as e:
            bound += e.n - 1
            if bound > cap:
                return None
            q = p / e.n
            pending.extend((prefix + (k,), q) for k in range(e.n))
            continue
        except WORLD_ERRORS:
            bound -= 1
            continue
        leaves.append((p, s))
    return leaves or None
