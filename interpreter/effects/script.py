"""Statements -> blocks of generated Python (see blocks.py for how a script stops and resumes).

Each statement's meaning is written once, here, as the source it generates; what changes the
state goes through the VM's primitives (gain, steal, move, draw, ...), which keep counters'
bounds and zones' rules in one place.
"""
from __future__ import annotations

from .abilities import check_moment
from ..errors import CompileError, CompileErrors, did_you_mean, type_words
from . import ast as A
from . import types as T
from .blocks import POPPED, PUSHED, WAIT, Blocks
from .compiler import Compiler, Scope
from .control import Control
from .telling import Telling
from .handover import ASKS_EACH, Handover
from .procedures import Procedures, stops
from .templates import compile_template
from .value_targets import compile_set, unknown_target


class StopsInside(CompileError):
    """A procedure found not to stop stops after all: it calls one that runs in frames.
    (native_proc_ref catches it: the procedure then runs in frames too.)"""


class ScriptCompiler(Handover, Control, Telling):
    """Compiles one script (a card effect, a procedure body, a phase) into ops."""

    def __init__(self, comp: Compiler, local_types: dict, phase: bool = False):
        self.c = comp
        self.g = comp.g
        self.scope = Scope(comp.g, local_types)
        self.b = Blocks()
        self.loops: list = []      # per enclosing loop: None (a Python loop) or its (top, end) labels
        self.errors: list = []     # every statement's error, so one run reports them all
        self.uid = 0
        self.native = False        # compiling a procedure as one Python function
        # whether `me` names a player here (false in phases, the setup and the flow)
        self.me_known = "me" in local_types and not phase
        self.scope.actor = self.me_known

    def compile(self, stmts) -> list:
        for st in stmts:
            self.stmt(st)
        if self.errors:
            raise CompileErrors(self.errors)
        ns = self.c.ns
        blocks = self.b.finish()
        ops = [ns.define(ns.code_name("op", next(filter(None, at), None)), "vm, fr",
                         ["s = vm.s", "l = fr['l']"] + lines, "script", [None, None] + at)
               for lines, at in zip(blocks, self.b.done_at)]
        for op, lines in zip(ops, blocks):
            op.asks_each = lines[0] == ASKS_EACH    # see bots/worlds.ask_again
        return ops

    # ------------------------------------------------------------ helpers
    def line(self, src: str) -> None:
        self.b.line(src)

    def src(self, node):
        return self.c.src(node, self.scope)

    def fresh(self, what):
        self.uid += 1
        return f"${what}{self.uid}"

    def bind(self, name, t):
        if name == "me":
            self.me_known = self.scope.actor = True
        old = self.scope.types.get(name)
        self.scope.types[name] = t if old in (None, t) else T.ANY

    def who(self, node) -> str:
        """The player an effect applies to: the given one, else `me`."""
        if node is None:
            if not self.scope.actor:
                line, col = self.b.at
                self.c.no_actor(A.Pass(line=line, col=col), "with no player named, this "
                                "statement is about", "name the player: gain X N to P, lose X N "
                                "from P, play C as P")
            return "l['me']"
        f, t = self.src(node)
        if t not in ("player", "any"):
            self.c.err(node, "TYPE", f"{type_words(t)} is not a player")
        return f

    def counter(self, node, name):
        if name not in self.g.player_counters:
            self.c.err(node, "REF-UNDEF", f"players have no counter '{name}'",
                       did_you_mean(name, self.g.player_counters))

    def template(self, text, node, at=None) -> str:
        return compile_template(self.c, self.scope, text, node, at)

    def stops(self, st) -> bool:
        """Whether the script may stop inside this statement (a decision or a pushed frame)."""
        return stops(st, self.g, self.in_frames, self.native)

    # ------------------------------------------------------------ procedures
    def in_frames(self, name) -> bool:
        """Whether calling the procedure pushes a frame: it may stop, or (broken) it cannot
        be compiled as a Python function."""
        return self.c.procedures.may_stop(name) or self.native_proc_ref(name) is None

    def native_proc_ref(self, name):
        """A procedure that never stops, compiled once into f(vm, locals) -> its return value
        (named after its place, procedures_NAME_L40): called like a function, with no frame
        pushed. None when it may stop (or does not compile: the builder reports that at its
        own text)."""
        procs = self.c.procedures
        if name in procs.native_refs:
            return procs.native_refs[name]
        procs.native_refs[name] = None
        if procs.may_stop(name):
            return None
        procs.native_refs[name] = self.procedure_function(name)
        return procs.native_refs[name]

    def value_proc_ref(self, name):
        """A procedure that only computes a value (procedures.effect is None; its `return`
        needs no frame), as one Python function f(vm, locals) -> its value, made once; None
        when it calls itself or does not compile."""
        procs = self.c.procedures
        if name not in procs.value_refs:
            procs.value_refs[name] = None         # a call of itself finds None
            procs.value_refs[name] = self.procedure_function(name)
        return procs.value_refs[name]

    def procedure_function(self, name):
        """The name of a procedure's body compiled as one Python function, or None."""
        comp = self.c
        proc = self.g.procedures[name]
        if comp.procedures.body(name) is None:     # a syntax error, reported at its text
            return None
        types = dict(proc.types or {p: T.ANY for p in proc.params})
        types.setdefault("me", T.PLAYER)
        outer, comp.ns.locate = comp.ns.locate, comp.locators.get(("procedure", name))
        try:
            lines, at = ScriptCompiler(comp, types).compile_native(comp.procedures.body(name))
            ref = comp.ns.code_name("P", name=name)
            comp.ns.define(ref, "vm, l", ["s = vm.s"] + lines, "procedure", [None] + at)
        except CompileError:
            return None
        finally:
            comp.ns.locate = outer
        return ref

    def stmt(self, st):
        meth = getattr(self, "_s_" + type(st).__name__)
        mark = (len(self.b.cur), self.b.depth)
        outer, self.b.at = self.b.at, (st.line or 1, st.col or 1)
        try:
            meth(st)
        except CompileError as e:
            self.errors.append(e)
            del self.b.cur[mark[0]:]
            del self.b.cur_at[mark[0]:]
            self.b.depth = mark[1]
            var = getattr(st, "var", None)
            if var and var not in self.scope.types:
                self.scope.types[var] = T.ANY   # no second error for each later use of it
        finally:
            self.b.at = outer

    def body(self, stmts):
        """Statements inside a Python block (an if's or a loop's)."""
        self.b.depth += 1
        start = len(self.b.cur)
        for s in stmts:
            self.stmt(s)
        if len(self.b.cur) == start:
            self.line("pass")
        self.b.depth -= 1

    def stop_here(self) -> str:
        """The pc the script resumes at after the stop being written (ends the block)."""
        return str(self.b.next_pc)

    # ------------------------------------------------------------ plain statements
    def _s_Assign(self, st):
        f, t = self.src(st.expr)
        self.bind(st.var, t)
        var = repr(st.var)
        if T.is_list(t):
            self.line(f"l[{var}] = list({f})")
        elif t in T.SCALARS:
            self.line(f"l[{var}] = {f}")
        else:
            v = self.b.temp("v")
            self.line(f"{v} = {f}")
            self.line(f"l[{var}] = list({v}) if type({v}) is list else {v}")

    def _s_Gain(self, st):
        name = self.counter_src(st)
        amt, _ = self.src(st.amount)
        self.line(f"vm.gain({self.who(st.who)}, {name}, {amt})")

    def _s_Lose(self, st):
        name = self.counter_src(st)
        amt, _ = self.src(st.amount)
        self.line(f"vm.gain({self.who(st.who)}, {name}, -({amt}))")

    def _s_Steal(self, st):
        name = self.counter_src(st)
        amt, _ = self.src(st.amount)
        self.line(f"vm.steal({self.who(None)}, {self.who(st.victim)}, {name}, {amt})")

    def counter_src(self, st) -> str:
        """The counter a gain/lose/steal changes: its name, or counter(EXPR)'s value."""
        if st.counter_of is not None:
            return self.c.counter_name(st.counter_of, self.scope)
        self.counter(st, st.counter)
        return repr(st.counter)

    def _s_SetStmt(self, st):
        f, _ = self.src(st.expr)
        target, g = st.target, self.g
        if g.player_values or g.game_values:
            line = compile_set(self, target, f)      # a value, or an entry of one
            if line is not None:
                self.line(line)
                return
        if isinstance(target, A.Method):        # set p.counter(NAME) = v
            p, name = self.c.counter_of(target, self.scope)
            self.line(f"vm.set_counter({p}, {name}, {f})")
            return
        if isinstance(target, A.Name) and target.name not in self.scope.types:
            name = target.name
            if name in g.roles:
                self.line(f"s['roles'][{name!r}] = {f}")
                return
            if name in g.game_counters:
                self.line(f"vm.set_game_counter({name!r}, {f})")
                return
            self.c.err(target, "REF-UNDEF", f"'{name}' is not a role, a game counter or a game "
                                            "value",
                       did_you_mean(name, list(g.roles) + list(g.game_counters)
                                    + list(g.game_values)))
        if isinstance(target, A.Index) and isinstance(target.obj, A.Name) \
                and target.obj.name in self.scope.types and target.obj.name not in self.scope.py:
            key, _ = self.src(target.key)
            if g.player_values or g.game_values:      # the list may be a value's: copy
                self.line(f"_vset_local(l, {target.obj.name!r}, {key}, {f})")
            else:
                self.line(f"_set_item(l[{target.obj.name!r}], {key}, {f})")
            return
        if isinstance(target, A.Attr) and target.name in g.card_state:
            card, _ = self.src(target.obj)
            self.line(f"vm.set_card_state({card}, {target.name!r}, {f})")
            return
        if isinstance(target, A.Attr) and target.name in g.player_counters:
            self.line(f"vm.set_counter({self.who(target.obj)}, {target.name!r}, {f})")
            return
        unknown_target(self, target)
        if isinstance(target, A.Attr) and target.name in g.stats:
            self.c.err(target, "SET", f"'{target.name}' is a stat, computed from its expression; "
                                      "it cannot be set", "set a counter instead")
        self.c.err(target, "SET", "set works on a role, a counter, a value (or an entry of one), "
                                  "a card's state or an entry of a variable's list or mapping",
                   did_you_mean(getattr(target, "name", ""),
                                list(g.player_counters) + list(g.player_values)))

    def _s_Move(self, st):
        what, _ = self.src(st.what)
        dest = self.c.zone_key(st.dest, self.scope)
        self.line(f"vm.move_all({what}, {dest})")

    def _s_Draw(self, st):
        n, t = self.src(st.count)
        if t not in ("num", "any"):
            self.c.err(st.count, "TYPE", f"draw takes a number of cards, not {type_words(t)}")
        src = self.c.zone_key(st.src, self.scope)
        dest = self.c.zone_key(st.dest, self.scope)
        if st.var is None:
            self.line(f"vm.draw({n}, {src}, {dest})")
            return
        self.bind(st.var, "list:card")
        self.line(f"l[{st.var!r}] = []")
        self.line(f"vm.draw({n}, {src}, {dest}, l[{st.var!r}])")

    def _s_Shuffle(self, st):
        self.line(f"vm.shuffle({self.c.zone_key(st.zone, self.scope)})")

    def _s_Discard(self, st):
        what, _ = self.src(st.what)
        self.line(f"vm.discard_all({what})")

    def _s_Append(self, st):
        if st.var not in self.scope.types or st.var in self.scope.py:
            self.c.undefined(st, st.var, self.scope, "list")
        if not (T.is_list(self.scope.types[st.var]) or self.scope.types[st.var] == T.ANY):
            self.c.err(st, "TYPE", f"'{st.var}' is {type_words(self.scope.types[st.var])}, "
                                   "not a list")
        what, _ = self.src(st.what)
        values = self.g.player_values or self.g.game_values   # the list may be a value's
        self.line(f"{'_vappend' if values else '_append'}(l, {st.var!r}, {what})")

    def _s_SortZone(self, st):
        zone = self.c.zone_key(st.zone, self.scope)
        elem = T.CARD
        key, _ = self.c.src(st.key, self.scope.child(it=elem))
        self.line(f"vm.sort_zone({zone}, lambda v_it: {key})")

    def _s_Pass(self, st):
        self.line("pass")

    # ------------------------------------------------------------ stopping points
    def _s_Return(self, st):
        value = self.src(st.expr)[0] if st.expr is not None else "None"
        if self.native:               # a procedure run as one Python function
            self.line(f"return {value}")
            return
        self.line(f"vm.ret({value})")
        self.line(f"return {POPPED}")
        self.b.end_block()

    def compile_native(self, stmts):
        """(lines, positions) of a procedure that never stops, as one function's body."""
        self.native = True
        for st in stmts:
            self.stmt(st)
        if self.errors:
            raise CompileErrors(self.errors)
        if self.b.done:     # it calls a procedure that runs in frames (one that failed to
            raise StopsInside("FLOW", "it calls a procedure that runs in frames", 1, 1)
        return self.b.cur + ["return None"], self.b.cur_at + [None]

    def _s_EndGame(self, st):
        if st.draw:
            self.line("s['drawn'] = True    # the result names no winner: a draw")
        if st.capped:
            self.line("s['capped'] = True   # the result names no winner: stopped by a cap")
        self.line("vm.end_game()")
        self.line(f"return {WAIT}")
        self.b.end_block()

    def _s_RunProgram(self, st):
        nxt = self.stop_here()
        if st.phase is not None:
            self.line(f"s['phase'] = {st.phase!r}")
        me = self.src(st.me)[0] if st.me is not None else "None"
        self.line(f"fr['pc'] = {nxt}")
        self.line(f"vm.push({st.key!r}, {{'me': {me}}})")
        self.line(f"return {PUSHED}")
        self.b.end_block()

    def _s_Play(self, st):
        card, _ = self.src(st.card)
        who = self.who(st.who)
        nxt = self.stop_here()
        c = self.b.temp("c")
        self.line(f"{c} = {card}")
        self.line(f"fr['pc'] = {nxt}")
        if st.ability is None:
            self.line(f"return {PUSHED} if vm.play({c}, {who}) else {nxt}")
        else:   # one named ability (a moment declared in `moments:`)
            ability, t = self.src(st.ability)
            check_moment(self.c, st.ability, t)
            self.line(f"return {PUSHED} if vm.play({c}, {who}, {ability}) else {nxt}")
        self.b.end_block()


# the expression compiler compiles a procedure used as a value through this class
Procedures.script_compiler = ScriptCompiler
