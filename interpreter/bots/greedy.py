"""The greedy bot: one step of lookahead, scored by the game's own evaluation.

For each option it copies the state with every card it cannot see dealt again at random over
every place it cannot see (types included unless the game says otherwise), and the
generator reseeded (worlds.py: it cannot
peek at chance or hidden cards), applies the option
and scores the result for its seat with `bots: evaluation` (or the end score when the game
declares none). An option whose lookahead consults the generator (a roll) is scored, when
`bots: samples` is more than 1, by the exact expectation over its outcome paths in that copy
if they number at most `samples` (chance_paths.py: a die is 6 paths), else as the mean over
`samples` such copies (two dice are 36 paths). In a secret choice of several seats (`choose ... by
each of`) its own pick is scored as if the choice were resolved: the other seats' picks,
unknown to it, are imagined at random in the copy (the same for every option), and the
option counts as one that consulted chance (always sampled: the others' picks are not
the generator's). An option that only opens another choice of the same seat (a card to move,
then where) is worth its best follow-up; with `bots: follow_ups: nested` only when that
choice is asked before the rule that asked the first has returned. An option that ends the
game scores +inf for a sole win, -inf for a loss. In a cooperative game the seat's value is
the team's (seat_value.py).
"""
from __future__ import annotations

import random
from fractions import Fraction

from .chance_paths import outcome_paths
from .seat_value import final_value, seat_value
from .streams import decision_stream
from .worlds import WORLD_ERRORS, Dealer, determinize

# a sure win or loss inside a mean of samples: far beyond any evaluation, yet finite
SURE = 1e12
RETRIES = 4   # fresh worlds tried when the rules fail in an imagined one


class GreedyBot:
    kind = "greedy"

    def __init__(self, game, seed=None):
        self.seed = seed or 0
        self.rng = random.Random(seed)
        self.fn = game.g.exprs.get("evaluation") or game.g.exprs.get("score")
        self.samples = game.g.bot_samples
        # `bots: follow_ups`: "any" follow-up choice is looked through, or only one asked
        # while the rule that asked this decision still runs ("nested"; see score)
        self.nested_only = game.g.bot_follow_ups == "nested"
        # the frame that asked this decision: (its depth, its rule), see set_baseline
        self.asked_by = (0, None)
        self.before = None    # the evaluation before the option (see sample)
        self.others = 0       # seeds the other seats' imagined secret picks (see sample)
        self.dealer = None    # the decision's worlds (worlds.Dealer), while it is made

    def choose(self, game, state, seat: int) -> int:
        n = game.bot_option_count(state, seat)
        if n == 1:
            return 0
        # a fresh stream per decision: the same position gives the same choice (see bots)
        self.rng = decision_stream(self.seed, state, seat)
        self.dealer = Dealer(game, state, seat)
        try:
            # one imagined world for every option (common random numbers: options are
            # compared on the same unseen cards, and the copy is made once)
            world = self.determinize(game, state, seat)
            self.others = self.rng.getrandbits(32)      # the others' unknown secret picks
            self.set_baseline(game, world, seat)
            values = [self.value(game, state, seat, i, world) for i in range(n)]
        finally:
            self.dealer = None
        best = max(values)
        # ties by the bot's own generator, so equal options are not always the first
        return self.rng.choice([i for i, v in enumerate(values) if v == best])

    def set_baseline(self, game, world: dict, seat: int) -> None:
        """What an option is compared with to tell whether it only opens a follow-up
        choice: the evaluation before it, and the frame that asked the decision (its depth
        and its rule: `nested` follow-ups are asked while that frame still runs)."""
        self.before = self.evaluate(game, world, seat) if self.fn is not None else None
        stack = world["stack"]
        self.asked_by = (len(stack), stack[-1]["p"] if stack else None)

    def asked_inside(self, s: dict) -> bool:
        """Whether s's pending choice is asked while the frame that asked this decision is
        still on the stack: as deep or deeper, the same rule at that depth."""
        depth, rule = self.asked_by
        stack = s["stack"]
        return len(stack) >= depth and (depth == 0 or stack[depth - 1]["p"] == rule)

    def determinize(self, game, state, seat: int) -> dict:
        """A copy of the state as the bot may imagine it (see worlds.determinize): every
        card it cannot see dealt again over all the places it cannot see (types included,
        unless the game declares `bots: hidden_types: counted`), and the generator
        reseeded from the bot's own stream."""
        dealer = self.dealer
        if dealer is not None and dealer.serves(state, seat):
            return dealer.deal(self.rng)
        return determinize(game, state, seat, self.rng)

    def value(self, game, state, seat: int, index: int, world=None,
              quick: bool = False) -> float:
        """The option's value: in `world` (a determinized copy; a fresh one if none), and
        if it consulted the generator (and `samples` > 1), the exact expectation over its
        outcome paths in that world when they number at most `samples`, else the mean over
        `samples` worlds. `quick`: in `world` alone, with no follow-up choice looked through
        (for a search that explores both itself)."""
        world = world if world is not None else self.determinize(game, state, seat)
        if quick:
            got = self.sample(game, game.clone(world), seat, index, depth=1)
            return -SURE if got is None else got[0]
        walked = None       # the world whose paths were walked (the walk is not repeated)
        if self.samples > 1 and not joins_secret(game, world, seat):   # (others' picks: no draw)
            # walking the paths also applies an option that draws nothing (one certain
            # leaf), so no option is applied twice to learn whether it rolls
            leaves = outcome_paths(game, world, seat, index, self.samples)
            got = None if leaves is None else self.expectation(game, leaves, seat)
            if got is not None:
                return got
            walked = world      # too many paths, or none the rules hold on in this world
        got = self.sample(game, game.clone(world), seat, index)
        for _ in range(RETRIES):      # an impossible world (see below): imagine another
            if got is not None:
                break
            world = self.determinize(game, state, seat)
            got = self.sample(game, game.clone(world), seat, index)
        if got is None:
            return -SURE
        first, chance = got
        if not chance or self.samples == 1:
            return first
        if world is not walked and not joins_secret(game, world, seat):
            leaves = outcome_paths(game, world, seat, index, self.samples)
            exact = None if leaves is None else self.expectation(game, leaves, seat)
            if exact is not None:
                return exact
        values = [first]
        for _ in range(self.samples - 1):
            got = self.sample(game, self.determinize(game, state, seat), seat, index)
            if got is not None:
                values.append(got[0])
        return sum(max(-SURE, min(SURE, v)) for v in values) / len(values)

    def expectation(self, game, leaves: list, seat: int) -> float | None:
        """The option's value over its outcome paths (chance_paths.outcome_paths): one
        certain leaf (the option drew nothing) scored as any option is, its follow-up choice
        looked through; else the exact expectation, each leaf scored as a chance sample is
        (no follow-up, a sure win or loss clamped to +-SURE), weighed by the paths on which
        the rules hold in this world. None when none holds."""
        if len(leaves) == 1 and leaves[0][0] == 1:
            try:
                return self.score(game, leaves[0][1], seat, False)[0]
            except WORLD_ERRORS:
                return None
        total = weight = Fraction(0)
        for p, s in leaves:
            try:
                v = self.score(game, s, seat, True)[0]
            except WORLD_ERRORS:
                continue
            total += p * Fraction(max(-SURE, min(SURE, v)))
            weight += p
        return float(total / weight) if weight else None

    def sample(self, game, s: dict, seat: int, index: int, depth: int = 0) -> tuple:
        """(value of the option in the determinized copy s, which it changes, and whether
        it consulted the generator); None when the rules fail in that world: hidden cards
        are dealt across types, so a world may hold a card where the rules never put one
        of its type (a noble in a hand of resources)."""
        seeded = s["rng"]
        try:
            secret = joins_secret(game, s, seat)
            game.apply(s, seat, index)
            if secret:   # scored as resolved: the others' picks imagined (the same for all)
                settle_others(game, s, seat, random.Random(self.others))
            return self.score(game, s, seat, secret or s["rng"] != seeded, depth)
        except WORLD_ERRORS:
            return None

    def score(self, game, s: dict, seat: int, chance: bool, depth: int = 0) -> tuple:
        """(the value of s for the seat, chance): the result if the game is over."""
        if game.is_over(s):
            end = final_value(game, s, seat)   # a cooperative game's is the team's
            if end is not None:
                return end, chance
        if self.fn is None:
            return 0.0, chance
        here = self.evaluate(game, s, seat)
        # an option that only opens a follow-up choice of the same seat (move from a
        # square, then the square to move to) is worth its best follow-up; with
        # `follow_ups: nested` only if that choice is asked while the rule that asked this
        # one still runs (not after it returned: a roll that stops, then the turn's actions)
        if not chance and game.waiting(s) == [seat] and here == self.before and \
                (not self.nested_only or self.asked_inside(s)):
            n = game.bot_option_count(s, seat)
            if n > 1:
                follow = [self.sample(game, game.clone(s), seat, i, depth + 1)
                          for i in range(n)] if depth < 1 else []
                return max((f[0] for f in follow if f is not None), default=here), chance
        return here, chance

    def evaluate(self, game, s, seat):
        # an evaluation may speak of `me` as well as `it`, and of me's steps in a secret
        # sequence (`so_far`): a program is scored by what the game predicts of it; in a
        # cooperative game the seat's value is the team's (seat_value.py)
        return seat_value(game, s, self.fn, seat)


def joins_secret(game, s: dict, seat: int) -> bool:
    """Whether the seat's answer now is one of several to a pending secret choice (`choose
    ... by each of`; not a secret sequence, whose steps are scored through `so_far`): alone,
    it changes nothing an evaluation reads until every seat has answered."""
    p = s["pending"]
    return p is not None and p["each"] and "seq" not in p and len(game.waiting(s)) > 1


def settle_others(game, s: dict, seat: int, rng) -> None:
    """Answer a pending secret choice for every other seat still to answer, each with an
    option drawn from `rng`: the world is imagined, so their picks, which the seat cannot
    know, are imagined too (at random), and the choice resolves so that the seat's own pick
    can be scored as if resolved."""
    p = s["pending"]
    if p is None or not p["each"] or "seq" in p or str(seat) not in p["ans"]:
        return
    for other in list(game.waiting(s)):
        game.apply(s, other, rng.randrange(game.bot_option_count(s, other)))
