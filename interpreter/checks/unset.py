"""A script's local variable read where it may have no value yet (UNSET, a warning).

`use = ...` set only inside an `if` (or a loop that may not run) and read after it passes
the compiler, then stops play with "a rule failed: KeyError" on the path that skipped it (the
mutation fuzzer found one from a misspelt name). A definite-assignment pass over each script
follows the paths: after an `if` a name has a value when every branch (and the fall-through
without `else`) gave it one; after `for each`/`repeat`/`while COND` the body may not have
run; after `while true` only what every `break` saw counts. A warning, not an error:
conditions that always agree (`if x:` twice) make some such reads safe.
"""
from __future__ import annotations

import dataclasses
import re

from ..effects import ast as A
from ..errors import Finding

FIELD = re.compile(r"\{([^{}]*)\}")
GLOBAL_WORDS = {"me", "card", "it", "players", "opponents", "player_count", "variant", "viewer"}


def assigned(node, out: set) -> set:
    """Every name a script assigns (x = ..., x = choose ..., x = proc(...), for each x)."""
    if isinstance(node, (list, tuple)):
        for x in node:
            assigned(x, out)
    elif dataclasses.is_dataclass(node):
        if isinstance(node, (A.Assign, A.Choose, A.CallStmt, A.ForEach)) and node.var:
            out.add(node.var)
        for f in dataclasses.fields(node):
            assigned(getattr(node, f.name), out)
    return out


class Paths:
    def __init__(self, names: set, report):
        self.names = names          # the script's own locals
        self.report = report        # report(statement, name)
        self.loops: list = []       # per enclosing loop: the names set at each `break`
        self.in_text = False        # reading a {field} of a text: point at the statement

    def block(self, stmts, d):
        for st in stmts or ():
            if d is None:
                return None         # the rest cannot be reached this way
            d = self.stmt(st, d)
        return d

    def stmt(self, st, d: set):
        if isinstance(st, A.If):
            outs = []
            for test, body in st.branches:
                self.reads(test, d, st)
                outs.append(self.block(body, set(d)))
            outs.append(self.block(st.orelse, set(d)) if st.orelse else d)
            live = [o for o in outs if o is not None]
            return set.intersection(*live) if live else None
        if isinstance(st, A.While):
            self.reads(st.test, d, st)
            self.loops.append([])
            self.block(st.body, set(d))
            breaks = self.loops.pop()
            if isinstance(st.test, A.Const) and st.test.value is True:
                return set.intersection(*breaks) if breaks else None
            return d
        if isinstance(st, (A.ForEach, A.Repeat)):
            self.reads(st.coll if isinstance(st, A.ForEach) else st.count, d, st)
            self.loops.append([])
            self.block(st.body, d | ({st.var} if isinstance(st, A.ForEach) else set()))
            self.loops.pop()
            return d
        if isinstance(st, A.Break):
            if self.loops:
                self.loops[-1].append(set(d))
            return None
        for f in dataclasses.fields(st):
            value = getattr(st, f.name)
            if isinstance(value, A.Node):
                self.reads(value, d, st)
        for text, bound in self.texts(st):
            for chunk in FIELD.findall(text or ""):
                self.template(chunk, d, st, bound)
        if isinstance(st, (A.Return, A.EndGame)):
            return None
        var = getattr(st, "var", None) if isinstance(st, (A.Assign, A.Choose, A.CallStmt)) \
            else None
        return d | {var} if var else d

    @staticmethod
    def texts(st) -> list:
        if isinstance(st, A.Log):
            return [(st.text, frozenset())]
        if isinstance(st, A.Choose):
            return [(st.prompt, frozenset()), (st.labelled, frozenset({"it"}))]
        return []

    def template(self, chunk, d, st, bound):
        from ..effects.parser import EffectSyntaxError, parse_expression
        if not set(re.findall(r"[A-Za-z_]\w*", chunk)) & (self.names - d):
            return                  # names nothing unset: no need to parse it
        try:
            node = parse_expression(chunk)
        except (EffectSyntaxError, RecursionError):
            return                  # reported by the compiler
        self.in_text = True
        try:
            self.reads(node, d, st, bound)
        finally:
            self.in_text = False

    def reads(self, node, d, st, bound=frozenset()):
        if node is None:
            return
        if isinstance(node, A.Name):
            if node.name in self.names and node.name not in d and node.name not in bound:
                self.report(st, None if self.in_text else node, node.name)
            return
        if isinstance(node, A.Comprehension):
            self.reads(node.coll, d, st, bound)
            self.reads(node.expr, d, st, bound | {node.var})
            return
        if isinstance(node, (A.Where, A.Until, A.Ranked)):
            self.reads(node.coll, d, st, bound)
            self.reads(node.cond if not isinstance(node, A.Ranked) else node.key, d, st,
                       bound | {"it"})
            return
        if isinstance(node, (list, tuple)):
            for x in node:
                self.reads(x, d, st, bound)
        elif isinstance(node, dict):
            for x in node.values():
                self.reads(x, d, st, bound)
        elif dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                self.reads(getattr(node, f.name), d, st, bound)


def findings(builder, g) -> list:
    globals_ = (set(g.game_counters) | set(g.game_values) | set(g.constants) | set(g.options)
                | set(g.game_zones)
                | set(g.roles) | set(g.functions) | set(g.procedures) | GLOBAL_WORDS)
    out = []
    for doc, keypath, stmts, given in builder.scripts:
        names = assigned(stmts, set()) - set(given) - globals_
        if not names:
            continue
        told = set()

        def report(st, node, name, doc=doc, keypath=keypath, told=told):
            if name in told:
                return              # once per name and script
            told.add(name)
            at = node if node is not None and node.line else st
            line, col = builder.text_pos(doc, keypath, at.line or 1, at.col or 1)
            out.append(Finding(doc.path, line, col, "UNSET",
                               f"'{name}' may have no value here: on some way to this line it "
                               "was never set (it is set only in some branches of an if, or "
                               "in a loop that may not run)",
                               f"set it before (e.g. {name} = none), or in every branch",
                               severity="warning"))
        Paths(names, report).block(stmts, set(given))
    return out
