"""A reference evaluator that walks the expression tree on every evaluation.

The engine never uses it to play: it is the baseline the benchmarks compare the
compiled closures against, and a second opinion for tests (both must agree).
Names are resolved on every call, as a naive interpreter would.
"""
from __future__ import annotations

import operator

from ..errors import GameError
from . import ast as A
from ..boards import board_functions
from .builtins import BUILTINS

_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
        "%": operator.mod, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
        "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


class TreeWalker:
    def __init__(self, game):
        from .parser import parse_expression
        self.g = game
        # parsing is not walking: stats are parsed once, then walked on every read
        self.stats = {k: parse_expression(v) for k, v in game.stats.items()}
        self.functions = {k: parse_expression(f.expr) for k, f in game.functions.items()}
        self.board_fns = None

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
        if name == "players":
            return list(range(s["n"]))
        if name == "opponents":
            me = self._Name(A.Name("me"), vm, env)
            return [(me + i) % s["n"] for i in range(1, s["n"])]
        if name == "player_count":
            return s["n"]
        if name in g.game_counters:
            return s["g"][name]
        if name in g.roles:
            return s["roles"][name]
        if name in g.game_zones:
            return s["z"][name]
        if name in g.constants:
            v = g.constants[name]
            if isinstance(v, dict) and "by_players" in v:
                return {int(k): x for k, x in v["by_players"].items()}[s["n"]]
            return v
        raise GameError(f"unknown name {name!r}")

    def _Attr(self, node, vm, env):
        obj = self.eval(node.obj, vm, env)
        return self.member(obj, node.name, vm, env)

    def member(self, obj, name, vm, env):
        g, s = self.g, vm.s
        if isinstance(obj, tuple):           # a player's zone group
            p, group = obj
            return s["z"][f"{p}.{group}.{name}"]
        if isinstance(obj, dict):
            return obj.get(name)
        if isinstance(obj, int) and not isinstance(obj, bool):
            if name in g.player_counters:
                return s["pl"][obj][name]
            if name in g.stats:
                return self.eval(self.stats[name], vm, {**env, "it": obj})
            if name in g.player_zones:
                spec = g.player_zones[name]
                if spec.keys:
                    return (obj, name)
                return s["z"][f"{obj}.{name}"]
            raise GameError(f"players have no {name!r}")
        if isinstance(obj, str):
            if name == "label":
                return g.card_labels[obj]
            if name in g.card_state:
                return s["cs"][name].get(obj, g.card_state[name].start)
            return g.cards[obj].get(name)
        raise GameError(f"{obj!r} has no {name!r}")

    def _Index(self, node, vm, env):
        obj = self.eval(node.obj, vm, env)
        key = self.eval(node.key, vm, env)
        if isinstance(obj, tuple):
            return self.member(obj, key, vm, env)
        return obj[key]

    def _BinOp(self, node, vm, env):
        return _OPS[node.op](self.eval(node.left, vm, env), self.eval(node.right, vm, env))

    _Compare = _BinOp

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
        keyed.sort(key=lambda kv: kv[0], reverse=True)
        return [x for _, x in keyed]

    def _ListExpr(self, node, vm, env):
        return [self.eval(x, vm, env) for x in node.items]

    def _Comprehension(self, node, vm, env):
        return [self.eval(node.expr, vm, {**env, node.var: x})
                for x in self._coll(node.coll, vm, env)]

    def _CallComp(self, node, vm, env):
        return self._call(node.func, [self._Comprehension(node.comp, vm, env)], vm)

    def _Call(self, node, vm, env):
        args = [self.eval(a, vm, env) for a in node.args]
        if node.func in self.functions:   # a YAML function: its parameters are its names
            params = self.g.functions[node.func].params
            inner = {"me": env["me"]} if "me" in env else {}
            inner.update(zip(params, [self._flatten_group(a, vm) for a in args]))
            return self.eval(self.functions[node.func], vm, inner)
        return self._call(node.func, args, vm)

    def _call(self, name, args, vm):
        args = [self._flatten_group(a, vm) for a in args]
        if name not in BUILTINS and self.g.boards:   # the first board's geometry functions
            if self.board_fns is None:
                self.board_fns = board_functions(next(iter(self.g.boards.values())))
            return self.board_fns[name][0](vm, *args)
        fn = BUILTINS[name][0]
        return fn(vm, *args)

    def _coll(self, node, vm, env):
        return self._flatten_group(self.eval(node, vm, env), vm)

    def _flatten_group(self, v, vm):
        if isinstance(v, tuple):
            p, group = v
            return [vm.s["z"][f"{p}.{group}.{k}"] for k in self.g.player_zones[group].keys]
        return v
