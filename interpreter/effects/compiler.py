"""AST -> Python closures, once, at load time.

Expressions become `f(vm) -> value`. Scripts become a flat list of ops
`op(vm, frame) -> next pc | WAIT | PUSHED | POPPED`, with loops and ifs as jumps,
so that a script can stop at a decision and resume later from plain data
(the frame's pc and locals live in the state).

Runtime values are plain data: players are seat numbers, cards are instance ids,
zones are read as lists; a zone used as a destination compiles to its key.
"""
from __future__ import annotations

from typing import Callable

from ..errors import CompileError, GameError, did_you_mean
from . import ast as A
from ..boards import BOARD_FUNCTIONS, board_functions
from .builtins import BUILTINS, SPECIAL

WAIT, PUSHED, POPPED = -1, -2, -3
LOOP_LIMIT = 10000
_MISSING = object()

PLAYER_FIELDS = ("name", "seat", "next", "prev")
CARD_FIELDS = ("id", "zone", "owner", "type", "label")


def _elem(t: str) -> str:
    return t[5:] if t.startswith("list:") else "any"


class Scope:
    """What a name means while compiling one script or expression."""

    def __init__(self, game, local_types: dict):
        self.game = game
        self.types = dict(local_types)   # local name -> type

    def child(self, **more):
        s = Scope(self.game, self.types)
        s.types.update(more)
        return s


class Compiler:
    def __init__(self, game):
        self.g = game
        g = game
        self.card_attrs = set()
        for attrs in g.cards.values():
            self.card_attrs.update(attrs)
        for ct in g.card_types.values():
            self.card_attrs.update(ct.attrs)
        self.keyed_player = {n: z for n, z in g.player_zones.items() if z.keys}
        self.keyed_game = {n: z for n, z in g.game_zones.items() if z.keys}
        self.stat_fns: dict = {}
        self.function_fns: dict = {}
        self.function_errors: dict = {}     # function name -> its compile error
        self.board_fns = {name: board_functions(b) for name, b in g.boards.items()}
        self.mechanic_names = set(g.mechanics)
        self.seats = range(max(g.players_max, 1))   # for key tables made once per seat

    # ------------------------------------------------------------ errors
    def err(self, node, code, message, hint=""):
        raise CompileError(code, message, getattr(node, "line", 1) or 1,
                           getattr(node, "col", 1) or 1, hint)

    def undefined(self, node, name, scope, what="name"):
        candidates = list(scope.types) + self.global_names()
        self.err(node, "REF-UNDEF", f"unknown {what} '{name}'", did_you_mean(name, candidates))

    def global_names(self):
        g = self.g
        return (["me", "my", "players", "opponents", "player_count", "variant"]
                + list(g.game_counters) + list(g.roles) + list(g.game_zones)
                + list(g.constants) + list(g.options))

    def local_name(self, node):
        """The local variable an expression is, if it is just one (for fused accessors)."""
        if isinstance(node, A.Name):
            name = "me" if node.name == "my" else node.name
            if self.scope is not None and name in self.scope.types:
                return name
        return None

    # ------------------------------------------------------------ expressions
    def expr(self, node, scope: Scope, raw: bool = False):
        """Compile an expression; returns (fn, type).

        A player's keyed zone group (p.slots) compiles to (seat, name) so that
        p.slots.fame or p.slots[b] can name one zone; unless `raw`, it is read
        as the list of its zones' contents.
        """
        meth = getattr(self, "_x_" + type(node).__name__, None)
        if meth is None:
            self.err(node, "EXPR-BAD", f"{type(node).__name__} cannot be used as a value here")
        outer, self.scope = getattr(self, "scope", None), scope
        fn, t = meth(node, scope)
        self.scope = outer
        if not raw and t.startswith("pgroup:"):
            keys = self.g.player_zones[t[7:]].keys
            pair = fn

            def group(vm):
                p, name = pair(vm)
                z = vm.s["z"]
                return [z[f"{p}.{name}.{k}"] for k in keys]
            return group, "group"
        return fn, t

    def _x_Const(self, node, scope):
        v = node.value
        t = ("bool" if isinstance(v, bool) else "num" if isinstance(v, int)
             else "str" if isinstance(v, str) else "none")
        return (lambda vm: v), t

    def _x_Name(self, node, scope):
        name = node.name
        g = self.g
        if name == "my":
            name = "me"
        if name in scope.types:
            return (lambda vm: vm.l[name]), scope.types[name]
        if name == "players":
            return (lambda vm: list(range(vm.s["n"]))), "list:player"
        if name == "opponents":
            return (lambda vm: [(vm.l["me"] + i) % vm.s["n"] for i in range(1, vm.s["n"])]), \
                "list:player"
        if name == "player_count":
            return (lambda vm: vm.s["n"]), "num"
        if name == "variant":
            return (lambda vm: vm.s["variant"]), "str"
        if name in g.game_counters:
            return (lambda vm: vm.s["g"][name]), "num"
        if name in g.roles:
            return (lambda vm: vm.s["roles"][name]), "player"
        if name in g.game_zones:
            if name in self.keyed_game:
                return (lambda vm: [vm.s["z"][f"{name}.{k}"] for k in g.game_zones[name].keys]), \
                    "group"
            return (lambda vm: vm.s["z"][name]), "list:card"
        if name in g.constants:
            value = g.constants[name]
            if isinstance(value, dict) and "by_players" in value:
                table = {int(k): v for k, v in value["by_players"].items()}
                return (lambda vm: table[vm.s["n"]]), "any"
            t = ("num" if isinstance(value, int) else "str" if isinstance(value, str)
                 else "list:str" if isinstance(value, list) and all(isinstance(x, str) for x in value)
                 else "list" if isinstance(value, list) else "any")
            return (lambda vm: value), t
        if name in g.options:
            return (lambda vm: vm.s["options"][name]), "any"
        self.undefined(node, name, scope)

    def _x_Attr(self, node, scope):
        obj, t = self.expr(node.obj, scope, raw=True)
        return self.member(node, obj, t, node.name)

    def member(self, node, obj, t, name):
        g = self.g
        if t == "player":
            return self.player_member(node, obj, name)
        if t == "card":
            return self.card_member(node, obj, name)
        if t.startswith("rec:"):
            fields = g.mechanics[t[4:]].returns
            if name not in fields:
                self.err(node, "REF-UNDEF", f"{t[4:]} returns no '{name}'",
                         did_you_mean(name, fields) or f"it returns {', '.join(fields)}")
            return (lambda vm: obj(vm)[name]), fields[name]
        if t.startswith("pgroup:"):
            gname = t[7:]
            keys = g.player_zones[gname].keys
            if name not in keys:
                self.err(node, "REF-UNDEF", f"'{gname}' has no zone '{name}'", did_you_mean(name, keys))
            inner = node.obj.obj if isinstance(node.obj, A.Attr) else None
            local = self.local_name(inner) if inner is not None else None
            if local is not None:   # p.slots.fame with p a local: one key per seat, made once
                zkeys = [f"{p}.{gname}.{name}" for p in self.seats]
                return (lambda vm: vm.s["z"][zkeys[vm.l[local]]]), "list:card"
            return (lambda vm: vm.s["z"]["%d.%s.%s" % (*obj(vm), name)]), "list:card"
        if t in ("num", "bool", "str", "none", "group") or t.startswith("list"):
            self.err(node, "TYPE", f"a {t.replace('list:', 'list of ')} has no '{name}'")
        # The type is known only at run time: a player (seat number), a card (id) or a map.
        pfields = set(g.player_counters) | set(g.stats) | set(g.player_zones) | set(PLAYER_FIELDS)
        pf = self.player_member(node, None, name, on_value=True)[0] if name in pfields else None
        cf = (self.card_member(node, None, name, on_value=True)[0]
              if name in self.card_attrs or name in CARD_FIELDS or name in g.card_state else None)

        def dyn(vm):
            v = obj(vm)
            if isinstance(v, dict):
                return v.get(name)
            if isinstance(v, bool) or v is None:
                raise GameError(f"{v!r} has no '{name}'")
            if isinstance(v, int):
                if pf is None:
                    raise GameError(f"players have no '{name}'")
                return pf(vm, v)
            if isinstance(v, str):
                if cf is None:
                    raise GameError(f"cards have no '{name}'")
                return cf(vm, v)
            raise GameError(f"{v!r} has no '{name}'")
        return dyn, "any"

    def player_member(self, node, obj, name, on_value=False):
        """p.NAME. With on_value, returns f(vm, p) instead of f(vm)."""
        g = self.g
        if name in g.player_counters:
            def f(vm, p):
                return vm.s["pl"][p][name]
            t = "num"
        elif name in g.stats:
            stat = self.stat(name)
            f, t = stat, "num"
        elif name in g.player_zones:
            if name in self.keyed_player:
                keys = g.player_zones[name].keys

                def f(vm, p):
                    z = vm.s["z"]
                    return [z[f"{p}.{name}.{k}"] for k in keys]
                t = "group:" + name
            else:
                def f(vm, p):
                    return vm.s["z"][f"{p}.{name}"]
                t = "list:card"
        elif name == "name":
            names = g.seat_names

            def f(vm, p):
                return names[p] if p < len(names) else f"P{p + 1}"
            t = "str"
        elif name == "seat":
            def f(vm, p):
                return p
            t = "num"
        elif name == "next":
            def f(vm, p):
                return (p + 1) % vm.s["n"]
            t = "player"
        elif name == "prev":
            def f(vm, p):
                return (p - 1) % vm.s["n"]
            t = "player"
        else:
            fields = list(g.player_counters) + list(g.stats) + list(g.player_zones) + list(PLAYER_FIELDS)
            self.err(node, "REF-UNDEF", f"players have no counter, stat or zone '{name}'",
                     did_you_mean(name, fields))
        if on_value:
            return f, t
        if t.startswith("group:"):
            # keep the player so that p.group.key / p.group[k] can name one zone
            return (lambda vm: (obj(vm), name)), "pgroup:" + name
        local = self.local_name(node.obj)
        if local is not None and t == "list:card":
            keys = [f"{p}.{name}" for p in self.seats]
            return (lambda vm: vm.s["z"][keys[vm.l[local]]]), t
        if local is not None:
            return (lambda vm: f(vm, vm.l[local])), t
        return (lambda vm: f(vm, obj(vm))), t

    def stat(self, name):
        """A player's derived stat, compiled once; f(vm, p)."""
        if name in self.stat_fns:
            return self.stat_fns[name]
        cell = []

        def stat_fn(vm, p):
            return cell[0](vm, p)
        self.stat_fns[name] = stat_fn   # allows stats that use other stats (not themselves)
        text = self.g.stats[name]
        from .parser import parse_expression
        fn, _ = self.expr(parse_expression(text), Scope(self.g, {"it": "player"}))
        compute = bind_it(fn)
        cell.append(compute)
        self.stat_fns[name] = compute
        return compute

    def function(self, name):
        """A function declared in YAML (`functions:`), compiled once; f(vm, args) -> value.

        Its parameters are bound as locals while its expression runs, then restored, so a
        call never changes the caller's variables."""
        if name in self.function_fns:
            return self.function_fns[name]
        spec = self.g.functions[name]
        params = tuple(spec.params)
        cell = []

        def call_late(vm, args):        # a function that calls itself sees the finished one
            return cell[0](vm, args)
        self.function_fns[name] = call_late
        from .parser import EffectSyntaxError, parse_expression
        types = dict(spec.types)
        types.setdefault("me", "player")
        try:
            body, _ = self.expr(parse_expression(spec.expr), Scope(self.g, types))
        except (CompileError, EffectSyntaxError) as e:
            # kept for the builder to report at the function's own text, once; its callers
            # compile against a stand-in (the game has an error, so it never runs)
            self.function_errors[name] = e
            body = _broken

        # an error inside ends the game, so no try/finally on this hot path
        if len(params) == 1:
            (a,) = params

            def call(vm, args):
                l = vm.l
                old = l.get(a, _MISSING)
                l[a] = args[0]
                v = body(vm)
                _restore(l, a, old)
                return v
        elif len(params) == 2:
            a, b = params

            def call(vm, args):
                l = vm.l
                olda, oldb = l.get(a, _MISSING), l.get(b, _MISSING)
                l[a], l[b] = args
                v = body(vm)
                _restore(l, a, olda)
                _restore(l, b, oldb)
                return v
        else:
            def call(vm, args):
                l = vm.l
                saved = [l.get(k, _MISSING) for k in params]
                for k, v in zip(params, args):
                    l[k] = v
                v = body(vm)
                for k, old in zip(params, saved):
                    _restore(l, k, old)
                return v
        cell.append(call)
        self.function_fns[name] = call
        return call

    def card_member(self, node, obj, name, on_value=False):
        cards = self.g.cards
        if name in self.g.card_state:
            spec = self.g.card_state[name]
            start = spec.start

            def f(vm, c):
                return vm.s["cs"][name].get(c, start)
            t = ("bool" if isinstance(start, bool) else "num" if isinstance(start, int)
                 else "list:player" if spec.type == "players" else "any")
            if on_value:
                return f, t
            local = self.local_name(node.obj)
            if local is not None:
                return (lambda vm: vm.s["cs"][name].get(vm.l[local], start)), t
            return (lambda vm: vm.s["cs"][name].get(obj(vm), start)), t
        if name == "id":
            def f(vm, c):
                return c
            t = "str"
        elif name == "zone":
            def f(vm, c):
                key = vm.s["loc"][c]
                return key.split(".", 1)[1] if key[0].isdigit() else key
            t = "str"
        elif name == "owner":
            def f(vm, c):
                key = vm.s["loc"][c]
                return int(key.split(".", 1)[0]) if key[0].isdigit() else None
            t = "player"
        elif name == "label":
            labels = self.g.card_labels

            def f(vm, c):
                return labels[c]
            t = "str"
        elif name in self.card_attrs or name == "type":
            def f(vm, c):
                return cards[c].get(name)
            t = "any"
            sample = [a[name] for a in cards.values() if name in a]
            if sample and all(isinstance(x, bool) for x in sample):
                t = "bool"
            elif sample and all(isinstance(x, int) and not isinstance(x, bool) for x in sample):
                t = "num"
            elif sample and all(isinstance(x, str) for x in sample):
                t = "str"
            local = self.local_name(node.obj) if not on_value else None
            if local is not None:
                return (lambda vm: cards[vm.l[local]].get(name)), t
            if not on_value:   # top_card(c).symbol: one call less
                return (lambda vm: cards[obj(vm)].get(name)), t
        else:
            self.err(node, "REF-UNDEF", f"no card has an attribute '{name}'",
                     did_you_mean(name, list(self.card_attrs) + list(CARD_FIELDS)
                                  + list(self.g.card_state)))
        if on_value:
            return f, t
        return (lambda vm: f(vm, obj(vm))), t

    def _x_Index(self, node, scope):
        if isinstance(node.obj, A.Name) and node.obj.name in self.keyed_game \
                and node.obj.name not in scope.types:
            zkey = self.game_group_key(node, scope)
            return (lambda vm: vm.s["z"][zkey(vm)]), "list:card"
        obj, t = self.expr(node.obj, scope, raw=True)
        key, kt = self.expr(node.key, scope)
        if t.startswith("pgroup:"):
            inner = node.obj.obj if isinstance(node.obj, A.Attr) else None
            local = self.local_name(inner) if inner is not None else None
            if local is not None:   # p.slots[b] with p a local: keys made once per seat
                gname = t[7:]
                table = [{k: f"{p}.{gname}.{k}" for k in self.g.player_zones[gname].keys}
                         for p in self.seats]
                return (lambda vm: vm.s["z"][table[vm.l[local]][key(vm)]]), "list:card"
            return (lambda vm: vm.s["z"]["%d.%s.%s" % (*obj(vm), key(vm))]), "list:card"

        def index(vm):
            o = obj(vm)
            k = key(vm)
            try:
                return o[k]
            except (KeyError, IndexError, TypeError):
                if isinstance(o, list) and isinstance(k, int):
                    return None
                raise GameError(f"{o!r} has no entry {k!r}") from None
        return index, (_elem(t) if t.startswith("list") else "any")

    def game_group_key(self, node, scope):
        """GROUP[key] for a game zone group (a board's cells): f(vm) -> zone key."""
        name = node.obj.name
        keys = set(self.g.game_zones[name].keys)
        if isinstance(node.key, A.Const):
            if node.key.value not in keys:
                self.err(node.key, "REF-UNDEF", f"'{name}' has no zone '{node.key.value}'",
                         did_you_mean(str(node.key.value), keys))
            zkey = f"{name}.{node.key.value}"
            return lambda vm: zkey
        k, _ = self.expr(node.key, scope)
        table = {key: f"{name}.{key}" for key in keys}

        def key(vm):
            v = k(vm)
            try:
                return table[v]
            except (KeyError, TypeError):
                raise GameError(f"'{name}' has no zone {v!r}") from None
        return key

    def _x_Until(self, node, scope):
        return self.filtered(node, scope, stop=True)

    def _x_BinOp(self, node, scope):
        l, lt = self.expr(node.left, scope)
        r, rt = self.expr(node.right, scope)
        op = node.op
        for side, t in ((node.left, lt), (node.right, rt)):
            if t in ("player", "card", "bool", "group") and not (op == "+" and t == "str"):
                self.err(side, "TYPE", f"a {t} cannot be used with '{op}'")
        if isinstance(node.right, A.Const) and op in "+-*" and lt in ("num", "any") and rt == "num":
            c = node.right.value
            if op == "+":
                return (lambda vm: l(vm) + c), "num"
            if op == "-":
                return (lambda vm: l(vm) - c), "num"
            return (lambda vm: l(vm) * c), "num"
        if op == "+":
            if lt.startswith("list") or rt.startswith("list"):
                return (lambda vm: list(l(vm)) + list(r(vm))), (lt if lt.startswith("list") else rt)
            if lt == "str" or rt == "str":
                return (lambda vm: str(l(vm)) + str(r(vm))), "str"
            return (lambda vm: l(vm) + r(vm)), "num"
        if op == "-":
            return (lambda vm: l(vm) - r(vm)), "num"
        if op == "*":
            return (lambda vm: l(vm) * r(vm)), "num"
        if op == "/":
            def div(vm):
                d = r(vm)
                if d == 0:
                    raise GameError("division by zero")
                return l(vm) // d
            return div, "num"
        if op == "%":
            def mod(vm):
                d = r(vm)
                if d == 0:
                    raise GameError("division by zero")
                return l(vm) % d
            return mod, "num"
        self.err(node, "EXPR-BAD", f"unknown operator {op}")

    def _x_Compare(self, node, scope):
        l, lt = self.expr(node.left, scope)
        r, rt = self.expr(node.right, scope)
        op = node.op
        if op in ("<", "<=", ">", ">="):
            for side, t in ((node.left, lt), (node.right, rt)):
                if t in ("player", "card", "bool", "str", "group") or t.startswith("list"):
                    self.err(side, "TYPE", f"a {t.replace('list:', 'list of ')} cannot be compared "
                                           f"with '{op}'; compare numbers")
        kinds = {lt, rt} - {"any", "none"}
        if op in ("==", "!=") and len(kinds) == 2 and "num" in kinds and kinds & {"card", "str"}:
            self.err(node, "TYPE", f"{_WORDS.get(lt, lt)} is compared with {_WORDS.get(rt, rt)}; "
                                   "they are never equal")
        if isinstance(node.right, A.Const) and op in _CONST_COMPARE:
            return _CONST_COMPARE[op](l, node.right.value), "bool"
        return _COMPARE[op](l, r), "bool"

    def _x_BoolOp(self, node, scope):
        l, _ = self.expr(node.left, scope)
        r, _ = self.expr(node.right, scope)
        if node.op == "and":
            return (lambda vm: bool(l(vm)) and bool(r(vm))), "bool"
        return (lambda vm: bool(l(vm)) or bool(r(vm))), "bool"

    def _x_Not(self, node, scope):
        f, _ = self.expr(node.operand, scope)
        return (lambda vm: not f(vm)), "bool"

    def _x_Neg(self, node, scope):
        f, t = self.expr(node.operand, scope)
        if t not in ("num", "any"):
            self.err(node, "TYPE", f"a {t} cannot be negated")
        return (lambda vm: -f(vm)), "num"

    def _x_CondExpr(self, node, scope):
        a, at = self.expr(node.then, scope)
        c, _ = self.expr(node.test, scope)
        b, bt = self.expr(node.other, scope)
        return (lambda vm: a(vm) if c(vm) else b(vm)), (at if at == bt else "any")

    def _x_Where(self, node, scope):
        return self.filtered(node, scope, stop=False)

    def filtered(self, node, scope, stop: bool):
        """`COLL where COND`: the elements for which COND holds; `COLL until COND` (stop):
        the elements before the first one for which it holds. `it` is each element."""
        coll, ct = self.expr(node.coll, scope)
        self.require_list(node.coll, ct)
        cond, _ = self.expr(node.cond, scope.child(it=_elem(ct)))

        def run(vm):
            l = vm.l
            old = l.get("it", _MISSING)
            out = []
            for x in coll(vm):
                l["it"] = x
                if cond(vm):
                    if stop:
                        break
                    out.append(x)
                elif stop:
                    out.append(x)
            _restore(l, "it", old)     # pops: an empty collection never set `it`
            return out
        return run, ct

    def _x_Ranked(self, node, scope):
        coll, ct = self.expr(node.coll, scope)
        self.require_list(node.coll, ct)
        key, _ = self.expr(node.key, scope.child(it=_elem(ct)))

        def ranked(vm):
            l = vm.l
            old = l.get("it", _MISSING)
            keyed = []
            for x in coll(vm):
                l["it"] = x
                keyed.append((key(vm), x))
            _restore(l, "it", old)
            # best first; the stable sort keeps the collection's order among equals
            keyed.sort(key=lambda kv: kv[0], reverse=True)
            return [x for _, x in keyed]
        return ranked, ct

    def _x_ListExpr(self, node, scope):
        items = [self.expr(x, scope) for x in node.items]
        fns = [f for f, _ in items]
        types = {t for _, t in items}
        t = "list:" + types.pop() if len(types) == 1 else "list"
        return (lambda vm: [f(vm) for f in fns]), t

    def _x_Comprehension(self, node, scope):
        coll, ct = self.expr(node.coll, scope)
        self.require_list(node.coll, ct)
        var = node.var
        body, bt = self.expr(node.expr, scope.child(**{var: _elem(ct)}))

        getter = self.card_getter(node.expr, var, ct)
        if getter is not None:      # [t.fame for t in zone]: no loop variable needed
            cards = self.g.cards
            return (lambda vm: [cards[c].get(getter) for c in coll(vm)]), "list:" + bt

        def comp(vm):
            l = vm.l
            old = l.get(var, _MISSING)
            out = []
            for x in coll(vm):
                l[var] = x
                out.append(body(vm))
            if old is _MISSING:
                l.pop(var, None)
            else:
                l[var] = old
            return out
        return comp, "list:" + bt if not bt.startswith("list") else "list"

    def card_getter(self, body, var, coll_type):
        """The attribute name when a comprehension's body is just VAR.attribute of a card."""
        if (coll_type == "list:card" and isinstance(body, A.Attr) and isinstance(body.obj, A.Name)
                and body.obj.name == var and body.name in self.card_attrs
                and body.name not in CARD_FIELDS):
            return body.name
        return None

    def _x_CallComp(self, node, scope):
        comp, ct = self._x_Comprehension(node.comp, scope)
        call = A.Call(node.func, [], {}, line=node.line, col=node.col)
        return self.call(call, scope, [(comp, ct)])

    def _x_Call(self, node, scope):
        if node.func in self.g.procedures or node.func in self.mechanic_names:
            self.err(node, "EXPR-BAD", f"'{node.func}' is a procedure with effects; call it as a "
                                       f"statement (x = {node.func}(...)), not inside an expression")
        args = [self.expr(a, scope) for a in node.args]
        return self.call(node, scope, args)

    def call(self, node, scope, args):
        name = node.func
        g = self.g
        if name == "zone":
            if not 1 <= len(args) <= 2:
                self.err(node, "ARGS", "zone(name) or zone(name, player)")
            key = self.zone_key_from_call(node, args)
            return (lambda vm: vm.s["z"][key(vm)]), "list:card"
        if name == "can_play":
            if len(args) != 2:
                self.err(node, "ARGS", "can_play(card, player)")
            (c, _), (p, _) = args
            rules = g.exprs.setdefault("playable", {})
            types = g.cards

            def can_play(vm):
                card = c(vm)
                test = rules.get(types[card].get("type"))
                if test is None:
                    return True
                return test(vm, card, p(vm))
            return can_play, "bool"
        if name == "attr":
            if len(args) != 2:
                self.err(node, "ARGS", "attr(card, name)")
            (c, _), (k, _) = args
            return (lambda vm: g.cards[c(vm)].get(k(vm))), "any"
        if name == "label":
            (v, t), = args
            return (lambda vm: vm.label(v(vm), t)), "str"
        if name == "holder":
            (c, _), = args

            def holder(vm):
                key = vm.s["loc"][c(vm)]
                return int(key.split(".", 1)[0]) if key[0].isdigit() else None
            return holder, "player"
        if name in g.functions:
            return self.call_function(node, name, args)
        if name in BOARD_FUNCTIONS and name not in BUILTINS:
            if not g.boards:
                self.err(node, "REF-UNDEF", f"{name}() reads a board, and this game declares none")
            board = node.kwargs.get("board")
            if board is None:
                table = next(iter(self.board_fns.values()))
            elif isinstance(board, A.Const) and board.value in self.board_fns:
                table = self.board_fns[board.value]
            else:
                self.err(board, "REF-UNDEF", "board= names a declared board, in quotes",
                         did_you_mean(str(getattr(board, "value", "")), g.boards))
            spec = table[name]
        elif name not in BUILTINS:
            # only what may be called inside an expression is suggested
            self.err(node, "REF-UNDEF", f"unknown function '{name}'",
                     did_you_mean(name, list(BUILTINS) + list(SPECIAL) + list(g.functions)
                                  + (list(BOARD_FUNCTIONS) if g.boards else [])))
        else:
            spec = BUILTINS[name]
        fn, rt, (lo, hi) = spec
        if not lo <= len(args) <= hi:
            want = f"{lo}" if lo == hi else f"{lo} to {hi}"
            self.err(node, "ARGS", f"{name}() takes {want} argument(s), not {len(args)}")
        if name in _COLLECTION_FIRST and args[0][1] in _SCALARS:
            where = node.args[0] if node.args else node
            self.err(where, "TYPE", f"{name}() needs a collection, not a "
                                    f"{args[0][1].replace('num', 'number')}")
        if rt == "elem":
            rt = _elem(args[0][1])
        if rt == "list":
            rt = args[0][1] if args[0][1].startswith("list") else "list"
        fns = [f for f, _ in args]
        fast = _FAST.get(name)
        if fast is not None and len(fns) == 1:
            return fast(fns[0]), rt
        if len(fns) == 1:
            local = self.local_name(node.args[0]) if node.args else None
            if local is not None:   # height(it): read the local without a call
                return (lambda vm: fn(vm, vm.l[local])), rt
            a = fns[0]
            return (lambda vm: fn(vm, a(vm))), rt
        if len(fns) == 2:
            a, b = fns
            return (lambda vm: fn(vm, a(vm), b(vm))), rt
        if not fns:
            return (lambda vm: fn(vm)), rt
        return (lambda vm: fn(vm, *[f(vm) for f in fns])), rt

    def call_function(self, node, name, args):
        spec = self.g.functions[name]
        if node.kwargs:
            self.err(node, "ARGS", f"{name}() takes its arguments by position: "
                                   f"{', '.join(spec.params)}")
        if len(args) != len(spec.params):
            self.err(node, "ARGS", f"{name}() takes {len(spec.params)} argument(s) "
                                   f"({', '.join(spec.params)}), not {len(args)}")
        fn = self.function(name)
        fns = [f for f, _ in args]
        if len(fns) == 1:
            (x,) = fns
            return (lambda vm: fn(vm, (x(vm),))), spec.returns
        if len(fns) == 2:
            x, y = fns
            return (lambda vm: fn(vm, (x(vm), y(vm)))), spec.returns
        return (lambda vm: fn(vm, [f(vm) for f in fns])), spec.returns

    def require_list(self, node, t):
        if not (t.startswith("list") or t == "any"):
            self.err(node, "TYPE", f"a {t} is not a collection")

    # --------------------------------------------------------- zones as targets
    def zone_key(self, node, scope) -> Callable:
        """Compile an expression naming a zone (a destination); returns f(vm) -> zone key."""
        g = self.g
        if isinstance(node, A.Name) and node.name in g.game_zones:
            if node.name in self.keyed_game:
                self.err(node, "ZONE", f"'{node.name}' is a group of zones; name one of them "
                                       f"({node.name}.{g.game_zones[node.name].keys[0]})")
            key = node.name
            return lambda vm: key
        if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) and node.obj.name in self.keyed_game:
            keys = g.game_zones[node.obj.name].keys
            if node.name not in keys:
                self.err(node, "REF-UNDEF", f"'{node.obj.name}' has no zone '{node.name}'",
                         did_you_mean(node.name, keys))
            key = f"{node.obj.name}.{node.name}"
            return lambda vm: key
        if isinstance(node, A.Attr):
            obj, t = self.expr(node.obj, scope, raw=True)
            if t.startswith("pgroup:"):
                k = node.name
                if k not in g.player_zones[t[7:]].keys:
                    self.err(node, "REF-UNDEF", f"'{t[7:]}' has no zone '{k}'",
                             did_you_mean(k, g.player_zones[t[7:]].keys))
                return lambda vm: "%d.%s.%s" % (*obj(vm), k)
            if t in ("player", "any") and node.name in g.player_zones:
                if node.name in self.keyed_player:
                    self.err(node, "ZONE", f"'{node.name}' is a group of zones; name one of them")
                zn = node.name
                return lambda vm: f"{obj(vm)}.{zn}"
            self.err(node, "ZONE", f"'{node.name}' is not a zone",
                     did_you_mean(node.name, g.zone_names()))
        if isinstance(node, A.Index) and isinstance(node.obj, A.Name) \
                and node.obj.name in self.keyed_game and node.obj.name not in scope.types:
            return self.game_group_key(node, scope)
        if isinstance(node, A.Index):
            obj, t = self.expr(node.obj, scope, raw=True)
            k, _ = self.expr(node.key, scope)
            if t.startswith("pgroup:"):
                return lambda vm: "%d.%s.%s" % (*obj(vm), k(vm))
        if isinstance(node, A.Call) and node.func == "zone":
            return self.zone_key_from_call(node, [self.expr(a, scope) for a in node.args])
        if isinstance(node, A.Name):
            self.err(node, "REF-UNDEF", f"unknown zone '{node.name}'",
                     did_you_mean(node.name, g.zone_names()))
        self.err(node, "ZONE", "this does not name a zone (write a zone name, p.zone, "
                               "p.group[key] or zone(\"name\"))")

    def zone_key_from_call(self, node, args):
        g = self.g
        valid = set()
        for n, z in g.game_zones.items():
            valid.update([f"{n}.{k}" for k in z.keys] if z.keys else [n])
        pvalid = set()
        for n, z in g.player_zones.items():
            pvalid.update([f"{n}.{k}" for k in z.keys] if z.keys else [n])
        name_fn, _ = args[0]
        if isinstance(node.args[0], A.Const):
            nm = node.args[0].value
            pool = pvalid if len(args) == 2 else valid
            if nm not in pool:
                self.err(node.args[0], "REF-UNDEF", f"unknown zone '{nm}'", did_you_mean(nm, pool))
        if len(args) == 1:
            def key(vm):
                k = name_fn(vm)
                if k not in valid:
                    raise GameError(f"unknown zone {k!r}")
                return k
            return key
        p_fn, _ = args[1]

        def pkey(vm):
            k = name_fn(vm)
            if k not in pvalid:
                raise GameError(f"unknown player zone {k!r}")
            return f"{p_fn(vm)}.{k}"
        return pkey


_WORDS = {"num": "a number", "str": "a text", "card": "a card", "player": "a player"}


def _fast_count(a):
    return lambda vm: len(a(vm))


def _fast_first(a):
    def first(vm):
        xs = a(vm)
        return xs[0] if xs else None
    return first


def _fast_last(a):
    def last(vm):
        xs = a(vm)
        return xs[-1] if xs else None
    return last


def _fast_sum(a):
    return lambda vm: sum(a(vm))


# Builtins called with one argument, without the generic wrapper (the hot path).
_FAST = {"count": _fast_count, "first": _fast_first, "bottom": _fast_first, "last": _fast_last,
         "top": _fast_last, "sum": _fast_sum}


# Builtins whose first argument must be a collection, and the types that are not one.
_COLLECTION_FIRST = {"count", "first", "last", "top", "bottom", "sum", "any", "all", "unique",
                     "sorted", "reversed", "without", "cards_in"}
_SCALARS = {"num", "bool", "str", "player", "card", "none"}


# One closure maker per comparison: the operator is inlined, not looked up per evaluation.
_COMPARE = {
    "==": lambda l, r: lambda vm: l(vm) == r(vm),
    "!=": lambda l, r: lambda vm: l(vm) != r(vm),
    "<": lambda l, r: lambda vm: l(vm) < r(vm),
    "<=": lambda l, r: lambda vm: l(vm) <= r(vm),
    ">": lambda l, r: lambda vm: l(vm) > r(vm),
    ">=": lambda l, r: lambda vm: l(vm) >= r(vm),
    "in": lambda l, r: lambda vm: l(vm) in r(vm),
    "not in": lambda l, r: lambda vm: l(vm) not in r(vm),
}

# The same with a constant on the right, which needs no closure call to read.
_CONST_COMPARE = {
    "==": lambda l, c: lambda vm: l(vm) == c,
    "!=": lambda l, c: lambda vm: l(vm) != c,
    "<": lambda l, c: lambda vm: l(vm) < c,
    "<=": lambda l, c: lambda vm: l(vm) <= c,
    ">": lambda l, c: lambda vm: l(vm) > c,
    ">=": lambda l, c: lambda vm: l(vm) >= c,
}


def _broken(vm):
    raise GameError("a function with a compile error was called")


def _restore(l, name, old):
    if old is _MISSING:
        l.pop(name, None)
    else:
        l[name] = old


def bind_it(fn):
    """Turn an expression about `it` into f(vm, it)."""
    def bound(vm, it):
        l = vm.l
        old = l.get("it", _MISSING)
        l["it"] = it
        v = fn(vm)      # an error here ends the game, so no try/finally on the hot path
        if old is _MISSING:
            del l["it"]
        else:
            l["it"] = old
        return v
    return bound
