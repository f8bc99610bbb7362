"""Bots: each picks an option index for one seat with `bot.choose(game, state, seat)`.

Bots draw from their own seeded generators, never from the game's, so adding or swapping a
bot never changes the game's chance events. A bot keeps no generator state between
decisions: each choice draws from a stream derived from the bot's seed and the decision's
number (`decision_stream`), so a choice depends only on the position and the seed, and an
`undo` followed by the same move gets the same answers. Neither the seed nor the decision
number is hidden from the seat, and the bot reads nothing else the seat may not see.
"""
from __future__ import annotations

from ..errors import RulebookError, did_you_mean
from .greedy import GreedyBot
from .random import RandomBot
from .streams import decision_stream, mix

BOTS = {"random": RandomBot, "greedy": GreedyBot}
__all__ = ["BOTS", "make_bot", "decision_stream", "mix"]


def make_bot(kind: str, game, seed):
    """A bot of a registered kind; an unknown kind is a RulebookError naming the known ones."""
    cls = BOTS.get(kind)
    if cls is None:
        hint = did_you_mean(kind, BOTS)
        raise RulebookError(f"no bot '{kind}'; bots are {', '.join(BOTS)}"
                            + (f" ({hint})" if hint else ""))
    return cls(game, seed)
