"""The statements that hand over control: decisions (choose) and calls of procedures and
mechanics (a new frame, or a plain call of a procedure that never stops). Mixed into
ScriptCompiler."""
from __future__ import annotations

from ..errors import did_you_mean, type_words
from ..boards.geometry import BOARD_FUNCTIONS
from . import ast as A
from . import types as T
from .builtins import BUILTINS, SPECIAL
from .blocks import PUSHED, WAIT
from .signature import REQUIRED, Param, Signature


# The first line of the op that asks a simultaneous choice (compile() marks that op).
ASKS_EACH = "# asks each"


class Handover:
    # ------------------------------------------------------------ decisions
    def _s_Choose(self, st):
        # `by each of PLAYERS`: the menu, prompt and labels are made per seat, with `me` that
        # seat, even where no player acts (a phase)
        outer = self.scope.actor
        self.scope.actor = outer or st.each is not None
        try:
            self.choose(st)
        finally:
            self.scope.actor = outer

    def choose(self, st):
        if st.repeated is not None:
            kind, line, col = st.repeated
            self.c.err(A.Pass(line=line, col=col), "SYNTAX",
                       f"'{kind}' is given twice: give each part of a choice once")
        if st.seq:
            if st.always is not None:
                self.c.err(A.Pass(line=st.always[0], col=st.always[1]), "SYNTAX",
                           "'ask always' is for choose one and choose number: every step of a "
                           "sequence is asked already")
            return self.choose_sequence(st)
        var, line = st.var, st.line
        prompt = self.g.register_prompt(self.c.ns.expression(
            self.template(st.prompt or f"choose {st.var}", st, st.text_at.get("prompt")),
            what="prompt", at=(line, st.col)))
        if st.coll is not None and st.subset:     # choose any of X: its sets of items
            coll, ct = self.src(st.coll)
            self.c.require_list(st.coll, ct)
            et = T.list_of(T.elem(ct))
            least, most = "0", "None"
            for node, kind in ((st.least, "least"), (st.most, "most")):
                if node is not None:
                    src, t = self.src(node)
                    if t not in (T.NUM, T.ANY):
                        self.c.err(node, "TYPE", f"'at {kind}' is a number of items, not "
                                                 f"{type_words(t)}")
                    least, most = (src, most) if kind == "least" else (least, src)
            values = (f"_subsets_between(_items := list({coll}), _lo := {least}, "
                      f"_hi := {most}, vm.s)")     # vm.s: a sample's seed (runtime.py)
        elif st.coll is not None:
            coll, ct = self.src(st.coll)
            self.c.require_list(st.coll, ct)
            et = T.elem(ct)
            values = f"list({coll})"
        else:
            lo, _ = self.src(st.low)
            hi, _ = self.src(st.high)
            et = T.NUM
            values = f"list(range({lo}, ({hi}) + 1))"
        # the otherwise option's label is a text like the prompt: its {fields} filled when asked
        other = repr(None) if st.otherwise is None else \
            self.template(st.otherwise, st, st.text_at.get("otherwise"))
        if st.otherwise_if is not None:    # otherwise "..." if CONDITION: decided when asked
            cond, _ = self.src(st.otherwise_if)
            other = f"({other} if {cond} else None)"
        if st.each is not None:
            seats, _ = self.src(st.each)
            # the choice is an op of its own (bots imagining a world ask it again there)
            self.b.end_block()
            self.line(ASKS_EACH)
            each_opts = self.menu(st, et)
            self.bind(var, T.list_of(et))     # per seat: its answer (none if not asked)
            nxt = self.stop_here()
            for src in (f"_seats = list({seats})", "_opts = {}", "_me = l.get('me')",
                        "for _seat in _seats:",
                        "    l['me'] = _seat",
                        f"    _vals = {values}",
                        f"    _other = {other}",
                        "    if not _vals and _other is None:",
                        f"        raise _GameError('line {line}: ' + vm.label(_seat, 'player') + "
                        f"' has no option to choose {var} from')",
                        f"    _opts[_seat] = {each_opts}",
                        "l['me'] = _me",
                        f"fr['pc'] = {nxt}",
                        f"vm.ask(_seats, _opts, {var!r}, {prompt}, each=True)",
                        f"return {WAIT}"):
                self.line(src)
            self.b.end_block()
            return
        self.bind(var, et)
        if st.by is None and not self.me_known:
            self.c.err(st, "FLOW", f"who chooses {var}? A phase has no `me`: write "
                                   f"`{var} = choose one of ... by PLAYER`")
        by = self.who(st.by)
        opts = self.menu(st, et)
        if st.subset:           # the items kept, for a table composing the set
            opts = f"_subset_menu({opts}, _items, _lo, _hi)"
        nxt = self.stop_here()
        for src in (f"_vals = {values}",
                    f"_other = {other}",
                    "_n = len(_vals) + (_other is not None)",
                    f"if _n <= {0 if st.always else 1}:",     # ask always: one option asked
                    "    if _n == 0:",
                    f"        raise _GameError('line {line}: no option to choose {var} from')",
                    f"    l[{var!r}] = _vals[0] if _vals else None",
                    "    vm.forced()",
                    f"    return {nxt}",
                    f"fr['pc'] = {nxt}",
                    f"vm.ask_one({by}, {opts}, {var!r}, {prompt})",
                    f"return {WAIT}"):
            self.line(src)
        self.b.end_block()

    def choose_sequence(self, st):
        """`xs = choose sequence of MENU by each of SEATS length MIN to MAX`: each seat composes
        a list privately, step by step (see VM.ask_seq). MENU, MIN, MAX, the prompt and the
        labels are compiled with `me` (the seat) and `so_far` (its steps so far) bound, into
        one registered function the driver calls again after each of that seat's steps."""
        var = st.var
        if st.by is not None:
            self.c.err(st.by, "FLOW", "a sequence is composed `by each of PLAYERS`, not `by "
                                      "PLAYER`: write `by each of [PLAYER]` for one seat")
        if st.each is None:
            self.c.err(st, "FLOW", f"who composes {var}? Write `{var} = choose sequence of ... "
                                   "by each of PLAYERS` (a list of seats, maybe of one)")
        if st.length is None:
            self.c.err(st, "FLOW", f"how long is {var}? Add `length MIN to MAX` (or `length N`)")
        seats, _ = self.src(st.each)
        types = self.scope.types
        saved = {k: types[k] for k in ("me", "so_far") if k in types}
        types["me"], types["so_far"] = T.PLAYER, T.LIST
        try:
            menu, ct = self.src(st.coll)
            self.c.require_list(st.coll, ct)
            et = T.elem(ct)
            types["so_far"] = T.list_of(et)
            lo_node, hi_node = st.length
            lo, lt = self.src(lo_node)
            hi, ht = self.src(hi_node) if hi_node is not None else (lo, lt)
            for node, t in ((lo_node, lt), (hi_node, ht)):
                if node is not None and t not in (T.NUM, T.ANY):
                    self.c.err(node, "TYPE", f"a sequence's length is a number, not "
                                             f"{type_words(t)}")
            prompt = self.g.register_prompt(self.c.ns.expression(self.template(
                st.prompt or f"choose {var}: step {{count(so_far) + 1}}", st,
                st.text_at.get("prompt")), what="prompt", at=(st.line, st.col)))
            lab = self.label_id(st, et) if st.labelled is not None else None
            grp = self.group_id(st, et) if st.grouped is not None else None
        finally:
            for k in ("me", "so_far"):
                types.pop(k, None)
            types.update(saved)
        fn = self.c.ns.define(self.c.ns.code_name("seq", (st.line, st.col)), "vm", [
            "s = vm.s", "l = vm.l",
            f"_lo, _hi = {lo}, {hi}",
            "if len(l['so_far']) >= _hi:",
            "    return [], _lo, _hi",
            f"return list({menu}), _lo, _hi"], "sequence")
        menu_id = self.g.register_sequence(fn, et, lab, prompt, st.line)
        if grp is not None:
            self.g.seq_groups[menu_id] = grp
        self.bind(var, T.list_of(T.list_of(et)))   # per seat: its sequence (none if not asked)
        nxt = self.stop_here()
        for src in (f"_seats = list({seats})",
                    f"fr['pc'] = {nxt}",
                    f"vm.ask_seq(_seats, {menu_id}, {var!r})",
                    f"return {WAIT} if s['pending'] is not None or s['over'] else {nxt}"):
            self.line(src)
        self.b.end_block()

    def menu(self, st, et) -> str:
        """Source of the menu of values `_vals` (and `_other`). `labelled "text {it...}"`:
        the options' labels, `grouped by EXPR`: their groups, both made from each value only
        when someone reads them (a bot never does)."""
        lab = self.label_id(st, et) if st.labelled is not None else None
        grp = self.group_id(st, et) if st.grouped is not None else None
        return f"_choice(_vals, {et!r}, _other, {lab}, {grp})"

    def group_id(self, st, et) -> int:
        """The id of the compiled `grouped by EXPR`, a function of `it` naming its group."""
        outer = self.scope
        self.scope = outer.child(it=et)
        try:
            src, t = self.src(st.grouped)
        finally:
            self.scope = outer
        fn = self.c.ns.expression(f"vm.label({src}, {t!r})", "vm, v_it", "group",
                                  at=(st.grouped.line, st.grouped.col))
        return self.g.register_group(fn)

    def label_id(self, st, et) -> int:
        """The id of the compiled `labelled` text, a function of `it` (see labelled)."""
        outer = self.scope
        self.scope = outer.child(it=et)
        try:
            text = self.template(st.labelled, st, st.text_at.get("labelled"))
        finally:
            self.scope = outer
        fn = self.c.ns.expression(text, "vm, v_it", "label", at=(st.line, st.col))
        return self.g.register_label(fn)

    # ------------------------------------------------------------ calls
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
        if name in g.procedures:
            self.c.check_actor(call, self.scope, "procedure", name)
            sig, key = self.procedure_signature(name), "proc:" + name
        elif name in g.mechanics:
            mech = g.mechanics[name]
            sig = Signature(name, tuple(Param(p, T.ANY, REQUIRED if p in mech.required else None)
                                        for p in mech.params))
            key = "@" + name
        else:
            # a pure function used as a statement does nothing: say so
            self.c.err(call, "REF-UNDEF", f"unknown procedure '{name}'",
                       did_you_mean(name, list(g.procedures) + list(g.mechanics)))
        if var is not None:
            self.bind(var, "rec:" + name if name in g.mechanics else T.ANY)
        args = [self.src(a) for a in call.args]
        kwargs = {k: (v, self.src(v)) for k, v in call.kwargs.items()}
        bound = sig.bind(self.c, call, list(zip(call.args, args)), kwargs)
        choices = getattr(g.mechanics.get(name), "choices", {})
        for p, _, arg in bound:        # a mechanic's named settings, when given as texts
            allowed = choices.get(p.name)
            if allowed and isinstance(arg, A.Const) and arg.value not in allowed:
                self.c.err(arg, "ARGS", f"{name}'s {p.name} is one of "
                                        f"{', '.join(map(repr, allowed))}, not {arg.value!r}",
                           did_you_mean(str(arg.value), allowed))
        local = ["'me': l.get('me')"] + [f"{p.name!r}: {value[0]}" for p, value, _ in bound
                                         if value is not REQUIRED]
        native = self.native_proc_ref(name) if name in g.procedures else None
        if native is None and name in g.procedures and self.c.procedures.effect(name) is None:
            native = self.value_proc_ref(name)     # only computes a value: no frame needed
        if native is not None:        # never stops: a plain Python call, no frame pushed
            call_src = f"{native}(vm, {{{', '.join(local)}}})"
            self.line(f"l[{var!r}] = {call_src}" if var is not None else call_src)
            return
        nxt = self.stop_here()
        self.line(f"_frame = {{{', '.join(local)}}}")
        self.line(f"fr['pc'] = {nxt}")
        self.line(f"vm.push({key!r}, _frame, {var!r})")
        self.line(f"return {PUSHED}")
        self.b.end_block()

    def procedure_signature(self, name) -> Signature:
        proc = self.g.procedures[name]
        return Signature.declared(name, proc.types or {p: T.ANY for p in proc.params})
