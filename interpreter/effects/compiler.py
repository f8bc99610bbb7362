"""Expressions -> Python source, once, at load time (statements: script.py).

`Compiler.src(node, scope)` checks an expression against the game's names and types and
returns (source, type); the source is a Python expression over `vm`, `s` and `l` (see
codegen.py). `Compiler.expr` wraps it into a function f(vm). Names are resolved by
names.py, calls bound by calls.py, zones named by zones.py: one place for each meaning.

Runtime values are plain data: players are seat numbers, cards are instance ids, zones
are read as lists; a zone used as a destination compiles to its key.
"""
from __future__ import annotations

from .. import zone_keys
from ..errors import CompileError, type_words
from .values import PURE_RUNTIME, RUNTIME as VALUE_RUNTIME
from .value_targets import compile_index
from . import ast as A
from . import types as T
from .builtins import FOLDS, STOPS_AT_ANSWER, stops_early
from .calls import Calls
from .counters_named import NamedCounters
from .codegen import Namespace, iterable, py_name
from .names import Names, Scope
from .parser import EffectSyntaxError, parse_expression
from .procedures import Procedures
from .signature import REQUIRED
from .state_free import bind_runtime, function_body
from .templates import compile_template
from .zones import Zones

__all__ = ["Compiler", "Scope"]

_ARITH = {"-": "-", "*": "*"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">=", "in", "not in"}


def _about_it(scope, ct):
    """The scope of `X where C` (until, ranked by, lowest by, highest by): `it` bound."""
    inner = scope.child(it=T.elem(ct))
    inner.where = True
    return inner


class Compiler(Names, Calls, Zones, NamedCounters):
    def __init__(self, game):
        self.g = g = game
        self.ns = Namespace()
        self.card_attrs = set()
        for attrs in g.cards.values():
            self.card_attrs.update(attrs)
        for ct in g.card_types.values():
            self.card_attrs.update(ct.attrs)
        self.keyed_player = {n: z for n, z in g.player_zones.items() if z.keys}
        self.keyed_game = {n: z for n, z in g.game_zones.items() if z.keys}
        self.seats = range(max(g.players_max, 1))   # for key tables made once per seat
        self.cards_ref = self.ns.bind("CARDS", g.cards)
        self.labels_ref = self.ns.bind("LABELS", g.card_labels)
        self.ns.bind("PLAYABLE", g.exprs.setdefault("playable", {}))
        self.stat_refs: dict = {}           # stat -> generated function name
        self.stat_types: dict = {}          # stat -> its static type
        self.function_refs: dict = {}       # function -> generated function name
        self.function_errors: dict = {}     # function name -> its compile error
        self.attr_refs: dict = {}           # card attribute -> its table's name
        self.locators: dict = {}            # ("stat"|"function"|"procedure", name) -> locator
        self.procedures = Procedures(g)     # parsed once, may stop or not, compiled once
        self.init_calls()
        for name, fn in VALUE_RUNTIME.items():
            self.ns.bind("_" + name, fn, static=name in PURE_RUNTIME)
        bind_runtime(self.ns)

    # ------------------------------------------------------------ errors
    def err(self, node, code, message, hint=""):
        raise CompileError(code, message, getattr(node, "line", 1) or 1,
                           getattr(node, "col", 1) or 1, hint)

    # ------------------------------------------------------------ entry points
    def expr(self, node, scope: Scope, raw: bool = False):
        """Compile an expression into f(vm) -> value, reading the frame's locals `vm.l`;
        returns (f, type)."""
        src, t = self.src(node, scope, raw)
        return self.ns.expression(src, at=(node.line, node.col)), t

    def expr_fn(self, node, scope: Scope, params: tuple = ()):
        """f(vm, *params) -> value, the params bound as the language names they are."""
        inner = scope.child(**{p: scope.types.get(p, T.ANY) for p in params})
        src, t = self.src(node, inner)
        args = "".join(", " + py_name(p) for p in params)
        return self.ns.expression(src, "vm" + args, frame=True, at=(node.line, node.col)), t

    def src(self, node, scope: Scope, raw: bool = False):
        """(Python source, static type) of an expression.

        A player's keyed zone group (p.slots) compiles to the player's source with the type
        pgroup:NAME, so that p.slots.fame or p.slots[b] can name one zone; unless `raw`, it
        is read as the list of its zones' contents."""
        meth = getattr(self, "_x_" + type(node).__name__, None)
        if meth is None:
            self.err(node, "EXPR-BAD", f"{type(node).__name__} cannot be used as a value here")
        src, t = meth(node, scope)
        if not raw and t.startswith("pgroup:"):
            table = self.seat_table(t[7:])
            return f"[s['z'][k] for k in {table}[{src}]]", T.GROUP
        return src, t

    def seat_table(self, group: str) -> str:
        """Per seat, the zone keys of a player's keyed group (made once)."""
        keys = self.g.player_zones[group].keys
        return self.ns.const([zone_keys.group_keys(group, keys, p) for p in self.seats], "GK")

    # ------------------------------------------------------------ simple nodes
    def _x_Const(self, node, scope):
        if type(node.value) is str and ("{" in node.value or "}" in node.value):
            # a text with {fields} is filled in wherever it is used, as in a log line
            return compile_template(self, scope, node.value, node), T.STR
        return self.ns.const(node.value), T.of_value(node.value)

    def _x_Name(self, node, scope):
        return self.name(node, scope)

    def _x_Attr(self, node, scope):
        obj, t = self.src(node.obj, scope, raw=True)
        return self.member(node, obj, t, node.name)

    def _x_Index(self, node, scope):
        if isinstance(node.obj, A.Name) and node.obj.name in self.keyed_game \
                and node.obj.name not in scope.types:
            return f"s['z'][{self.game_group_key(node, scope)}]", "list:card"
        if self.g.player_values or self.g.game_values:
            read = compile_index(self, node, scope)    # a value's entry, or its default
            if read is not None:
                return read
        obj, t = self.src(node.obj, scope, raw=True)
        key, _ = self.src(node.key, scope)
        if t.startswith("pgroup:"):
            gname = t[7:]
            subs = self.g.player_zones[gname].keys
            table = self.ns.const([{k: zone_keys.make(p, gname, k) for k in subs}
                                   for p in self.seats], "GT")
            return f"s['z'][{table}[{obj}][{key}]]", "list:card"
        return f"_index({obj}, {key})", (T.elem(t) if T.is_list(t) else T.ANY)

    def _x_BinOp(self, node, scope):
        l, lt = self.src(node.left, scope)
        r, rt = self.src(node.right, scope)
        op = node.op
        for side, t in ((node.left, lt), (node.right, rt)):
            if t in ("player", "card", "bool", "group") and not (op == "+" and t == "str"):
                self.err(side, "TYPE", f"a {t} cannot be used with '{op}'")
        if op == "+":
            if T.is_list(lt) or T.is_list(rt):
                both = [t for t in (lt, rt) if t != T.ANY]     # lists of one kind stay so
                return f"(list({l}) + list({r}))", (both[0] if len(set(both)) == 1 else T.LIST)
            if lt == "str" or rt == "str":
                return f"({self.text(node.left, l, lt)} + {self.text(node.right, r, rt)})", T.STR
            if lt == rt == T.ANY:       # two lists, two texts or two numbers: known at run time
                return f"({l} + {r})", T.ANY
            return f"({l} + {r})", T.NUM
        if op == "*" and not (isinstance(node.left, A.Const) or isinstance(node.right, A.Const)):
            return f"_mul({l}, {r})", T.NUM      # squaring in a loop must not run away
        if op in _ARITH:
            return f"({l} {op} {r})", T.NUM
        if op == "/":
            return f"_div({l}, {r})", T.NUM
        if op == "%":
            return f"_mod({l}, {r})", T.NUM
        if op == "**":
            return f"_power({l}, {r})", T.NUM
        self.err(node, "EXPR-BAD", f"unknown operator {op}")

    def _x_Compare(self, node, scope):
        l, lt = self.src(node.left, scope)
        r, rt = self.src(node.right, scope)
        op = node.op
        if op in ("<", "<=", ">", ">="):
            for side, t in ((node.left, lt), (node.right, rt)):
                if t in ("player", "card", "bool", "str", "group") or T.is_list(t):
                    self.err(side, "TYPE", f"{type_words(t)} cannot be compared with '{op}'; "
                                           "compare numbers")
        kinds = {lt, rt} - {"any", "none"}
        if op in ("==", "!=") and len(kinds) == 2 and "num" in kinds and kinds & {"card", "str"}:
            self.err(node, "TYPE", f"{type_words(lt)} is compared with {type_words(rt)}; "
                                   "they are never equal")
        if op not in _COMPARE:
            self.err(node, "EXPR-BAD", f"unknown comparison {op}")
        return f"({l} {op} {r})", T.BOOL

    def _x_BoolOp(self, node, scope):
        l, _ = self.src(node.left, scope)
        r, _ = self.src(node.right, scope)
        return f"({self.truth(node.left, l)} {node.op} {self.truth(node.right, r)})", T.BOOL

    @staticmethod
    def text(node, src: str, t: str) -> str:
        """Source of a value as text, for `+` joining texts: a written text without {fields}
        and a join of texts are texts already."""
        if (isinstance(node, A.Const) and type(node.value) is str and "{" not in node.value
                and "}" not in node.value) or (isinstance(node, A.BinOp) and t == T.STR):
            return src
        return f"str({src})"

    @staticmethod
    def truth(node, src: str) -> str:
        """Source of a value's truth: `and`/`or` give true or false, never an operand; a
        comparison, `not`, `and`/`or` and a written truth value are one already."""
        if isinstance(node, (A.Compare, A.BoolOp, A.Not)) \
                or (isinstance(node, A.Const) and type(node.value) is bool):
            return src
        return f"bool({src})"

    def _x_Not(self, node, scope):
        f, _ = self.src(node.operand, scope)
        return f"(not {f})", T.BOOL

    def _x_Neg(self, node, scope):
        f, t = self.src(node.operand, scope)
        if t not in ("num", "any"):
            self.err(node, "TYPE", f"{type_words(t)} cannot be negated")
        return f"(-{f})", T.NUM

    def _x_CondExpr(self, node, scope):
        a, at = self.src(node.then, scope)
        c, _ = self.src(node.test, scope)
        b, bt = self.src(node.other, scope)
        return f"({a} if {c} else {b})", T.join(at, bt)

    # ------------------------------------------------------------ collections
    def collection(self, node, scope):
        coll, ct = self.src(node, scope)
        self.require_list(node, ct)
        return coll, ct

    def require_list(self, node, t):
        if not (T.is_list(t) or t == "any"):
            self.err(node, "TYPE", f"{type_words(t)} is not a collection")

    def _x_Where(self, node, scope):
        coll, ct = self.collection(node.coll, scope)
        cond, _ = self.src(node.cond, _about_it(scope, ct))
        return f"[v_it for v_it in {iterable(coll)} if {cond}]", ct

    def _x_Until(self, node, scope):
        """`COLL until COND`: the elements before the first one for which COND holds."""
        return self.loop(node, scope, "until")

    def loop(self, node, scope, kind):
        """`COLL where/until COND` run by one generated loop (codegen.LOOPS[kind]):
        (source, the collection's type)."""
        coll, ct = self.collection(node.coll, scope)
        cond, _ = self.src(node.cond, _about_it(scope, ct))
        return self.ns.loop(kind, iterable(coll), cond, at=(node.line, node.col)), ct

    def fold(self, node, scope):
        """count/first/any/all of `X where C` or `X until C` as one loop that builds no list
        ((source, type)), or None when the call is not one of these (FOLDS)."""
        kind = FOLDS.get((node.func, type(node.args[0]).__name__)) \
            if len(node.args) == 1 and not node.kwargs else None
        if kind is None or node.func in self.g.functions:
            return None
        arg = node.args[0]
        if kind in STOPS_AT_ANSWER and not stops_early(arg.cond, self.g.functions):
            return None
        src, ct = self.loop(arg, scope, kind)
        rt = {"count": T.NUM, "any": T.BOOL, "all": T.BOOL}.get(node.func) or T.elem(ct)
        return src, rt

    def _x_Ranked(self, node, scope):
        coll, ct = self.collection(node.coll, scope)
        key, _ = self.src(node.key, _about_it(scope, ct))
        # best first (or smallest first); the stable sort keeps the order among equals
        sort = "_ordered" if node.ascending else "_ranked"
        return f"{sort}([({key}, v_it) for v_it in {coll}])", ct

    def _x_Best(self, node, scope):
        coll, ct = self.collection(node.coll, scope)
        key, _ = self.src(node.key, _about_it(scope, ct))
        return f"_best_by([({key}, v_it) for v_it in {coll}], {node.lowest})", T.elem(ct)

    def _x_ListExpr(self, node, scope):
        items = [self.src(x, scope) for x in node.items]
        types = {t for _, t in items}
        t = T.list_of(types.pop()) if len(types) == 1 else T.LIST
        return "[" + ", ".join(s for s, _ in items) + "]", t

    def _x_MapExpr(self, node, scope):
        pairs = []
        for k, v in node.items:
            ks, kt = self.src(k, scope)
            if kt in ("card", "bool", "group") or T.is_list(kt):
                self.err(k, "TYPE", f"a mapping's key is a text, a number or a player, not {type_words(kt)}")
            pairs.append(f"({ks}, {self.src(v, scope)[0]})")
        return "_mapping((" + "".join(p + ", " for p in pairs) + "))", T.ANY

    def _x_Comprehension(self, node, scope):
        coll, ct = self.collection(node.coll, scope)
        var = node.var
        inner = scope.child(**{var: T.elem(ct)})
        body, bt = self.src(node.expr, inner)
        v = py_name(var)
        keep = f" if {self.src(node.cond, inner)[0]}" if node.cond is not None else ""
        return f"[{body} for {v} in {iterable(coll)}{keep}]", \
            (T.list_of(bt) if not T.is_list(bt) else T.LIST)

    def _x_CallComp(self, node, scope):
        comp = self._x_Comprehension(node.comp, scope)
        call = A.Call(node.func, [], {}, line=node.line, col=node.col)
        return self.call(call, scope, [comp])

    def _x_Call(self, node, scope):
        if node.func in self.g.procedures:
            return self.value_procedure(node, scope)
        if node.func in self.g.mechanics:
            self.err(node, "EXPR-BAD", f"'{node.func}' is a mechanic, with effects; call it as a "
                                       f"statement (x = {node.func}(...)), not inside an expression")
        folded = self.fold(node, scope)
        if folded is not None:
            return folded
        args = [self.src(a, scope) for a in node.args]
        return self.call(node, scope, args)

    def value_procedure(self, node, scope):
        """A procedure called inside an expression: allowed when it only computes its value
        (procedures.effect), run as its one Python function f(vm, locals)."""
        name = node.func
        self.check_actor(node, scope, "procedure", name)
        effect = self.procedures.effect(name)
        if effect is not None:
            what = type(effect).__name__.lower().replace("callstmt", "call").replace(
                "setstmt", "set").replace("endgame", "end game")
            self.err(node, "EXPR-BAD", f"'{name}' is a procedure with effects (line "
                                       f"{effect.line or 1} of it: {what}); call it as a statement "
                                       f"(x = {name}(...)), not inside an expression",
                     "a procedure used as a value may only set its own variables, test, loop "
                     "and return")
        helper = self.procedures.script_compiler(self, {})
        ref = helper.value_proc_ref(name)
        if ref is None:
            self.err(node, "EXPR-BAD", f"'{name}' cannot be computed as a value: it calls itself "
                                       "(or does not compile)", "call it as a statement")
        args = [self.src(a, scope) for a in node.args]
        kwargs = {k: (v, self.src(v, scope)) for k, v in node.kwargs.items()}
        bound = helper.procedure_signature(name).bind(self, node, list(zip(node.args, args)),
                                                      kwargs)
        local = [f"'me': {self.me_src(scope)}"] + [f"{p.name!r}: {value[0]}"
                                                   for p, value, _ in bound
                                                   if value is not REQUIRED]
        return f"{ref}(vm, {{{', '.join(local)}}})", T.ANY

    # ------------------------------------------------------------ stats and functions
    def stat(self, name):
        """A player's derived stat as f(vm, p), compiled once."""
        return self.ns.ns[self.stat_ref(name)]

    def stat_ref(self, name) -> str:
        ref = self.stat_refs.get(name)
        if ref is not None:
            return ref
        scope = Scope(self.g, {"it": "player"}).child(it="player")
        outer, self.ns.locate = self.ns.locate, self.locators.get(("stat", name))
        try:
            ref = self.stat_refs[name] = self.ns.code_name("S", name=name)
            src, self.stat_types[name] = self.src(parse_expression(self.g.stats[name]), scope)
            self.ns.define(ref, "vm, v_it", ["s = vm.s", f"return {src}"], "stat")
        except Exception:
            self.stat_refs.pop(name, None)
            raise
        finally:
            self.ns.locate = outer
        return ref

    def function_ref(self, name) -> str:
        """A function declared in YAML (`functions:`), compiled once into a Python function
        f(vm, me, *params) named after its place (functions_NAME_L12). It sees its
        parameters and the caller's `me`, nothing else."""
        ref = self.function_refs.get(name)
        if ref is not None:
            return ref
        outer, self.ns.locate = self.ns.locate, self.locators.get(("function", name))
        ref = self.function_refs[name] = self.ns.code_name("F", name=name)
        self.ns.costly.add(ref)
        spec = self.g.functions[name]
        types = dict(spec.types)
        types.setdefault("me", "player")
        scope = Scope(self.g, {}).child(**types)
        names = ["me"] + [p for p in spec.params if p != "me"]
        typed = {py_name(p): types.get(p, T.ANY) for p in names}    # Python name -> type
        try:
            src, t = self.src(parse_expression(spec.expr), scope)
            body = function_body(self.ns, ref, typed, src, t)
            self.ns.define(ref, ", ".join(["vm", *typed]), body, "function")
        except (CompileError, EffectSyntaxError) as e:
            # kept for the builder to report at the function's own text, once; its callers
            # compile against a stand-in (the game has an error, so it never runs)
            self.function_errors[name] = e
            self.ns.bind(ref, self.ns.ns["_broken"])
        finally:
            self.ns.locate = outer
        return ref

    def function(self, name):
        return self.ns.ns[self.function_ref(name)]
