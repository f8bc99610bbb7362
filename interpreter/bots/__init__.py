"""Bots: each picks an option index for one seat with `bot.choose(game, state, seat)`.

Bots draw from their own seeded random.Random, never from the game's generator,
so adding or swapping a bot never changes the game's chance events.
"""
from __future__ import annotations

from ..errors import RulebookError, did_you_mean
from .greedy import GreedyBot
from .random import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, game, seed):
    """A bot of a registered kind; an unknown kind is a RulebookError naming the known ones."""
    cls = BOTS.get(kind)
    if cls is None:
        hint = did_you_mean(kind, BOTS)
        raise RulebookError(f"no bot '{kind}'; bots are {', '.join(BOTS)}"
                            + (f" ({hint})" if hint else ""))
    return cls(game, seed)
