"""The greedy bot: one step of lookahead, scored by the game's own evaluation.

For each option it copies the state with the hidden zones shuffled and the generator
reseeded (so it cannot peek at chance or hidden cards), applies the option and scores the result for its seat with `bots: evaluation` (or the end score when the game declares none).
An option that ends the game scores +inf for a sole win, -inf for a loss.
"""
from __future__ import annotations

import math
import random

from ..views import can_see
from ..vm import VM


class GreedyBot:
    kind = "greedy"

    def __init__(self, game, seed=None):
        self.rng = random.Random(seed)
        self.fn = game.g.exprs.get("evaluation") or game.g.exprs.get("score")

    def choose(self, game, state, seat: int) -> int:
        n = game.option_count(state, seat)
        if n == 1:
            return 0
        values = [self.value(game, state, seat, i) for i in range(n)]
        best = max(values)
        # ties by the bot's own generator, so equal options are not always the first
        return self.rng.choice([i for i, v in enumerate(values) if v == best])

    def determinize(self, game, state, seat: int) -> dict:
        """A copy of the state as the bot may imagine it: the order of every zone it
        cannot see is shuffled and the generator reseeded, so the lookahead cannot peek
        at the next card of a deck or the outcome of a roll."""
        s = game.clone(state)
        spec = game.g.zone_spec
        for key, cards in s["z"].items():
            # a zone with per-card visibility (a board's stack) keeps its order: the
            # positions are public, only some identities are not
            if len(cards) > 1 and not can_see(game.g, key, seat) and not spec(key).visible_if:
                self.rng.shuffle(cards)
        s["rng"] = self.rng.getrandbits(64)
        if s["pending"] and s["pending"]["each"]:
            s["pending"]["ans"] = {}   # other seats' secret answers are not for its eyes
        return s

    def value(self, game, state, seat: int, index: int) -> float:
        s = self.determinize(game, state, seat)
        game.apply(s, seat, index)
        if game.is_over(s):
            winners = game.result(s)["winners"]
            if winners == [seat]:
                return math.inf
            if seat not in winners:
                return -math.inf
        if self.fn is None:
            return 0.0
        vm = VM(game.g, s)
        vm.l = {"me": seat}   # an evaluation may speak of `me` as well as `it`
        return self.fn(vm, seat)
