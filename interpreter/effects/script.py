"""Statements -> a flat list of ops that can stop at a decision and resume from plain data.

An op is `op(vm, frame) -> next pc`, or WAIT (a decision is pending; the frame's
pc already points past it), PUSHED (a procedure's frame was pushed) or POPPED.
"""
from __future__ import annotations

import dataclasses
import re

from ..errors import CompileError, CompileErrors, GameError, did_you_mean
from ..options import choice, unique
from . import ast as A
from ..boards import BOARD_FUNCTIONS
from .builtins import BUILTINS, SPECIAL
from .compiler import LOOP_LIMIT, POPPED, PUSHED, WAIT, Compiler, Scope, _elem


class _Loop:
    def __init__(self):
        self.breaks = []   # cells to patch with the loop's end


class ScriptCompiler:
    """Compiles one script (a card effect, a procedure body, a phase) into ops."""

    def __init__(self, comp: Compiler, local_types: dict):
        self.c = comp
        self.g = comp.g
        self.scope = Scope(comp.g, local_types)
        self.ops: list = []
        self.loops: list = []
        self.uid = 0
        self.errors: list = []   # every statement's error, so one run reports them all

    def compile(self, stmts) -> list:
        for st in stmts:
            self.stmt(st)
        if self.errors:
            raise CompileErrors(self.errors)
        return self.ops

    # ------------------------------------------------------------ helpers
    @property
    def pc(self):
        return len(self.ops)

    def emit(self, op):
        self.ops.append(op)

    def expr(self, node):
        return self.c.expr(node, self.scope)

    def fresh(self, what):
        self.uid += 1
        return f"${what}{self.uid}"

    def bind(self, name, t):
        old = self.scope.types.get(name)
        self.scope.types[name] = t if old in (None, t) else "any"

    def who(self, node):
        """The player an effect applies to: the given one, else `me`."""
        if node is None:
            return lambda vm: vm.l["me"]
        f, t = self.expr(node)
        if t not in ("player", "any"):
            self.c.err(node, "TYPE", f"a {t} is not a player")
        return f

    def counter(self, node, name):
        if name not in self.g.player_counters:
            self.c.err(node, "REF-UNDEF", f"players have no counter '{name}'",
                       did_you_mean(name, self.g.player_counters))

    def template(self, text, node, at=None):
        """A text with {expression} fields, compiled; f(vm) -> str. `at`: (line, col) of the
        text's first character, so an error inside a field points at its exact column."""
        from .parser import parse_expression, EffectSyntaxError
        line, col = at or (getattr(node, "line", 1) or 1, getattr(node, "col", 1) or 1)
        parts, end = [], 0
        for m in re.finditer(r"\{([^{}]*)\}", text):
            if m.start() > end:
                parts.append(lambda vm, chunk=text[end:m.start()]: chunk)
            end = m.end()
            chunk, start = m.group(1), (col + m.start(1) if at else col)
            try:
                tree = parse_expression(chunk)
            except EffectSyntaxError as e:
                where = A.Pass(line=line, col=start + e.col - 1 if at else col)
                self.c.err(where, "SYNTAX", f"in the text's field {{{chunk}}}: {e.message}")
            if at:
                _shift(tree, line, start)
            f, t = self.expr(tree)
            parts.append(lambda vm, f=f, t=t: vm.label(f(vm), t))
        if end < len(text):
            parts.append(lambda vm, chunk=text[end:]: chunk)
        if not parts:
            return lambda vm: ""
        if len(parts) == 1:
            return parts[0]
        return lambda vm: "".join(p(vm) for p in parts)

    def stmt(self, st):
        meth = getattr(self, "_s_" + type(st).__name__)
        try:
            meth(st)
        except CompileError as e:
            self.errors.append(e)
            var = getattr(st, "var", None)
            if var and var not in self.scope.types:
                self.scope.types[var] = "any"   # no second error for each later use of it

    # ------------------------------------------------------------ statements
    def _s_Assign(self, st):
        f, t = self.expr(st.expr)
        self.bind(st.var, t)
        nxt, var = self.pc + 1, st.var

        def assign(vm, fr):
            v = f(vm)
            vm.l[var] = list(v) if type(v) is list else v
            return nxt
        self.emit(assign)

    def _s_Choose(self, st):
        nxt, var, line = self.pc + 1, st.var, st.line
        otherwise = st.otherwise
        prompt = self.g.register_prompt(self.template(st.prompt or f"choose {st.var}", st, st.text_at.get("prompt")))
        if st.coll is not None:
            coll, ct = self.expr(st.coll)
            self.c.require_list(st.coll, ct)
            et = _elem(ct)

            def values(vm):
                return list(coll(vm))
        else:
            lo, _ = self.expr(st.low)
            hi, _ = self.expr(st.high)
            et = "num"

            def values(vm):
                return list(range(lo(vm), hi(vm) + 1))
        if st.each is not None:
            seats_fn, _ = self.expr(st.each)
            # hook(metscri): `labelled` applies to a simultaneous choice too (Etheria's bids)
            each_labels = self.labels(st, et) if st.labelled is not None else None
            self.bind(var, "list")

            def choose_each(vm, fr):
                seats = list(seats_fn(vm))
                opts = {}
                l = vm.l
                me = l.get("me")
                for seat in seats:
                    l["me"] = seat
                    vals = values(vm)
                    if not vals and otherwise is None:
                        raise GameError(f"line {line}: {vm.label(seat, 'player')} has no option "
                                        f"to choose {var} from")
                    opts[seat] = (each_labels(vm, vals) if each_labels  # hook(metscri)
                                  else choice(vals, et, otherwise))
                l["me"] = me
                fr["pc"] = nxt
                vm.ask(seats, opts, var, prompt, each=True)
                return WAIT
            self.emit(choose_each)
            return
        self.bind(var, et)
        by = self.who(st.by)
        labelled = self.labels(st, et) if st.labelled is not None else None

        def choose(vm, fr):
            vals = values(vm)
            n = len(vals) + (otherwise is not None)
            if n <= 1:
                if n == 0:
                    raise GameError(f"line {line}: no option to choose {var} from")
                vm.l[var] = vals[0] if vals else None
                return nxt
            seat = by(vm)
            fr["pc"] = nxt
            opts = labelled(vm, vals) if labelled else choice(vals, et, otherwise)
            vm.ask([seat], {seat: opts}, var, prompt)
            return WAIT
        self.emit(choose)

    def labels(self, st, et):
        """`labelled "text {it...}"`: every option's label made from its value, at once."""
        types = self.scope.types
        saved = types.get("it")
        types["it"] = et
        try:
            text = self.template(st.labelled, st, st.text_at.get("labelled"))
        finally:
            if saved is None:
                types.pop("it", None)
            else:
                types["it"] = saved
        otherwise = st.otherwise

        def pairs(vm, vals):
            l = vm.l
            old = l.get("it")
            names = []
            for v in vals:
                l["it"] = v
                names.append(text(vm))
            if old is None:
                l.pop("it", None)
            else:
                l["it"] = old
            out = [[name, v] for name, v in zip(unique(names), vals)]
            if otherwise is not None:
                out.append([otherwise, None])
            return out
        return pairs

    def _s_Gain(self, st):
        self.counter(st, st.counter)
        amt, _ = self.expr(st.amount)
        who, name, nxt = self.who(st.who), st.counter, self.pc + 1

        def gain(vm, fr):
            vm.add(who(vm), name, amt(vm))
            return nxt
        self.emit(gain)

    def _s_Lose(self, st):
        self.counter(st, st.counter)
        amt, _ = self.expr(st.amount)
        who, name, nxt = self.who(st.who), st.counter, self.pc + 1

        def lose(vm, fr):
            vm.add(who(vm), name, -amt(vm))
            return nxt
        self.emit(lose)

    def _s_Steal(self, st):
        self.counter(st, st.counter)
        amt, _ = self.expr(st.amount)
        victim, name, nxt = self.who(st.victim), st.counter, self.pc + 1

        def steal(vm, fr):
            v = victim(vm)
            taken = max(0, min(amt(vm), vm.s["pl"][v][name]))
            vm.add(v, name, -taken)
            vm.add(vm.l["me"], name, taken)
            return nxt
        self.emit(steal)

    def _s_SetStmt(self, st):
        f, t = self.expr(st.expr)
        target, nxt, g = st.target, self.pc + 1, self.g
        if isinstance(target, A.Name):
            name = target.name
            if name in g.roles:
                def set_role(vm, fr):
                    vm.s["roles"][name] = f(vm)
                    return nxt
                self.emit(set_role)
                return
            if name in g.game_counters:
                def set_counter(vm, fr):
                    vm.s["g"][name] = f(vm)
                    return nxt
                self.emit(set_counter)
                return
            self.c.err(target, "REF-UNDEF", f"'{name}' is not a role or a game counter",
                       did_you_mean(name, list(g.roles) + list(g.game_counters)))
        if isinstance(target, A.Attr) and target.name in g.card_state:
            card, _ = self.expr(target.obj)
            name = target.name

            def set_card_state(vm, fr):
                vm.set_card_state(card(vm), name, f(vm))
                return nxt
            self.emit(set_card_state)
            return
        if isinstance(target, A.Attr) and target.name in g.player_counters:
            p = self.who(target.obj)
            name = target.name

            def set_player(vm, fr):
                vm.set_counter(p(vm), name, f(vm))
                return nxt
            self.emit(set_player)
            return
        if isinstance(target, A.Attr) and target.name in g.stats:
            self.c.err(target, "SET", f"'{target.name}' is a stat, computed from its expression; "
                                      "it cannot be set", "set a counter instead")
        self.c.err(target, "SET", "set works on a role, a game counter, a player's counter or "
                                  "a card's state",
                   did_you_mean(getattr(target, "name", ""), g.player_counters))

    def _s_Move(self, st):
        what, _ = self.expr(st.what)
        dest = self.c.zone_key(st.dest, self.scope)
        nxt = self.pc + 1

        def move(vm, fr):
            v = what(vm)
            d = dest(vm)
            if type(v) is list:
                for c in list(v):
                    vm.move(c, d)
            elif v is not None:
                vm.move(v, d)
            return nxt
        self.emit(move)

    def _s_Draw(self, st):
        n, _ = self.expr(st.count)
        src = self.c.zone_key(st.src, self.scope)
        dest = self.c.zone_key(st.dest, self.scope)
        nxt = self.pc + 1

        def draw(vm, fr):
            vm.draw(n(vm), src(vm), dest(vm))
            return nxt
        self.emit(draw)

    def _s_Shuffle(self, st):
        zone = self.c.zone_key(st.zone, self.scope)
        nxt = self.pc + 1

        def shuffle(vm, fr):
            vm.shuffle(zone(vm))
            return nxt
        self.emit(shuffle)

    def _s_Discard(self, st):
        what, _ = self.expr(st.what)
        nxt = self.pc + 1

        def discard(vm, fr):
            v = what(vm)
            for c in (list(v) if type(v) is list else [v] if v is not None else []):
                vm.discard(c)
            return nxt
        self.emit(discard)

    def _s_Play(self, st):
        card, _ = self.expr(st.card)
        who = self.who(st.who)
        nxt = self.pc + 1

        def play(vm, fr):
            c = card(vm)
            fr["pc"] = nxt
            return PUSHED if vm.play(c, who(vm)) else nxt
        self.emit(play)

    def _s_CallStmt(self, st):
        call, var, g = st.call, st.var, self.g
        name = call.func
        if var is not None and name not in g.procedures and name not in g.mechanics:
            board_fns = BOARD_FUNCTIONS if g.boards else ()
            if name not in BUILTINS and name not in SPECIAL and name not in g.functions \
                    and name not in board_fns:      # x = name(...): any of them fits
                self.c.err(call, "REF-UNDEF", f"unknown function or procedure '{name}'",
                           did_you_mean(name, [*BUILTINS, *SPECIAL, *g.functions, *board_fns,
                                               *g.procedures, *g.mechanics]))
            # x = min(...): an ordinary value, not a procedure call
            return self._s_Assign(A.Assign(var, call, line=st.line, col=st.col))
        if var is not None:
            self.bind(var, "rec:" + name if name in g.mechanics else "any")
        if name in g.procedures:
            proc = g.procedures[name]
            if len(call.args) > len(proc.params):
                self.c.err(call, "ARGS", f"{name} takes {len(proc.params)} argument(s): "
                                         f"{', '.join(proc.params)}")
            want = getattr(proc, "types", {})
            names = list(proc.params[:len(call.args)])
            args = [self.arg(a, name, n, want.get(n)) for a, n in zip(call.args, names)]
            kw = {}
            for k, v in call.kwargs.items():
                if k not in proc.params:
                    self.c.err(v, "ARGS", f"{name} has no parameter '{k}'", did_you_mean(k, proc.params))
                kw[k] = self.arg(v, name, k, want.get(k))
            missing = [p for p in proc.params if p not in names and p not in kw]
            if missing:
                self.c.err(call, "ARGS", f"{name} needs {', '.join(missing)}")
            key = "proc:" + name
        elif name in g.mechanics:
            mech = g.mechanics[name]
            args = [self.expr(a)[0] for a in call.args]
            names = list(mech.params[:len(args)])
            if len(call.args) > len(mech.params):
                self.c.err(call, "ARGS", f"{name} takes {', '.join(mech.params)}")
            kw = {}
            for k, v in call.kwargs.items():
                if k not in mech.params:
                    self.c.err(v, "ARGS", f"{name} has no parameter '{k}'", did_you_mean(k, mech.params))
                kw[k] = self.expr(v)[0]
            missing = [p for p in mech.required if p not in names and p not in kw]
            if missing:
                self.c.err(call, "ARGS", f"{name} needs {', '.join(missing)}")
            key = "@" + name
        else:
            # a pure function used as a statement does nothing: say so
            self.c.err(call, "REF-UNDEF", f"unknown procedure '{name}'",
                       did_you_mean(name, list(g.procedures) + list(g.mechanics)))
        nxt = self.pc + 1

        def call_op(vm, fr):
            l = {"me": vm.l.get("me")}
            for n, f in zip(names, args):
                l[n] = f(vm)
            for n, f in kw.items():
                l[n] = f(vm)
            fr["pc"] = nxt
            vm.push(key, l, var)
            return PUSHED
        self.emit(call_op)

    def arg(self, node, proc, param, want):
        """A procedure's argument, compiled; its type must fit the declared one."""
        f, t = self.expr(node)
        if want and not _fits(want, t):
            self.c.err(node, "TYPE", f"{proc}'s parameter '{param}' is a {_word(want)}, "
                                     f"but this is a {_word(t)}")
        return f

    def _s_RunProgram(self, st):
        key, phase, nxt = st.key, st.phase, self.pc + 1

        def run_program(vm, fr):
            if phase is not None:
                vm.s["phase"] = phase
            fr["pc"] = nxt
            vm.push(key, {"me": None})
            return PUSHED
        self.emit(run_program)

    def _s_Return(self, st):
        f = self.expr(st.expr)[0] if st.expr is not None else (lambda vm: None)

        def ret(vm, fr):
            vm.ret(f(vm))
            return POPPED
        self.emit(ret)

    def _s_Break(self, st):
        if not self.loops:
            self.c.err(st, "FLOW", "break outside a loop")
        cell = [None]
        self.loops[-1].breaks.append(cell)
        self.emit(lambda vm, fr: cell[0])

    def _s_Pass(self, st):
        nxt = self.pc + 1
        self.emit(lambda vm, fr: nxt)

    def _s_Log(self, st):
        text, nxt = self.template(st.text, st, st.text_at), self.pc + 1

        def log(vm, fr):
            if vm.listener is not None:
                vm.emit(text(vm))
            return nxt
        self.emit(log)

    def _s_EndGame(self, st):
        draw = st.draw

        def end(vm, fr):
            if draw:
                vm.s["capped"] = True   # the result names no winner
            vm.end_game()
            return WAIT
        self.emit(end)

    def _s_If(self, st):
        ends = []
        for test, body in st.branches:
            f, _ = self.expr(test)
            skip = [None]

            def branch(vm, fr, f=f, skip=skip, nxt=self.pc + 1):
                return nxt if f(vm) else skip[0]
            self.emit(branch)
            for s in body:
                self.stmt(s)
            end = [None]
            ends.append(end)
            self.emit(lambda vm, fr, end=end: end[0])
            skip[0] = self.pc
        if st.orelse:
            for s in st.orelse:
                self.stmt(s)
        for end in ends:
            end[0] = self.pc

    def _loop(self, head_op_factory, body, init=None, cleanup=()):
        """Emit: [init] head body jump-head; breaks and exhausted head jump past the end."""
        if init is not None:
            self.emit(init(self.pc + 1))
        head = self.pc
        end = [None]
        self.emit(head_op_factory(head + 1, end))
        loop = _Loop()
        self.loops.append(loop)
        for s in body:
            self.stmt(s)
        self.loops.pop()
        self.emit(lambda vm, fr: head)
        if cleanup:
            names = tuple(cleanup)
            nxt = self.pc + 1

            def tidy(vm, fr):
                for n in names:
                    vm.l.pop(n, None)
                return nxt
            end[0] = self.pc
            for cell in loop.breaks:
                cell[0] = self.pc
            self.emit(tidy)
        else:
            end[0] = self.pc
            for cell in loop.breaks:
                cell[0] = self.pc

    def _s_ForEach(self, st):
        coll, ct = self.expr(st.coll)
        self.c.require_list(st.coll, ct)
        items, idx, var = self.fresh("items"), self.fresh("i"), st.var
        self.bind(var, _elem(ct))

        def init(nxt):
            def for_init(vm, fr):
                vm.l[items] = list(coll(vm))
                vm.l[idx] = 0
                return nxt
            return for_init

        def head(nxt, end):
            def for_next(vm, fr):
                l = vm.l
                i = l[idx]
                xs = l[items]
                if i >= len(xs):
                    return end[0]
                l[var] = xs[i]
                l[idx] = i + 1
                return nxt
            return for_next
        self._loop(head, st.body, init, cleanup=(items, idx))

    def _s_While(self, st):
        test, _ = self.expr(st.test)
        guard, line = self.fresh("n"), st.line

        def init(nxt):
            def while_init(vm, fr):
                vm.l[guard] = 0
                return nxt
            return while_init

        def head(nxt, end):
            def while_test(vm, fr):
                l = vm.l
                l[guard] += 1
                if l[guard] > LOOP_LIMIT:
                    raise GameError(f"line {line}: the loop ran {LOOP_LIMIT} times; is it endless?")
                return nxt if test(vm) else end[0]
            return while_test
        self._loop(head, st.body, init, cleanup=(guard,))

    def _s_Repeat(self, st):
        count, _ = self.expr(st.count)
        left = self.fresh("left")

        def init(nxt):
            def repeat_init(vm, fr):
                vm.l[left] = min(count(vm), LOOP_LIMIT)
                return nxt
            return repeat_init

        def head(nxt, end):
            def repeat_next(vm, fr):
                l = vm.l
                if l[left] <= 0:
                    return end[0]
                l[left] -= 1
                return nxt
            return repeat_next
        self._loop(head, st.body, init, cleanup=(left,))


def _word(t: str) -> str:
    return {"num": "number", "str": "text", "bool": "truth value"}.get(t, t).replace(
        "list:", "list of ").replace("list of num", "list of number")


def _fits(want: str, got: str) -> bool:
    """Whether a value of static type `got` may be passed where `want` is declared."""
    if want == "any" or got in ("any", "none") or want == got:
        return True
    if want.startswith("list") and got.startswith("list"):
        return want == "list" or got == "list"
    return False


def _shift(node, line, col):
    """Move a field's syntax tree (parsed on its own, from column 1) to where the field
    stands in the script: its first line starts at (line, col)."""
    if isinstance(node, (list, tuple)):
        for x in node:
            _shift(x, line, col)
        return
    if not isinstance(node, A.Node):
        return
    if node.line == 1:
        node.col += col - 1
    node.line += line - 1
    for f in dataclasses.fields(node):
        if f.name not in ("line", "col"):
            _shift(getattr(node, f.name), line, col)
