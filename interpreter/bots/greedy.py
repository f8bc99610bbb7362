"""The greedy bot: one step of lookahead, scored by the game's own evaluation.

For each option it copies the state with every card it cannot see dealt again at random
and the generator reseeded (so it cannot peek at chance or hidden cards), applies the option
and scores the result for its seat with `bots: evaluation` (or the end score when the game
declares none). An option whose lookahead consults the generator (a roll) is scored as the
mean over `bots: samples` such copies. An option that ends the game scores +inf for a sole
win, -inf for a loss.
"""
from __future__ import annotations

import math
import random

from ..views import card_test, can_see
from ..vm import VM
from .streams import decision_stream

# a sure win or loss inside a mean of samples: far beyond any evaluation, yet finite
SURE = 1e12


class GreedyBot:
    kind = "greedy"

    def __init__(self, game, seed=None):
        self.seed = seed or 0
        self.rng = random.Random(seed)
        self.fn = game.g.exprs.get("evaluation") or game.g.exprs.get("score")
        self.samples = game.g.bot_samples
        self.before = None    # the evaluation before the option (see sample)

    def choose(self, game, state, seat: int) -> int:
        n = game.option_count(state, seat)
        if n == 1:
            return 0
        # a fresh stream per decision: the same position gives the same choice (see bots)
        self.rng = decision_stream(self.seed, state)
        # one imagined world for every option (common random numbers: options are compared
        # on the same unseen cards, and the copy is made once)
        world = self.determinize(game, state, seat)
        self.before = self.evaluate(game, world, seat) if self.fn is not None else None
        values = [self.value(game, state, seat, i, world) for i in range(n)]
        best = max(values)
        # ties by the bot's own generator, so equal options are not always the first
        return self.rng.choice([i for i, v in enumerate(values) if v == best])

    def determinize(self, game, state, seat: int) -> dict:
        """A copy of the state as the bot may imagine it: every card it cannot see (in a
        hidden zone, or hidden on a board by its `visible_if`) swaps places at random with
        the other unseen cards of its type, wherever they lie, and the generator is
        reseeded, so the lookahead can peek neither at the next card of a deck, nor under
        a face-down card, nor at the outcome of a roll. Positions and public card state
        (face up, who spied) stay where they are: they belong to the place, not the card."""
        s = game.clone(state)
        g = game.g
        vm = VM(g, s)
        by_type = {}
        tests = {}   # zone name -> its visible_if test for this seat (made once per copy)
        for key, cards in s["z"].items():
            if not cards or can_see(g, key, seat):
                continue
            test = None
            if not key[0].isdigit():
                name = key.split(".", 1)[0]
                if name not in tests:
                    tests[name] = card_test(g, vm, name, seat)
                test = tests[name]
            for i, c in enumerate(cards):
                if test is None or not test(c):
                    by_type.setdefault(g.cards[c]["type"], []).append((key, cards, i))
        cs = s.get("cs") or {}
        loc = s["loc"]
        for places in by_type.values():
            if len(places) < 2:
                continue
            old = [cards[i] for _, cards, i in places]
            new = old[:]
            self.rng.shuffle(new)
            for name, values in cs.items():
                held = [values.pop(c, None) for c in old]
                for c, v in zip(new, held):
                    if v is not None:
                        values[c] = v
            for (key, cards, i), c in zip(places, new):
                cards[i] = c
                loc[c] = key
        s["rng"] = self.rng.getrandbits(64)
        if s["pending"] and s["pending"]["each"]:
            s["pending"]["ans"] = {}   # other seats' secret answers are not for its eyes
        return s

    def value(self, game, state, seat: int, index: int, world=None) -> float:
        """The option's value: in `world` (a determinized copy; a fresh one if none), and
        if it consulted the generator, the mean over `samples` worlds."""
        world = world if world is not None else self.determinize(game, state, seat)
        first, chance = self.sample(game, game.clone(world), seat, index)
        if not chance or self.samples == 1:
            return first
        values = [first] + [self.sample(game, self.determinize(game, state, seat), seat, index)[0]
                            for _ in range(self.samples - 1)]
        return sum(max(-SURE, min(SURE, v)) for v in values) / len(values)

    def sample(self, game, s: dict, seat: int, index: int, depth: int = 0) -> tuple:
        """(value of the option in the determinized copy s, which it changes, and whether
        it consulted the generator)."""
        seeded = s["rng"]
        game.apply(s, seat, index)
        chance = s["rng"] != seeded
        if game.is_over(s):
            winners = game.result(s)["winners"]
            if winners == [seat]:
                return math.inf, chance
            if seat not in winners:
                return -math.inf, chance
        if self.fn is None:
            return 0.0, chance
        here = self.evaluate(game, s, seat)
        # hook(metscri): an option that only opens a follow-up choice of the same seat
        # (move from a square, then the square to move to) is worth its best follow-up
        if not chance and game.waiting(s) == [seat] and here == self.before:
            n = game.option_count(s, seat)
            if n > 1:
                follow = [self.sample(game, game.clone(s), seat, i, depth + 1)[0]
                          for i in range(n)] if depth < 1 else []
                return max(follow, default=here), chance
        return here, chance

    def evaluate(self, game, s, seat):
        vm = VM(game.g, s)
        vm.l = {"me": seat}   # an evaluation may speak of `me` as well as `it`
        return self.fn(vm, seat)
