"""Bots: each picks an option index for one seat with `bot.choose(game, state, seat)`.

Bots draw from their own seeded generators, never from the game's, so adding or swapping a
bot never changes the game's chance events. A bot keeps no generator state between
decisions: each choice draws from a stream derived from the bot's seed and the decision's
number (`decision_stream`), so a choice depends only on the position and the seed, and an
`undo` followed by the same move gets the same answers. Neither the seed nor the decision
number is hidden from the seat. A bot that looks at the state looks at an imagined world
(worlds.determinize), never at hidden cards.

A bot is named by a spec, KIND or KIND:SETTINGS: `random`, `greedy`,
`ismcts:iterations=400`, `ismcts:ms=200,depth=20`, `policy:cautious`; a bare `ismcts`
searches with the game's `bots: search` settings (the engine's defaults if none).
"""
from __future__ import annotations

from ..errors import RulebookError, did_you_mean
from .greedy import GreedyBot
from ..build.search_settings import parse_settings
from .ismcts import IsmctsBot
from .policy import PolicyBot
from .random import RandomBot
from .streams import decision_stream, mix

BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot, "policy": PolicyBot}
__all__ = ["BOTS", "make_bot", "decision_stream", "mix"]


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
        # bare `ismcts`: the settings the game recommends (bots.search), if it declares any
        settings = parse_settings(arg) if colon else dict(game.g.search_settings)
        return cls(game, seed, **settings)
    if cls is PolicyBot:
        return cls(game, seed, arg.strip() if colon else "", make_bot=make_bot)
    if colon:
        raise RulebookError(f"the {kind} bot takes no settings ('{spec}')")
    return cls(game, seed)
