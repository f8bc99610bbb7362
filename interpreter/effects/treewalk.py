"""A reference evaluator that walks the expression tree on every evaluation.

The engine never uses it to play: it is the baseline the benchmarks compare the generated
code against, and a second opinion for tests (both must agree). It resolves names with the
same tables as the compiler (names.py: kinds of names, player and card fields; builtins.py
and boards.py: the functions), on every call, as a naive interpreter would.
"""
from __future__ import annotations

import operator

from ..boards.geometry import board_functions
from . import values
from .. import zone_keys
from ..errors import GameError
from . import ast as A
from .builtins import BUILTINS, FOLDS, STOPS_AT_ANSWER, stops_early
from .runtime import counter_named, mapping, power
from .value_targets import index_chain
from .names import constant_value, kind_of
from .parser import parse_expression, parse_script

_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
        "%": operator.mod, "**": power, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
        "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


class Group(tuple):
    """A player's keyed zone group before a key: (seat, group name)."""


class _Returned(Exception):
    def __init__(self, value):
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class TreeWalker:
    def __init__(self, game):
        self.g = game
        # parsing is not walking: stats are parsed once, then walked on every read
        self.stats = {k: parse_expression(v) for k, v in game.stats.items()}
        self.functions = {k: parse_expression(f.expr) for k, f in game.functions.items()}
        self.board_fns = {name: board_functions(b) for name, b in game.boards.items()}

    def eval(self, node, vm, env: dict):
        meth = getattr(self, "_" + type(node).__name__)
        return meth(node, vm, env)

    def _Const(self, node, vm, env):
        return node.value

    def _Name(self, node, vm, env):
        name = "me" if node.name == "my" else node.name
        g, s = self.g, vm.s
        if name in env:
            return env[name]
        if name in vm.l:
            return vm.l[name]
        kind = kind_of(g, name)
        if kind == "players":
            return list(range(s["n"]))
        if kind == "opponents":
            me = env["me"] if "me" in env else vm.l.get("me")
            return [(me + i) % s["n"] for i in range(1, s["n"])]
        if kind == "player_count":
            return s["n"]
        if kind == "variant":
            return s["variant"]
        if kind == "game_counter":
            return s["g"][name]
        if kind == "game_value":
            return s["v"][name]
        if kind == "role":
            return s["roles"][name]
        if kind == "game_zone":
            keys = g.game_zones[name].keys
            return [s["z"][k] for k in zone_keys.group_keys(name, keys)] if keys else s["z"][name]
        if kind == "constant":
            return constant_value(g, name, s["n"])
        if kind == "option":
            return s["options"][name]
        raise GameError(f"unknown name {name!r}")

    def _Attr(self, node, vm, env):
        if isinstance(node.obj, A.Name) and node.obj.name in self.g.game_zones \
                and self.g.game_zones[node.obj.name].keys and node.obj.name not in env:
            return vm.s["z"][zone_keys.make(None, node.obj.name, node.name)]
        return self.member(self.eval(node.obj, vm, env), node.name, vm, env)

    def _Method(self, node, vm, env):       # p.counter(r): compiled code checked the rest
        p = self.eval(node.obj, vm, env)
        return vm.s["pl"][p][counter_named(vm, self.eval(node.args[0], vm, env))]

    def member(self, obj, name, vm, env):
        g, s = self.g, vm.s
        if isinstance(obj, Group):
            p, group = obj
            return s["z"][zone_keys.make(p, group, name)]
        if isinstance(obj, dict):
            return obj.get(name)
        if isinstance(obj, int) and not isinstance(obj, bool):
            if name in g.player_counters:
                return s["pl"][obj][name]
            if name in g.player_values:
                return s["pv"][obj][name]
            if name in g.stats:
                return self.eval(self.stats[name], vm, {"it": obj})
            if name in g.player_zones:
                if g.player_zones[name].keys:
                    return Group((obj, name))
                return s["z"][zone_keys.make(obj, name)]
            seat_fields = {"seat": obj, "next": (obj + 1) % s["n"], "prev": (obj - 1) % s["n"]}
            if name in seat_fields:
                return seat_fields[name]
            if name == "name":
                return g.seat_names[obj] if obj < len(g.seat_names) else f"P{obj + 1}"
            raise GameError(f"players have no {name!r}")
        if isinstance(obj, str):
            if name == "label":
                return g.card_labels[obj]
            if name in g.card_state:
                return s["cs"][name].get(obj, g.card_state[name].start)
            if name in ("zone", "owner"):
                key = s["loc"][obj]
                return zone_keys.without_seat(key) if name == "zone" else zone_keys.seat_of(key)
            return g.cards[obj].get(name)
        raise GameError(f"{obj!r} has no {name!r}")

    def _Index(self, node, vm, env):
        spec = self.value_of(node, vm, env)
        if spec is not None:            # an entry of a value: its default when missing
            root, keys = index_chain(node)     # every key evaluated, as compiled code does
            return values.get_path(self.eval(root, vm, env),
                                   [self.eval(k, vm, env) for k in keys], spec.default)
        obj = self.eval(node.obj, vm, env)
        key = self.eval(node.key, vm, env)
        if isinstance(obj, Group):
            return self.member(obj, key, vm, env)
        if isinstance(node.obj, A.Name) and node.obj.name in self.g.game_zones \
                and self.g.game_zones[node.obj.name].keys and node.obj.name not in env:
            board = self.g.boards.get(node.obj.name)     # a hex corner's other spellings
            key = (board.place(key) or key) if board is not None else key
            return vm.s["z"][f"{node.obj.name}.{key}"]
        if type(obj) is dict and type(key) is int:
            key = str(key)      # mappings keep text keys, as compiled code reads them
        try:
            return obj[key]
        except IndexError:
            return None

    def value_of(self, node, vm, env):
        """The spec of the value an index chain starts from (None: not a value)."""
        root, _ = index_chain(node)
        if isinstance(root, A.Name) and root.name in self.g.game_values \
                and root.name not in env and root.name not in vm.l:
            return self.g.game_values[root.name]
        if isinstance(root, A.Attr):
            return self.g.player_values.get(root.name)
        return None

    def _BinOp(self, node, vm, env):
        left, right = self.eval(node.left, vm, env), self.eval(node.right, vm, env)
        if node.op == "+" and (isinstance(left, list) or isinstance(right, list)):
            return list(left) + list(right)
        if node.op == "+" and (isinstance(left, str) or isinstance(right, str)):
            return str(left) + str(right)
        if node.op in "/%" and right == 0:
            raise GameError("division by zero")
        return _OPS[node.op](left, right)

    def _Compare(self, node, vm, env):
        return _OPS[node.op](self.eval(node.left, vm, env), self.eval(node.right, vm, env))

    def _BoolOp(self, node, vm, env):
        left = bool(self.eval(node.left, vm, env))
        if node.op == "and":
            return left and bool(self.eval(node.right, vm, env))
        return left or bool(self.eval(node.right, vm, env))

    def _Not(self, node, vm, env):
        return not self.eval(node.operand, vm, env)

    def _Neg(self, node, vm, env):
        return -self.eval(node.operand, vm, env)

    def _CondExpr(self, node, vm, env):
        if self.eval(node.test, vm, env):
            return self.eval(node.then, vm, env)
        return self.eval(node.other, vm, env)

    def _Where(self, node, vm, env):
        return [x for x in self._coll(node.coll, vm, env)
                if self.eval(node.cond, vm, {**env, "it": x})]

    def _Until(self, node, vm, env):
        out = []
        for x in self._coll(node.coll, vm, env):
            if self.eval(node.cond, vm, {**env, "it": x}):
                break
            out.append(x)
        return out

    def _Ranked(self, node, vm, env):
        xs = self._coll(node.coll, vm, env)
        keyed = [(self.eval(node.key, vm, {**env, "it": x}), x) for x in xs]
        keyed.sort(key=lambda kv: kv[0], reverse=not node.ascending)
        return [x for _, x in keyed]

    def _Best(self, node, vm, env):
        best = None
        for x in self._coll(node.coll, vm, env):
            k = self.eval(node.key, vm, {**env, "it": x})
            if best is None or (k < best[0] if node.lowest else k > best[0]):
                best = (k, x)
        return None if best is None else best[1]

    def _ListExpr(self, node, vm, env):
        return [self.eval(x, vm, env) for x in node.items]

    def _MapExpr(self, node, vm, env):
        return mapping([(self.eval(k, vm, env), self.eval(v, vm, env)) for k, v in node.items])

    def _Comprehension(self, node, vm, env):
        out = []
        for x in self._coll(node.coll, vm, env):
            inner = {**env, node.var: x}
            if node.cond is None or self.eval(node.cond, vm, inner):
                out.append(self.eval(node.expr, vm, inner))
        return out

    def _CallComp(self, node, vm, env):
        return self._call(node.func, [self._Comprehension(node.comp, vm, env)], {}, vm, env)

    def _Call(self, node, vm, env):
        kind = FOLDS.get((node.func, type(node.args[0]).__name__)) \
            if len(node.args) == 1 and not node.kwargs else None
        if kind in STOPS_AT_ANSWER and node.func not in self.functions \
                and stops_early(node.args[0].cond, self.g.functions):
            return self._stop_at_answer(node.func, node.args[0], vm, env)
        args = [self._value(self.eval(a, vm, env), vm) for a in node.args]
        kwargs = {k: self._value(self.eval(v, vm, env), vm) for k, v in node.kwargs.items()}
        return self._call(node.func, args, kwargs, vm, env)

    def _stop_at_answer(self, name, where, vm, env):
        """first/any/all of `X where C`, reading C no further than the answer (as the
        generated loops do: builtins.stops_early)."""
        for x in self._coll(where.coll, vm, env):
            if self.eval(where.cond, vm, {**env, "it": x}):
                if name in ("first", "bottom"):
                    return x
                if bool(x) == (name == "any"):
                    return name == "any"
        return None if name in ("first", "bottom") else name == "all"

    def _call(self, name, args, kwargs, vm, env):
        g = self.g
        if name in g.procedures:     # one that only computes a value (procedures.effect)
            local = {"me": env["me"] if "me" in env else vm.l.get("me"),
                     **dict(zip(g.procedures[name].params, args)), **kwargs}
            try:
                self._run(parse_script(g.procedures[name].body), vm, local)
            except _Returned as r:
                return r.value
            return None
        if name in self.functions:   # a YAML function: its parameters are its names
            inner = {"me": env["me"] if "me" in env else vm.l.get("me")}
            inner.update(zip(g.functions[name].params, args))
            return self.eval(self.functions[name], vm, inner)
        special = getattr(self, "_special_" + name, None)
        if special is not None:
            return special(vm, *args)
        if name in BUILTINS:
            return BUILTINS[name][0](vm, *args, **kwargs)
        board = kwargs.pop("board", None) or next(iter(self.board_fns))
        return self.board_fns[board][name][0](vm, *args, **kwargs)

    # the statements of a procedure used as a value: locals, ifs, loops, return
    def _run(self, stmts, vm, env):
        for st in stmts:
            getattr(self, "_run_" + type(st).__name__)(st, vm, env)

    def _run_Assign(self, st, vm, env):
        v = self._value(self.eval(st.expr, vm, env), vm)
        env[st.var] = list(v) if type(v) is list else v

    def _run_CallStmt(self, st, vm, env):
        v = self.eval(st.call, vm, env)
        if st.var:
            env[st.var] = v

    def _run_If(self, st, vm, env):
        for test, body in st.branches:
            if self.eval(test, vm, env):
                return self._run(body, vm, env)
        self._run(st.orelse or [], vm, env)

    def _loop(self, rounds, body, vm, env):
        for _ in rounds:
            try:
                self._run(body, vm, env)
            except _Continue:
                continue
            except _Break:
                break

    def _run_ForEach(self, st, vm, env):
        def rounds():
            for x in list(self._coll(st.coll, vm, env)):
                env[st.var] = x
                yield x
        self._loop(rounds(), st.body, vm, env)

    def _run_Repeat(self, st, vm, env):
        self._loop(range(self.eval(st.count, vm, env)), st.body, vm, env)

    def _run_While(self, st, vm, env):
        def rounds():
            while self.eval(st.test, vm, env):
                yield None
        self._loop(rounds(), st.body, vm, env)

    def _run_Append(self, st, vm, env):
        env[st.var] = list(env[st.var]) + [self.eval(st.what, vm, env)]

    def _run_SetStmt(self, st, vm, env):
        env[st.target.obj.name][self.eval(st.target.key, vm, env)] = self.eval(st.expr, vm, env)

    def _run_Return(self, st, vm, env):
        raise _Returned(None if st.expr is None else self.eval(st.expr, vm, env))

    def _run_Break(self, st, vm, env):
        raise _Break

    def _run_Continue(self, st, vm, env):
        raise _Continue

    def _run_Pass(self, st, vm, env):
        pass

    # the builtins the compiler writes itself (see calls.py)
    def _special_zone(self, vm, name, player=None):
        return vm.s["z"][zone_keys.make(player, name)]

    def _special_attr(self, vm, card, key):
        if key in self.g.card_state:
            return vm.s["cs"][key].get(card, self.g.card_state[key].start)
        return self.g.cards[card].get(key)

    def _special_holder(self, vm, card):
        return self.member(card, "owner", vm, {})

    def _special_label(self, vm, value):
        return vm.label(value)

    def _special_has_ability(self, vm, card, moment):
        return moment in self.g.abilities.get(card, ())

    def _special_can_play(self, vm, card, player):
        test = self.g.exprs.get("playable", {}).get(self.g.cards[card].get("type"))
        return True if test is None else test(vm, card, player)

    def _coll(self, node, vm, env):
        return self._value(self.eval(node, vm, env), vm)

    def _value(self, v, vm):
        if isinstance(v, Group):
            p, group = v
            keys = zone_keys.group_keys(group, self.g.player_zones[group].keys, p)
            return [vm.s["z"][k] for k in keys]
        return v
