"""Policy bots: how a typical player plays, declared in YAML as ordered rules.

    bots:
      policies:
        cautious:                         # --bot P2=policy:cautious
          - prompt: bid                   # only where the prompt says "bid" (optional)
            when: my.IP < 15              # only in this situation (optional, about `me`)
            match: it == 0                # the options this rule likes (`it` = an option's value)
            maximise: 0 - it              # the one to take among them (optional)
          - match: it != none
        bidder: {otherwise: greedy, rules: [...]}   # a fallback other than random

At each decision the first rule that applies (its prompt and `when` hold and at least one
option matches) takes the matching option with the highest `maximise` (ties at random,
from the bot's own generator); when no rule applies, the `otherwise` bot decides (random
by default). `option` is the option's label. Rules are compiled and checked by validate like
any expression; they are evaluated in an imagined world (worlds.determinize), so a rule
that names a hidden card reads a random one, never the real one. A rule that fails on one
option (`it.cost` when `it` is a number) does not match that option.
"""
from __future__ import annotations

import math
import random

from ..runtime import decisions
from ..errors import RulebookError, did_you_mean
from ..runtime.evaluation import Evaluator
from .streams import decision_stream, mix
from .worlds import determinize



class PolicyBot:
    kind = "policy"

    def __init__(self, game, seed=None, name: str = "", make_bot=None):
        """`make_bot` (bots.make_bot, handed in by it) makes the fallback bot: the policy
        bot never imports the package that makes it."""
        policies = game.g.bot_policies
        if name not in policies:
            have = ", ".join(policies) or "none (declare them under bots: policies:)"
            hint = did_you_mean(name, policies) if name else None
            raise RulebookError(f"{game.g.name} has no bot policy '{name}'; its policies: {have}"
                                + (f" ({hint})" if hint else ""))
        self.policy = policies[name]
        self.seed = seed or 0
        self.rng = random.Random(self.seed)     # replaced at each decision (see choose)
        # the fallback bot's seed comes from this bot's
        self.otherwise = make_bot(self.policy.otherwise, game, mix(self.seed, -1))

    def choose(self, game, state, seat: int) -> int:
        n = game.bot_option_count(state, seat)
        if n <= 1:
            return 0
        self.rng = decision_stream(self.seed, state, seat)
        world = determinize(game, state, seat, self.rng)
        prompt = game.prompt(world, seat).lower()
        labels = game.options(world, seat)
        values = game.option_values(world, seat)
        evaluator = Evaluator(game.g, world)
        steps = decisions.steps(world, seat)
        for rule in self.policy.rules:
            if rule.prompt is not None and rule.prompt not in prompt:
                continue
            if rule.when is not None and not _safe(evaluator, rule.when, me=seat):
                continue
            scores = []
            for i, (label, value) in enumerate(zip(labels, values)):
                names = {"it": value, "me": seat, "option": label, "so_far": steps}
                if rule.match is not None and not _safe(evaluator, rule.match, **names):
                    continue
                score = 0 if rule.maximise is None else _safe(evaluator, rule.maximise, **names)
                scores.append((score if isinstance(score, (int, float)) else -math.inf, i))
            if scores:
                best = max(s for s, _ in scores)
                return self.rng.choice([i for s, i in scores if s == best])
        return self.otherwise.choose(game, state, seat)


def option_values(s: dict, seat: int) -> list:
    return decisions.values(s, seat)


def _safe(evaluator, fn, **names):
    """A rule's value for one option; None when it fails there (the option does not match)."""
    try:
        return evaluator(fn, **names)
    except (RulebookError, TypeError, KeyError, AttributeError, ValueError, IndexError,
            ZeroDivisionError):
        return None
