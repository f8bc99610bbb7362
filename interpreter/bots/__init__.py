"""Bots: each picks an option index for one seat with `bot.choose(game, state, seat)`.

Bots draw from their own seeded random.Random, never from the game's generator,
so adding or swapping a bot never changes the game's chance events. A bot that looks
at the state looks at an imagined world (worlds.determinize), never at hidden cards.

A bot is named by a spec, KIND or KIND:SETTINGS: `random`, `greedy`,
`ismcts:iterations=400`, `ismcts:ms=200,depth=20`, `policy:cautious`.
"""
from __future__ import annotations

from ..errors import RulebookError, did_you_mean
from .greedy import GreedyBot
from .ismcts import IsmctsBot, parse_settings
from .policy import PolicyBot
from .random import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot, "policy": PolicyBot}


def make_bot(spec: str, game, seed):
    """A bot from its spec; an unknown kind or setting is a RulebookError naming the known."""
    kind, colon, arg = str(spec).partition(":")
    kind = kind.strip()
    cls = BOTS.get(kind)
    if cls is None:
        hint = did_you_mean(kind, BOTS)
        raise RulebookError(f"no bot '{kind}'; bots are {', '.join(BOTS)}"
                            + (f" ({hint})" if hint else ""))
    if cls is IsmctsBot:
        return cls(game, seed, **parse_settings(arg))
    if cls is PolicyBot:
        return cls(game, seed, arg.strip() if colon else "")
    if colon:
        raise RulebookError(f"the {kind} bot takes no settings ('{spec}')")
    return cls(game, seed)
