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
from dataclasses import dataclass

from .. import options as O
from ..errors import RulebookError, did_you_mean
from ..vm import VM
from .worlds import determinize

LOCALS = {"it": "any", "me": "player", "option": "str"}
FIELDS = {"match": "bool", "maximise": "num"}
FALLBACKS = ("random", "greedy")


@dataclass
class Rule:
    prompt: str | None = None
    when: object = None        # compiled expressions (vm -> value), or None
    match: object = None
    maximise: object = None


@dataclass
class Policy:
    name: str
    rules: list
    otherwise: str = "random"


def compile_bots(builder, comp, g) -> None:
    """The bots section beyond the evaluation: `hidden_types` (see worlds.determinize) into
    g.hidden_types, and `policies`, compiled with the game's expression compiler (errors
    located as for any expression), into g.bot_policies: name -> Policy."""
    section = builder.data.get("bots") or {}
    g.hidden_types = section.get("hidden_types", "secret")
    g.bot_policies = {}
    spec = section.get("policies") or {}
    doc = builder.doc
    for name, body in spec.items():
        path = ["bots", "policies", name]
        otherwise = "random"
        if isinstance(body, dict):
            otherwise = body.get("otherwise", "random")
            body, path = body.get("rules") or [], path + ["rules"]
        rules = []
        for i, r in enumerate(body or []):
            if not isinstance(r, dict):
                continue    # the schema reports it
            rule = Rule(prompt=str(r["prompt"]).lower() if r.get("prompt") is not None else None)
            if r.get("when") is not None:
                rule.when = builder.compile_expr(comp, doc, path + [i, "when"], r["when"],
                                                 {"me": "player"}, want="bool")
            for field, want in FIELDS.items():
                if r.get(field) is not None:
                    setattr(rule, field, builder.compile_expr(comp, doc, path + [i, field],
                                                              r[field], LOCALS, want=want))
            rules.append(rule)
        g.bot_policies[name] = Policy(name, rules, otherwise)


class PolicyBot:
    kind = "policy"

    def __init__(self, game, seed=None, name: str = ""):
        policies = getattr(game.g, "bot_policies", None) or {}
        if name not in policies:
            have = ", ".join(policies) or "none (declare them under bots: policies:)"
            hint = did_you_mean(name, policies) if name else None
            raise RulebookError(f"{game.g.name} has no bot policy '{name}'; its policies: {have}"
                                + (f" ({hint})" if hint else ""))
        self.policy = policies[name]
        self.rng = random.Random(seed)
        from . import make_bot   # the fallback bot shares this bot's seed stream
        self.otherwise = make_bot(self.policy.otherwise, game, self.rng.getrandbits(64))

    def choose(self, game, state, seat: int) -> int:
        n = game.option_count(state, seat)
        if n <= 1:
            return 0
        world = determinize(game, state, seat, self.rng)
        prompt = game.prompt(world).lower()
        labels = game.options(world, seat)
        values = option_values(world, seat)
        vm = VM(game.g, world)
        for rule in self.policy.rules:
            if rule.prompt is not None and rule.prompt not in prompt:
                continue
            if rule.when is not None and not _safe(rule.when, vm, {"me": seat}):
                continue
            scores = []
            for i, (label, value) in enumerate(zip(labels, values)):
                local = {"it": value, "me": seat, "option": label}
                if rule.match is not None and not _safe(rule.match, vm, local):
                    continue
                score = _safe(rule.maximise, vm, local) if rule.maximise is not None else 0
                scores.append((score if isinstance(score, (int, float)) else -math.inf, i))
            if scores:
                best = max(s for s, _ in scores)
                return self.rng.choice([i for s, i in scores if s == best])
        return self.otherwise.choose(game, state, seat)


def option_values(s: dict, seat: int) -> list:
    spec = s["pending"]["opts"][str(seat)]
    return [O.value(spec, i) for i in range(O.count(spec))]


def _safe(fn, vm, local):
    """A rule's value for one option; None when it fails there (the option does not match)."""
    vm.l = dict(local)
    try:
        return fn(vm)
    except (RulebookError, TypeError, KeyError, AttributeError, ValueError, IndexError,
            ZeroDivisionError):
        return None
