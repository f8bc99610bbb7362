"""Calls inside expressions: builtins, board builtins, the game's functions and the few
builtins that need the compiler's help (zones by name, card rules). Every call is bound by
one Signature (signature.py); its source calls a function bound in the namespace."""
from __future__ import annotations

from .abilities import check_moment
from ..boards.builtins import INLINE_BOARD, inline_tables
from ..boards.geometry import BOARD_FUNCTIONS, BOARD_READS_STATE, board_functions, feature_names
from ..errors import did_you_mean, type_words
from . import ast as A
from . import types as T
from .builtins import BUILTINS, READS_STATE, SPECIAL
from .signature import REQUIRED, Param, Signature

# Builtins whose first argument must be a collection.
COLLECTION_FIRST = {"count", "first", "last", "top", "bottom", "sum", "any", "all", "unique",
                    "sorted", "reversed", "without", "cards_in", "zip", "take", "drop",
                    "shuffled", "sample", "index_of", "subsets", "combinations"}

# One-argument builtins written inline (the hot path): source template over the argument.
INLINE = {"count": "len({0})", "first": "(({0}) or (None,))[0]", "bottom": "(({0}) or (None,))[0]",
          "last": "(({0}) or (None,))[-1]", "top": "(({0}) or (None,))[-1]", "sum": "sum({0})",
          "cards_in": "[_c for _z in {0} for _c in _z]"}

# The builtins the compiler implements itself, with their signatures.
SPECIAL_SIGNATURES = {
    "zone": Signature("zone", (Param("name", T.STR), Param("player", T.ANY, None))),
    "can_play": Signature("can_play", (Param("card"), Param("player"))),
    "attr": Signature("attr", (Param("card"), Param("name", T.STR))),
    "holder": Signature("holder", (Param("card"),)),
    "label": Signature("label", (Param("value"),)),
    "has_ability": Signature("has_ability", (Param("card"), Param("moment", T.STR))),
}
assert set(SPECIAL_SIGNATURES) == set(SPECIAL)


class Calls:
    """Mixed into the Compiler."""

    def init_calls(self):
        g = self.g
        self.builtin_sigs = {name: Signature.of_python(name, spec[0])
                             for name, spec in BUILTINS.items()}
        for name, spec in BUILTINS.items():
            self.ns.bind("BI_" + name, spec[0], static=name not in READS_STATE)
        # per board: name -> (function's namespace name, result type, signature)
        self.board_calls = {}
        self.board_inline = {}      # per board: (its tables' names, stack limit)
        for bname, board in g.boards.items():
            table = {}
            for fname, (fn, rt, _) in board_functions(board).items():
                bound = self.ns.bind(self.ns.named("BF", f"{bname}_{fname}"), fn,
                                     static=fname not in BOARD_READS_STATE)
                self.ns.costly.add(bound)
                table[fname] = (bound, rt, Signature.of_python(fname, fn))
            self.board_calls[bname] = table
            tables = {k: self.ns.bind(self.ns.named("BT", f"{bname}_{k}"), v, static=True)
                      for k, v in inline_tables(board).items()}
            self.board_inline[bname] = (tables, board.stack_limit)

    def special_signature(self, name):
        return SPECIAL_SIGNATURES[name]

    def callable_names(self) -> list:
        g = self.g
        return (list(BUILTINS) + list(SPECIAL) + list(g.functions)
                + (list(BOARD_FUNCTIONS) if g.boards else []))

    def bind_args(self, sig, node, scope, args, skip=()):
        kwargs = {k: (v, self.src(v, scope)) for k, v in node.kwargs.items() if k not in skip}
        return sig.bind(self, node, list(zip(node.args or [node] * len(args), args)), kwargs)

    def call(self, node, scope, args):
        """args: [(source, type)] of the positional arguments, compiled by the caller."""
        name = node.func
        g = self.g
        if name in SPECIAL:
            bound = self.bind_args(SPECIAL_SIGNATURES[name], node, scope, args)
            return getattr(self, "_special_" + name)(node, bound)
        if name in g.functions:
            return self.call_function(node, scope, name, args)
        if name in BOARD_FUNCTIONS and name not in BUILTINS:
            return self.board_call(node, scope, name, args)
        if name not in BUILTINS:
            # only what may be called inside an expression is suggested
            self.err(node, "REF-UNDEF", f"unknown function '{name}'",
                     did_you_mean(name, self.callable_names()))
        _, rt, _ = BUILTINS[name]
        bound = self.bind_args(self.builtin_sigs[name], node, scope, args)
        first_t = args[0][1] if args else T.ANY
        if name in COLLECTION_FIRST and first_t in T.SCALARS:
            where = node.args[0] if node.args else node
            self.err(where, "TYPE", f"{name}() needs a collection, not "
                                    f"{type_words(first_t)}")
        if name == "cards_in" and first_t == "list:card":
            where = node.args[0] if node.args else node
            self.err(where, "TYPE", "cards_in() reads a group of zones (a zone with keys, such "
                                    "as p.slots); this is one zone, already a list of cards",
                     "use the zone itself: count(p.hand), not count(cards_in(p.hand))")
        if rt == "elem":
            rt = T.elem(first_t)
        if rt == "list":
            rt = first_t if T.is_list(first_t) else T.LIST
        if name in INLINE and len(args) == 1 and not node.kwargs:
            return INLINE[name].format(args[0][0]), rt
        return f"BI_{name}({self.arg_list(bound)})", rt

    def board_call(self, node, scope, name, args):
        g = self.g
        if not g.boards:
            self.err(node, "REF-UNDEF", f"{name}() reads a board, and this game declares none")
        board = node.kwargs.get("board")
        if board is None:
            bname = next(iter(self.board_calls))
        elif getattr(board, "value", None) in self.board_calls:
            bname = board.value
        else:
            self.err(board, "REF-UNDEF", "board= names a declared board, in quotes",
                     did_you_mean(str(getattr(board, "value", "")), g.boards))
        if name not in self.board_calls[bname]:
            shape = g.boards[bname].shape
            self.err(node, "REF-UNDEF", f"{name}() is not a builtin of a {shape} board ({bname})",
                     did_you_mean(name, self.board_calls[bname]))
        ref, rt, sig = self.board_calls[bname][name]
        bound = self.bind_args(sig, node, scope, args, skip=("board",))
        self.check_feature_name(node, name, g.boards[bname])
        tables, limit = self.board_inline[bname]
        arity, template = INLINE_BOARD.get(name, (None, None))
        if arity == len(args) and len(node.kwargs) == ("board" in node.kwargs) \
                and (name != "room" or limit is not None):
            return template.format(z=tables["zone"], t=tables.get(name), x=args[0][0],
                                   y=args[1][0] if arity > 1 else None, limit=limit), rt
        return f"{ref}({self.arg_list(bound)})", rt

    def check_feature_name(self, node, name, board):
        """feature(x, "nme"): a feature name no place of the board has is a typo; so is
        step(v, "up"), a direction no compass has. (A stand-in board knows no features.)"""
        if board.broken:
            return
        if name == "step" and len(node.args) > 1 and isinstance(node.args[1], A.Const) \
                and node.args[1].value not in board.directions:
            self.err(node.args[1], "REF-UNDEF", f"unknown direction {node.args[1].value!r}",
                     did_you_mean(str(node.args[1].value), board.directions)
                     or ", ".join(board.directions))
        at = {"feature": 1, "with_feature": 0}.get(name)
        if at is None:
            return
        arg = node.args[at] if len(node.args) > at else node.kwargs.get("name")
        value = arg.value if isinstance(arg, A.Const) else None
        names = feature_names(board)
        if isinstance(value, str) and value not in names:
            self.err(arg, "REF-UNDEF", f"no place of {board.name} has the feature '{value}'",
                     did_you_mean(value, names) or
                     (f"its features: {', '.join(sorted(names))}" if names else
                      f"declare it under boards: {board.name}: features:"))

    def arg_list(self, bound) -> str:
        """vm and the bound values in order; a default is written only before a given value."""
        parts = []
        pending = []
        for p, value, _ in bound:
            if value is REQUIRED:
                pending.append(self.ns.const(p.default))
                continue
            parts.extend(pending)
            pending = []
            if type(value) is list:          # the variadic parameter's values
                parts.extend(v[0] for v in value)
            else:
                parts.append(value[0])
        return ", ".join(["vm"] + parts)

    def call_function(self, node, scope, name, args):
        spec = self.g.functions[name]
        self.check_actor(node, scope, "function", name)
        sig = Signature.declared(name, spec.types)
        bound = self.bind_args(Signature(name, sig.params, keywords=False), node, scope, args)
        ref = self.function_ref(name)
        me = self.me_src(scope)
        values = []
        for p, value, _ in bound:
            if p.name == "me":
                me = value[0]
            else:
                values.append(value[0])
        return f"{ref}({', '.join(['vm', me] + values)})", spec.returns

    def check_actor(self, node, scope, kind, name):
        """A function or procedure that reads the acting player, called where none acts."""
        if not scope.actor and "me" not in node.kwargs and self.reads_actor(kind, name):
            self.no_actor(node, f"the {kind} '{name}' reads `me` (or its opponents), and so "
                                "reads", f"give it the player: a parameter p, or {name}(..., "
                                         "me=p) inside `for each p in players:`")

    # ------------------------------------------------------------ special builtins
    def _special_zone(self, node, bound):
        return f"s['z'][{self.zone_key_from_call(node, bound)}]", "list:card"

    def _special_can_play(self, node, bound):
        (_, (card, _), _), (_, (player, _), _) = bound
        return f"_can_play(vm, PLAYABLE, {self.cards_ref}, {card}, {player})", T.BOOL

    def _special_attr(self, node, bound):
        (_, (card, ct), _), (_, (key, _), _) = bound
        if ct == T.PLAYER:
            self.err(node.args[0] if node.args else node, "TYPE",
                     "attr() reads a card's attribute or state, and this is a player: read a "
                     "player's counter by a computed name with p.counter(NAME)")
        if not self.g.card_state:
            return f"_card_attr(s, {self.cards_ref}, (), {card}, {key})", T.ANY
        starts = self.ns.bind("CARD_STATE_STARTS",
                              {n: spec.start for n, spec in self.g.card_state.items()})
        return f"_card_attr(s, {self.cards_ref}, {starts}, {card}, {key})", T.ANY

    def _special_holder(self, node, bound):
        (_, (card, _), _), = bound
        return f"_card_owner(s['loc'][{card}])", T.PLAYER

    def _special_has_ability(self, node, bound):
        (_, (card, _), _), (_, (moment, _), _) = bound
        check_moment(self, node.args[1] if len(node.args) > 1 else node)
        table = self.ns.bind("ABILITIES", self.g.abilities)   # filled once abilities compile
        return f"({moment} in {table}.get({card}, ()))", T.BOOL

    def _special_label(self, node, bound):
        (_, (value, t), _), = bound
        return f"vm.label({value}, {t!r})", T.STR
