"""The bot of a seat in a run: a kind as make_bot reads it, or restricted play's bot that
never takes a card (a kind carrying FORBID: "greedy|forbid=gem"; see skill.py)."""
from __future__ import annotations

from ..bots import make_bot
from ..bots.streams import mix
from ..runtime.decisions import seen_decisions
from .cardstats import card_groups

FORBID = "|forbid="          # a bot kind with a forbidden card: "greedy|forbid=gem"


class ForbidBot:
    """A bot that never takes an option whose value is one of `cards` (see the module)."""

    def __init__(self, inner, cards: set, seed: int):
        self.inner, self.cards, self.seed = inner, cards, seed or 0

    def hits(self, value) -> bool:
        if isinstance(value, (list, tuple)):
            return any(self.hits(v) for v in value)
        return isinstance(value, str) and value in self.cards

    def choose(self, game, state, seat: int) -> int:
        choice = self.inner.choose(game, state, seat)
        vals = game.option_values(state, seat)
        if choice >= len(vals) or not self.hits(vals[choice]):
            return choice
        allowed = [i for i, v in enumerate(vals) if not self.hits(v)]
        if not allowed:
            return choice
        return allowed[mix(self.seed ^ 0x9E3779B9, seen_decisions(state, seat)) % len(allowed)]


def copies_of(g, card: str) -> set:
    """The card ids of CARD: a group of copies (`gem` for gem-1, gem-2) or one card's id."""
    return {cid for cid, name in card_groups(g).items() if name == card or cid == card}


def bot(kind: str, game, seed):
    """make_bot, and a restricted bot for a kind that carries FORBID."""
    if FORBID not in kind:
        return make_bot(kind, game, seed)
    base, _, card = kind.partition(FORBID)
    return ForbidBot(make_bot(base, game, seed), copies_of(game.g, card), seed)
