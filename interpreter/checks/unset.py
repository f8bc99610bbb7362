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

from ..effects import ast as A
from ..effects.ast_walk import children, scoped, statements, texts
from ..effects.templates import field_trees
from ..errors import Finding

GLOBAL_WORDS = {"me", "card", "it", "players", "opponents", "player_count", "variant", "viewer"}


def assigned(stmts) -> set:
    """Every name a script assigns (x = ..., x = choose ..., x = proc(...), for each x)."""
    return {st.var for st in statements(stmts)
            if isinstance(st, (A.Assign, A.Choose, A.CallStmt, A.ForEach, A.Draw)) and st.var}


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
        if isinstance(st, A.Continue):      # the rest of the body is skipped this round
            return None
        for part in children(st):
            self.reads(part, d, st)
        if self.names - d:          # a text's fields may read an unset name
            self.in_text = True     # such a read is reported at the statement
            for text, bound in texts(st):
                for tree in field_trees(text):
                    self.reads(tree, d, st, bound)
            self.in_text = False
        if isinstance(st, (A.Return, A.EndGame)):
            return None
        var = getattr(st, "var", None) if isinstance(st, (A.Assign, A.Choose, A.CallStmt,
                                                          A.Draw)) else None
        return d | {var} if var else d

    def reads(self, tree, d, st, bound=frozenset()):
        """Report the reads in an expression of names without a value yet (`d`: those with
        one); `bound`: names bound around it (a text's `it`)."""
        for node, inner in scoped(tree, bound):
            if isinstance(node, A.Name) and node.name in self.names and node.name not in d \
                    and node.name not in inner:
                self.report(st, None if self.in_text else node, node.name)


def findings(builder, g) -> list:
    globals_ = (set(g.game_counters) | set(g.game_values) | set(g.constants) | set(g.options)
                | set(g.game_zones)
                | set(g.roles) | set(g.functions) | set(g.procedures) | GLOBAL_WORDS)
    out = []
    for doc, keypath, stmts, given in builder.scripts:
        names = assigned(stmts) - set(given) - globals_
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
