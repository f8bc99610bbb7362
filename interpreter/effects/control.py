"""Control flow inside a script: if, the loops and break. A structure inside which the script
cannot stop is written as Python's own if/for/while inside the block; one that may stop (a
decision in a loop) becomes jumps between blocks (blocks.py). Mixed into ScriptCompiler."""
from __future__ import annotations

from . import types as T
from .runtime import LOOP_LIMIT


class Control:
    def count_round(self) -> None:
        """Inside a Python loop: each round counts against the decision's step budget."""
        self.b.depth += 1
        self.line("vm.steps -= 1")
        self.line("if vm.steps < 0: vm.over_budget()")
        self.b.depth -= 1

    def _s_Break(self, st):
        if not self.loops:
            self.c.err(st, "FLOW", "break outside a loop")
        labels = self.loops[-1]
        self.line("break" if labels is None else f"return {self.b.jump(labels[1])}")

    def _s_Continue(self, st):
        if not self.loops:
            self.c.err(st, "FLOW", "continue outside a loop")
        labels = self.loops[-1]     # a loop written in jumps: back to its head
        self.line("continue" if labels is None else f"return {self.b.jump(labels[0])}")

    def _s_If(self, st):
        if not self.stops(st):       # one Python if, inside the block
            for i, (test, body) in enumerate(st.branches):
                f, _ = self.src(test)
                self.line(f"{'if' if i == 0 else 'elif'} {f}:")
                self.body(body)
            if st.orelse:
                self.line("else:")
                self.body(st.orelse)
            return
        b = self.b
        end = b.label()
        for test, body in st.branches:
            skip = b.label()
            f, _ = self.src(test)
            self.line(f"if not {f}:")
            self.line(f"    return {b.jump(skip)}")
            for s in body:
                self.stmt(s)
            self.line(f"return {b.jump(end)}")
            b.mark(skip)
        for s in st.orelse or ():
            self.stmt(s)
        b.mark(end)

    def loop(self, st, head, body, cleanup=()):
        """A loop the script may stop inside: head lines at a label, the body, a jump back;
        `head` writes the lines that leave for the end label."""
        b = self.b
        top, end = b.label(), b.label()
        b.mark(top)
        head(end)
        self.loops.append((top, end))
        for s in body:
            self.stmt(s)
        self.loops.pop()
        self.line(f"return {b.jump(top)}")
        b.mark(end)
        for name in cleanup:
            self.line(f"l.pop({name!r}, None)")

    def _s_ForEach(self, st):
        coll, ct = self.src(st.coll)
        self.c.require_list(st.coll, ct)
        var = repr(st.var)
        self.bind(st.var, T.elem(ct))
        if not self.stops(st):
            x = self.b.temp("x")
            self.line(f"for {x} in list({coll}):")
            self.line(f"    l[{var}] = {x}")
            self.count_round()
            self.loops.append(None)
            self.body(st.body)
            self.loops.pop()
            return
        items, idx = self.fresh("items"), self.fresh("i")
        self.line(f"l[{items!r}] = list({coll})")
        self.line(f"l[{idx!r}] = 0")

        def head(end):
            self.line(f"i = l[{idx!r}]")
            self.line(f"if i >= len(l[{items!r}]):")
            self.line(f"    return {self.b.jump(end)}")
            self.line(f"l[{var}] = l[{items!r}][i]")
            self.line(f"l[{idx!r}] = i + 1")
        self.loop(st, head, st.body, cleanup=(items, idx))

    def _s_While(self, st):
        test, _ = self.src(st.test)
        limit = f"raise _GameError('the loop ran {LOOP_LIMIT} times; is it endless?')"
        if not self.stops(st):
            n = self.b.temp("n")
            self.line(f"{n} = 0")
            self.line(f"while {test}:")
            self.line(f"    {n} += 1")
            self.line(f"    if {n} > {LOOP_LIMIT}:")
            self.line(f"        {limit}")
            self.count_round()
            self.loops.append(None)
            self.body(st.body)
            self.loops.pop()
            return
        guard = self.fresh("n")
        self.line(f"l[{guard!r}] = 0")

        def head(end):
            self.line(f"l[{guard!r}] += 1")
            self.line(f"if l[{guard!r}] > {LOOP_LIMIT}:")
            self.line(f"    {limit}")
            self.line(f"if not {test}:")
            self.line(f"    return {self.b.jump(end)}")
        self.loop(st, head, st.body, cleanup=(guard,))

    def _s_Repeat(self, st):
        count, _ = self.src(st.count)
        times = f"_repeat_count({count})"
        if not self.stops(st):
            self.line(f"for _ in range({times}):")
            self.count_round()
            self.loops.append(None)
            self.body(st.body)
            self.loops.pop()
            return
        left = self.fresh("left")
        self.line(f"l[{left!r}] = {times}")

        def head(end):
            self.line(f"if l[{left!r}] <= 0:")
            self.line(f"    return {self.b.jump(end)}")
            self.line(f"l[{left!r}] -= 1")
        self.loop(st, head, st.body, cleanup=(left,))
