"""What a name means: the one resolver that the checker, the compiler and the tree-walker use.

A bare name is, in this order: a local (script variable, parameter, `it`), one of the
game-wide words (players, opponents, player_count, variant), a game counter, a game value, a
role, a game zone, a constant or an option. A member `x.NAME` of a player is a counter, a
value, a stat, a zone or a seat field; of a card, a state, an attribute or a card field.
"""
from __future__ import annotations

from .. import zone_keys
from ..errors import did_you_mean, type_words
from .values import static_type
from . import ast as A
from . import types as T
from .codegen import py_name

PLAYER_FIELDS = ("name", "seat", "next", "prev")
CARD_FIELDS = ("id", "zone", "owner", "type", "label")
GAME_WORDS = ("me", "my", "players", "opponents", "player_count", "variant")


class Scope:
    """What names mean while compiling one script or expression: their types, and for
    names the language binds inside an expression (it, a comprehension's variable, a
    function's parameters) the Python local they are. Other locals live in the frame."""

    def __init__(self, game, local_types: dict, py: dict | None = None):
        self.game = game
        self.types = dict(local_types)   # local name -> type
        self.py = dict(py or {})         # local name -> Python identifier
        # whether a player acts here (`me`, `opponents`): not in a phase, the setup, the
        # finish or an expression about `it` (script.py says so for scripts)
        self.actor = "me" in local_types
        self.where = False               # inside `X where C` (until, ranked by...): `it`

    def child(self, **more):
        """A scope where the given names are Python locals (bound inside an expression)."""
        s = Scope(self.game, self.types, self.py)
        s.actor = self.actor or "me" in more
        s.where = self.where
        for name, t in more.items():
            s.types[name] = t
            s.py[name] = py_name(name)
        return s

    def read(self, name: str) -> str:
        return self.py.get(name) or f"l[{name!r}]"


def kind_of(g, name: str) -> str | None:
    """The kind of a game-wide name (None: not one)."""
    if name in ("players", "opponents", "player_count", "variant"):
        return name
    for kind, table in (("game_counter", g.game_counters), ("game_value", g.game_values),
                        ("role", g.roles),
                        ("game_zone", g.game_zones), ("constant", g.constants),
                        ("option", g.options)):
        if name in table:
            return kind
    return None


def constant_value(g, name: str, n: int):
    """A constant's value for n players (a constant may be given per player count)."""
    v = g.constants[name]
    if isinstance(v, dict) and "by_players" in v:
        return {int(k): x for k, x in v["by_players"].items()}[n]
    return v


class Names:
    """Mixed into the Compiler: names and members as Python source."""

    def global_names(self):
        g = self.g
        return (list(GAME_WORDS) + list(g.game_counters) + list(g.game_values) + list(g.roles)
                + list(g.game_zones) + list(g.constants) + list(g.options))

    def undefined(self, node, name, scope, what="name"):
        candidates = list(scope.types) + self.global_names()
        hint = did_you_mean(name, candidates)
        if not hint and what == "name" and scope.where:
            hint = (f"inside 'X where ...' (and until, ranked by, lowest by, highest by) each "
                    f"element is 'it'; to give it a name, write [... for {name} in X if ...]")
        self.err(node, "REF-UNDEF", f"unknown {what} '{name}'", hint)

    def me_src(self, scope) -> str:
        """The player `me` is here (functions and stats see their caller's)."""
        return scope.read("me") if "me" in scope.types else "vm.l.get('me')"

    def no_actor(self, node, what: str, hint: str = ""):
        """A read of the acting player where none acts: found at load, not as a failure in
        play ("arithmetic on a value that is not a number")."""
        self.err(node, "REF-UNDEF", f"{what} the acting player's, and no player acts here (a "
                                    "phase, the setup, the finish, a stat and an expression "
                                    "about `it` have no `me`)",
                 hint or "loop over the players and name one: for each p in players: ... "
                         "(its opponents: players where it != p)")

    def reads_actor(self, kind: str, name: str) -> bool:
        """Whether a function or procedure reads the acting player without being given one:
        `me`, `my`, `opponents`, a statement about no named player (`gain X 1`), or a call of
        one that does. (A procedure or function with a parameter `me` is given one.)"""
        memo = self.__dict__.setdefault("actor_memo", {})
        key = (kind, name)
        if key not in memo:
            memo[key] = False                      # until shown otherwise (recursion)
            memo[key] = _reads_actor(self, kind, name)
        return memo[key]

    def name(self, node, scope):
        g = self.g
        name = "me" if node.name == "my" else node.name
        if name in ("me", "opponents") and not scope.actor:
            self.no_actor(node, f"'{node.name}' means" if name == "me" else
                          "'opponents' are")
        if name in scope.types:
            return scope.read(name), scope.types[name]
        kind = kind_of(g, name)
        if kind == "players":
            return "list(range(s['n']))", "list:player"
        if kind == "opponents":
            me = self.me_src(scope)
            return f"[({me} + i) % s['n'] for i in range(1, s['n'])]", "list:player"
        if kind == "player_count":
            return "s['n']", T.NUM
        if kind == "variant":
            return "s['variant']", T.STR
        if kind == "game_counter":
            return f"s['g'][{name!r}]", T.NUM
        if kind == "game_value":
            return f"s['v'][{name!r}]", static_type(g.game_values[name])
        if kind == "role":
            return f"s['roles'][{name!r}]", T.PLAYER
        if kind == "game_zone":
            if name in self.keyed_game:
                keys = self.ns.const(zone_keys.group_keys(name, g.game_zones[name].keys), "ZK")
                return f"[s['z'][k] for k in {keys}]", T.GROUP
            return f"s['z'][{name!r}]", "list:card"
        if kind == "constant":
            value = g.constants[name]
            if isinstance(value, dict) and "by_players" in value:
                table = self.ns.const({int(k): v for k, v in value["by_players"].items()}, "BP")
                return f"{table}[s['n']]", T.ANY
            t = ("num" if isinstance(value, int) else "str" if isinstance(value, str)
                 else "list:str" if isinstance(value, list) and all(isinstance(x, str) for x in value)
                 else "list" if isinstance(value, list) else "any")
            return self.ns.const(value), t
        if kind == "option":
            return f"s['options'][{name!r}]", T.ANY
        self.undefined(node, name, scope)

    # ------------------------------------------------------------ members
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
            return f"{obj}[{name!r}]", fields[name]
        if t.startswith("pgroup:"):
            gname = t[7:]
            keys = g.player_zones[gname].keys
            if name not in keys:
                self.err(node, "REF-UNDEF", f"'{gname}' has no zone '{name}'",
                         did_you_mean(name, keys))
            table = self.ns.const([zone_keys.make(p, gname, name) for p in self.seats], "ZK")
            return f"s['z'][{table}[{obj}]]", "list:card"
        if t in ("num", "bool", "str", "none", "group") or T.is_list(t):
            self.err(node, "TYPE", f"{type_words(t)} has no '{name}'")
        # The type is known only at run time: a player (seat number), a card (id) or a map.
        pfields = (set(g.player_counters) | set(g.stats) | set(g.player_zones)
                   | set(g.player_values) | set(PLAYER_FIELDS))
        pf = self.value_fn(self.player_member(node, "v_x", name, on_value=True)) \
            if name in pfields else None
        cf = self.value_fn(self.card_member(node, "v_x", name)) \
            if name in self.card_attrs or name in CARD_FIELDS or name in g.card_state else None
        return (f"_dyn_member(vm, {obj}, {name!r}, {self.ns.const(pf)}, {self.ns.const(cf)})",
                T.ANY)

    def value_fn(self, src_type):
        """f(vm, x) computing a member's source written about `v_x`."""
        src, _ = src_type
        return self.ns.expression(src, "vm, v_x", "member", frame=False)

    def player_member(self, node, p, name, on_value=False):
        """p.NAME as source; `on_value`: a keyed zone group is read as its zones' contents."""
        g = self.g
        if name in g.player_counters:
            return f"s['pl'][{p}][{name!r}]", T.NUM
        if name in g.player_values:
            return f"s['pv'][{p}][{name!r}]", static_type(g.player_values[name])
        if name in g.stats:
            return f"{self.stat_ref(name)}(vm, {p})", T.NUM
        if name in g.player_zones:
            if name in self.keyed_player:
                if on_value:
                    return f"[s['z'][k] for k in {self.seat_table(name)}[{p}]]", T.GROUP
                return p, "pgroup:" + name   # p.slots.fame / p.slots[b] name one zone
            keys = self.ns.const([zone_keys.make(q, name) for q in self.seats], "ZK")
            return f"s['z'][{keys}[{p}]]", "list:card"
        if name == "name":
            names = g.seat_names
            table = self.ns.const([names[q] if q < len(names) else f"P{q + 1}"
                                   for q in self.seats], "SN")
            return f"{table}[{p}]", T.STR
        if name == "seat":
            return p, T.NUM
        if name == "next":
            return f"(({p}) + 1) % s['n']", T.PLAYER
        if name == "prev":
            return f"(({p}) - 1) % s['n']", T.PLAYER
        fields = (list(g.player_counters) + list(g.player_values) + list(g.stats)
                  + list(g.player_zones) + list(PLAYER_FIELDS))
        self.err(node, "REF-UNDEF", f"players have no counter, value, stat or zone '{name}'",
                 did_you_mean(name, fields))

    def card_member(self, node, c, name):
        g = self.g
        if name in g.card_state:
            spec = g.card_state[name]
            start = spec.start
            t = ("bool" if isinstance(start, bool) else "num" if isinstance(start, int)
                 else "list:player" if spec.type == "players" else "any")
            return f"s['cs'][{name!r}].get({c}, {self.ns.const(start)})", t
        if name == "id":
            return c, T.STR
        if name == "zone":
            return f"_card_zone(s['loc'][{c}])", T.STR
        if name == "owner":
            return f"_card_owner(s['loc'][{c}])", T.PLAYER
        if name == "label":
            return f"{self.labels_ref}[{c}]", T.STR
        if name in self.card_attrs or name == "type":
            return f"{self.attr_table(name)}[{c}]", self.attr_type(name)
        self.err(node, "REF-UNDEF", f"no card has an attribute '{name}'",
                 did_you_mean(name, list(self.card_attrs) + list(CARD_FIELDS)
                              + list(g.card_state)))

    def attr_table(self, name) -> str:
        """card -> its value of one attribute (none where it has none), made once."""
        ref = self.attr_refs.get(name)
        if ref is None:
            ref = self.attr_refs[name] = self.ns.bind(
                self.ns.named("AT", name), {c: a.get(name) for c, a in self.g.cards.items()},
                static=True)
        return ref

    def attr_type(self, name) -> str:
        """A card attribute's type: the one all cards that have it agree on, else any."""
        sample = [a[name] for a in self.g.cards.values() if name in a]
        if sample and all(isinstance(x, bool) for x in sample):
            return T.BOOL
        if sample and all(isinstance(x, int) and not isinstance(x, bool) for x in sample):
            return T.NUM
        if sample and all(isinstance(x, str) for x in sample):
            return T.STR
        return T.ANY


def is_local(node, scope) -> bool:
    return isinstance(node, A.Name) and ("me" if node.name == "my" else node.name) in scope.types


# statements about the acting player when they name none: (class, the field naming one)
IMPLICIT_ACTOR = ((A.Gain, "who"), (A.Lose, "who"), (A.Play, "who"), (A.Steal, None),
                  (A.Choose, "by"))


def _reads_actor(comp, kind: str, name: str) -> bool:
    from .ast_walk import children
    from .parser import EffectSyntaxError, parse_expression
    g = comp.g
    spec = g.functions[name] if kind == "function" else g.procedures[name]
    if "me" in spec.params:
        return False
    try:
        tree = parse_expression(spec.expr) if kind == "function" else \
            comp.procedures.body(name)
    except EffectSyntaxError:
        return False
    if tree is None:
        return False
    stack = list(reversed(tree)) if isinstance(tree, list) else [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (A.ForEach, A.Assign)) and node.var == "me":
            return False                       # it names its own acting player from here
        if isinstance(node, A.Name) and node.name in ("me", "my", "opponents") \
                and node.name not in spec.params:
            return True
        for cls, field in IMPLICIT_ACTOR:
            if isinstance(node, cls) and (field is None or getattr(node, field) is None) \
                    and not getattr(node, "each", None):
                return True
        if isinstance(node, (A.Call, A.CallStmt)):
            call = node.call if isinstance(node, A.CallStmt) else node
            if "me" not in call.kwargs and any(
                    call.func in table and comp.reads_actor(k, call.func)
                    for k, table in (("function", g.functions), ("procedure", g.procedures))):
                return True
        if isinstance(node, A.Choose) and node.each is not None:
            stack.append(node.each)             # the rest is made per seat, `me` that seat
            continue
        stack += reversed(children(node))
    return False
