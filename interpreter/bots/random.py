"""The random bot: uniform over the legal options."""
from __future__ import annotations

import random


class RandomBot:
    kind = "random"

    def __init__(self, game, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game, state, seat: int) -> int:
        return self.rng.randrange(game.option_count(state, seat))
