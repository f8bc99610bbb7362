"""Persistent values of any JSON type (`values:`), per player (state["pv"][seat][name]) and
for the game (state["v"][name]): a train's place, coins invested per area, who controls it.

Values are snapshots: nothing changes one in place. `set p.x[k] = v` copies the containers
on the way to k (path copying), so state.clone copies only the two top-level mappings, a
variable made from a value is never changed by a later `set`, and a JSON round trip gives
the same game. Every value set is checked against the value's declared type and copied
when it is a list or mapping, so a script's own list never becomes part of the state.

Mappings keep text keys (the state is JSON): a whole number key (a seat) is kept as its
digits and read back the same way. A missing key, or a list position beyond the end, reads
as the value's `default` (none unless declared).
"""
from __future__ import annotations

from .effects import ast as A
from .effects import types as T
from .errors import GameError, did_you_mean
from .model import ValueSpec

# type name in YAML -> (static type for the checker, words for people)
TYPES = {
    "number": (T.NUM, "a whole number"), "text": (T.STR, "a text or none"),
    "truth": (T.BOOL, "true or false"), "player": (T.PLAYER, "a player or none"),
    "card": (T.CARD, "a card or none"), "list": (T.LIST, "a list"),
    "players": ("list:player", "a list of players"), "cards": ("list:card", "a list of cards"),
    "mapping": (T.ANY, "a mapping"), "any": (T.ANY, "any value"),
}
MAX_DEPTH = 6           # lists and mappings nest at most this deep inside a value


def infer_type(start) -> str:
    """The type a value has when none is declared: its start value's."""
    if isinstance(start, bool):
        return "truth"
    if isinstance(start, int):
        return "number"
    if isinstance(start, str):
        return "text"
    if isinstance(start, list):
        return "list"
    if isinstance(start, dict):
        return "mapping"
    return "any"


def static_type(spec: ValueSpec) -> str:
    return TYPES[spec.type][0]


def entry_type(spec: ValueSpec) -> str:
    """The static type of x[k]: the declared entries', a typed list's elements', else any."""
    if spec.entries != "any":
        return TYPES[spec.entries][0]
    return T.elem(static_type(spec))


def shown(g, spec: ValueSpec, v):
    """A value as a view shows it: players by their seat labels (the state keeps seats)."""
    if spec.type == "player" or (spec.entries == "player" and type(v) not in (list, dict)):
        return g.seat_label(v) if type(v) is int else v
    if spec.type == "players" or spec.entries == "player":
        if type(v) is dict:
            return {k: g.seat_label(x) if type(x) is int else x for k, x in v.items()}
        if type(v) is list:
            return [g.seat_label(x) if type(x) is int else x for x in v]
    return v


# ------------------------------------------------------------------ loading
PLAYER_TAKEN = ("player counter", "stat", "player zone")
GAME_TAKEN = ("game counter", "role", "game zone", "constant", "option")


def load_values(builder, g) -> None:
    """values: {player: {NAME: spec}, game: {NAME: spec}} -> ValueSpecs on g, with their
    start values checked (the schema has checked the keys and their kinds)."""
    from .effects.names import GAME_WORDS, PLAYER_FIELDS
    data = builder.data.get("values") or {}
    taken = {"player": {**{n: "player counter" for n in g.player_counters},
                        **{n: "stat" for n in g.stats}, **{n: "player zone" for n in g.player_zones},
                        **{n: "player field" for n in PLAYER_FIELDS}},
             "game": {**{n: "game counter" for n in g.game_counters},
                      **{n: "role" for n in g.roles}, **{n: "game zone" for n in g.game_zones},
                      **{n: "constant" for n in g.constants}, **{n: "option" for n in g.options},
                      **{n: "word of the language" for n in GAME_WORDS}}}
    for owner, target in (("player", g.player_values), ("game", g.game_values)):
        for name, spec in (data.get(owner) or {}).items():
            path = ["values", owner, name]
            if not isinstance(spec, dict):
                continue     # the schema reported it
            if name in taken[owner]:
                builder.add(builder.doc, path, "DUP-NAME",
                            f"'{name}' is both a {taken[owner][name]} and a {owner} value")
                continue
            start, problem = _plain_start(spec.get("start"))
            if problem:
                builder.add(builder.doc, path + ["start"], "SCHEMA-TYPE",
                            f"values.{owner}.{name}.start: {problem}", key=False)
                continue
            vtype = spec.get("type") or infer_type(start)
            default, problem = _plain_start(spec.get("default"))
            if problem:
                builder.add(builder.doc, path + ["default"], "SCHEMA-TYPE",
                            f"values.{owner}.{name}.default: {problem}", key=False)
                continue
            if not fits(vtype, start, None, None):
                builder.add(builder.doc, path + ["start"], "TYPE",
                            f"the {owner} value '{name}' is declared {TYPES[vtype][1]}, but "
                            f"starts as {_describe(start)}", key=False)
                continue
            if "default" in spec and vtype not in ("list", "players", "cards", "mapping", "any"):
                builder.add(builder.doc, path + ["default"], "TYPE",
                            f"'{name}' is {TYPES[vtype][1]}: a default is what a missing key "
                            "of a list or mapping reads as")
                continue
            entries = spec.get("entries", "any")
            if entries != "any" and vtype not in ("list", "mapping"):
                builder.add(builder.doc, path + ["entries"], "TYPE",
                            f"'{name}' is {TYPES[vtype][1]}: entries are what a list or "
                            "mapping holds")
                continue
            spec_ = ValueSpec(name, start, spec.get("visibility", "all"), vtype, default,
                              spec.get("description", ""), entries)
            if not fits_spec(spec_, start, None, None):
                builder.add(builder.doc, path + ["start"], "TYPE",
                            f"the {owner} value '{name}' holds {TYPES[entries][1]} entries, "
                            f"but starts as {_describe(start)}", key=False)
                continue
            target[name] = spec_


def _plain_start(v):
    """(the value as plain JSON with text keys, or a problem in words). The word `none`
    (a text to YAML) is none, as in the effect language."""
    try:
        return _none_words(plain(v, "", 0)), ""
    except GameError as e:
        return None, str(e)


def _none_words(v):
    if v == "none":
        return None
    if type(v) is list:
        return [_none_words(x) for x in v]
    if type(v) is dict:
        return {k: _none_words(x) for k, x in v.items()}
    return v


# ------------------------------------------------------------------ run time
def key_text(k) -> str:
    """A mapping's key as kept in the state: a text, or a whole number's digits."""
    if type(k) is str:
        return k
    if type(k) is int:
        return str(k)
    raise GameError(f"a mapping's key is a text or a whole number, not {_describe(k)}")


def plain(v, name: str, depth: int = 0):
    """A copy of v that is plain JSON data (mapping keys as texts), or a GameError."""
    t = type(v)
    if t is int or t is str or t is bool or v is None:
        return v
    if depth >= MAX_DEPTH:
        raise GameError(f"value '{name}': lists and mappings nest at most {MAX_DEPTH} deep")
    if t is list:
        return [plain(x, name, depth + 1) for x in v]
    if t is dict:
        return {key_text(k): plain(x, name, depth + 1) for k, x in v.items()}
    raise GameError(f"{_describe(v)} cannot be kept in a value (numbers, texts, true/false, "
                    "none, lists and mappings can)")


def fits(vtype: str, v, n, cards) -> bool:
    """Whether v is of the declared type (n, cards: seats and card ids to check, if given)."""
    if vtype == "any":
        return True
    if vtype == "number":
        return type(v) is int
    if vtype == "truth":
        return type(v) is bool
    if vtype == "text":
        return v is None or type(v) is str
    if vtype == "player":
        return v is None or (type(v) is int and (n is None or 0 <= v < n))
    if vtype == "card":
        return v is None or (type(v) is str and (cards is None or v in cards))
    if vtype == "mapping":
        return type(v) is dict
    if type(v) is not list:
        return False
    if vtype == "players":
        return all(fits("player", x, n, cards) and x is not None for x in v)
    if vtype == "cards":
        return all(fits("card", x, n, cards) and x is not None for x in v)
    return True


def fits_spec(spec: ValueSpec, v, n, cards) -> bool:
    """Whether v fits the value's type and, for a list or mapping, its entries' type."""
    if not fits(spec.type, v, n, cards):
        return False
    if spec.entries == "any" or type(v) not in (list, dict):
        return True
    return all(fits(spec.entries, x, n, cards) for x in (v.values() if type(v) is dict else v))


def set_value(vm, holder: dict, spec: ValueSpec, value) -> None:
    """set x = v on a whole value: checked against its type, kept as a copy."""
    value = plain(value, spec.name)
    if not fits_spec(spec, value, vm.s["n"], vm.g.cards):
        raise GameError(f"value '{spec.name}' is {TYPES[spec.type][1]}; it cannot be set to "
                        f"{_describe(value)}")
    holder[spec.name] = value


def set_entry(vm, holder: dict, spec: ValueSpec, keys: tuple, value) -> None:
    """set x[k1][k2] = v: the containers on the way are copied, never changed in place;
    a missing mapping entry on the way becomes a new mapping."""
    value = plain(value, spec.name)
    entries = "player" if spec.type == "players" else "card" if spec.type == "cards" \
        else spec.entries
    if len(keys) == 1 and entries != "any" and not fits(entries, value, vm.s["n"], vm.g.cards):
        raise GameError(f"the entries of value '{spec.name}' are {TYPES[entries][1]}; "
                        f"{_describe(value)} cannot be put in it")
    new = _put(holder[spec.name], keys, 0, value, spec.name)
    holder[spec.name] = new


def _put(c, keys, i, value, name):
    k = keys[i]
    last = i == len(keys) - 1
    if c is None and i > 0:
        c = {}
    if type(c) is dict:
        k = key_text(k)
        new = c.copy()
        new[k] = value if last else _put(c.get(k), keys, i + 1, value, name)
        if len(keys) > MAX_DEPTH:
            raise GameError(f"value '{name}': lists and mappings nest at most {MAX_DEPTH} deep")
        return new
    if type(c) is list:
        if type(k) is not int or not -len(c) <= k < len(c):
            raise GameError(f"value '{name}': a list of {len(c)} has no position {k!r}")
        new = c[:]
        new[k] = value if last else _put(c[k], keys, i + 1, value, name)
        return new
    where = f"'{name}'" + "".join(f"[{x!r}]" for x in keys[:i])
    raise GameError(f"{where} is {_describe(c)}, not a list or a mapping: it has no entry {k!r}")


MISSING = object()


def get(o, k, default):
    """value[k]: a mapping's entry or a list's element, `default` when there is none."""
    if type(o) is dict:
        return o.get(k if type(k) is str else key_text(k), default)
    if type(o) is list:
        if type(k) is int and -len(o) <= k < len(o):
            return o[k]
        return default
    if o is None:
        return default
    raise GameError(f"{_describe(o)} has no entry {k!r}")


def get_path(o, keys, default):
    """value[k1][k2]...: `default` as soon as an entry on the way is missing."""
    for k in keys:
        o = get(o, k, MISSING)
        if o is MISSING:
            return default
    return o


def own(v):
    """A list or mapping given to a procedure: its own copy (a value is never changed in
    place, not even through a parameter)."""
    t = type(v)
    return v[:] if t is list else v.copy() if t is dict else v


def _describe(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


RUNTIME = {"vset": set_value, "vset_at": set_entry, "vget": get, "vget_path": get_path,
           "own": own}


# ------------------------------------------------------------------ compiling
def value_at(g, node, scope):
    """The value a node reads directly, as (spec, owner node or None for a game value);
    None when the node is no value (a local of the same name hides a game value)."""
    if isinstance(node, A.Name) and node.name in g.game_values and node.name not in scope.types:
        return g.game_values[node.name], None
    if isinstance(node, A.Attr) and node.name in g.player_values:
        return g.player_values[node.name], node.obj
    return None


def index_chain(node):
    """x[k1][k2] -> (x, [k1, k2]); a node that is no index -> (node, [])."""
    keys = []
    while isinstance(node, A.Index):
        keys.append(node.key)
        node = node.obj
    return node, keys[::-1]


def compile_index(comp, node, scope):
    """(source, type) of x[k]... when x is a value (its default for a missing entry), else
    None."""
    root, keys = index_chain(node)
    found = value_at(comp.g, root, scope)
    if found is None:
        return None
    spec, _ = found
    obj, _ = comp.src(root, scope)
    srcs = [comp.src(k, scope)[0] for k in keys]
    default = comp.ns.const(spec.default)
    t = entry_type(spec) if len(keys) == 1 else T.ANY
    if len(srcs) == 1:
        return f"_vget({obj}, {srcs[0]}, {default})", t
    return f"_vget_path({obj}, ({', '.join(srcs)},), {default})", T.ANY


def compile_set(sc, target, value_src):
    """The line of `set TARGET = v` when TARGET is a value or an entry of one, else None.
    sc: the ScriptCompiler."""
    g = sc.g
    root, keys = index_chain(target)
    found = value_at(g, root, sc.scope)
    if found is None:
        return None
    spec, owner = found
    holder = "s['v']" if owner is None else f"s['pv'][{sc.who(owner)}]"
    ref = sc.c.ns.const(spec, "VS")
    if not keys:
        return f"_vset(vm, {holder}, {ref}, {value_src})"
    srcs = [sc.src(k)[0] for k in keys]
    return f"_vset_at(vm, {holder}, {ref}, ({', '.join(srcs)},), {value_src})"


def reads_value(g, node) -> bool:
    """Whether an expression may hand over a value's list or mapping (it names a value, or
    calls a function that might)."""
    if isinstance(node, A.Name):
        return node.name in g.game_values
    if isinstance(node, A.Attr) and node.name in g.player_values:
        return True
    if isinstance(node, (A.Call, A.CallComp)) and node.func in g.functions:
        return True
    kids = getattr(node, "__dataclass_fields__", None)
    if not kids:
        if isinstance(node, (list, tuple)):
            return any(reads_value(g, x) for x in node)
        if isinstance(node, dict):
            return any(reads_value(g, x) for x in node.values())
        return False
    return any(reads_value(g, getattr(node, f)) for f in kids if f not in ("line", "col"))


def unknown_target(sc, target) -> None:
    """`set x[k] = v` / `set p.x[k] = v` where x is neither a variable nor a value: a
    REF-UNDEF naming the values it might be."""
    root, keys = index_chain(target)
    if not keys:
        return
    g = sc.g
    if isinstance(root, A.Name) and root.name not in sc.scope.types:
        sc.c.err(root, "REF-UNDEF", f"unknown value or variable '{root.name}'",
                 did_you_mean(root.name, list(g.game_values) + list(sc.scope.types)))
    if isinstance(root, A.Attr) and root.name not in g.player_values:
        sc.c.err(root, "REF-UNDEF", f"players have no value '{root.name}'",
                 did_you_mean(root.name, g.player_values))
