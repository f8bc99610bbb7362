"""Compiling a game's `bots:` section (hidden_types, search, policies) at load: here,
outside the bots package, so that validating a game imports no bot (see bots/policy.py for
how a policy plays)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RulebookError
from .search_settings import parse_settings

# what a rule reads: the option's value and label, the seat, and in a secret sequence the
# seat's own steps so far (an empty list elsewhere)
LOCALS = {"it": "any", "me": "player", "option": "str", "so_far": "list"}
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
    g.search_settings = {}
    if isinstance(section.get("search"), str):
        try:
            g.search_settings = parse_settings(section["search"])
        except RulebookError as e:
            builder.add(builder.doc, ["bots", "search"], "SCHEMA-VALUE",
                        str(e).replace("ismcts: ", "bots.search: ", 1),
                        "write the settings as after 'ismcts:' on the command line",
                        key=False)
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
