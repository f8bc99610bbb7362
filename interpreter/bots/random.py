"""The random bot: uniform over the legal options."""
from __future__ import annotations

from ..runtime.decisions import seen_decisions
from .streams import mix


class RandomBot:
    kind = "random"

    def __init__(self, game, seed=None):
        self.seed = seed or 0

    def choose(self, game, state, seat: int) -> int:
        # one 64-bit draw from (seed, decision number): the modulo bias is below 2^-50
        return mix(self.seed, seen_decisions(state, seat)) % \
            game.bot_option_count(state, seat)
