"""Persistent values of any JSON type (`values:`), per player (state["pv"][seat][name]) and
for the game (state["v"][name]): a train's place, coins invested per area, who controls it.

Values are snapshots: nothing changes one in place. `set p.x[k] = v` copies the containers
on the way to k (path copying), so state.clone copies only the two top-level mappings, a
variable made from a value is never changed by a later `set`, and a JSON round trip gives
the same game. In a game with values, `set xs[k] = v` and `append v to xs` on a variable
give the variable a changed copy too (a variable may share its list with a value). Every
value set is checked against the value's declared type and copied when it is a list or
mapping, so a script's own list never becomes part of the state.

Declarations are read by value_load.py; scripts are compiled by effects/value_targets.py.

Mappings keep text keys (the state is JSON): a whole number key (a seat) is kept as its
digits and read back the same way. A missing key, or a list position beyond the end, reads
as the value's `default` (none unless declared).
"""
from __future__ import annotations

from . import types as T
from .runtime import set_item
from ..errors import DECLARED_WORDS, GameError, describe_value
from ..model import ValueSpec

# type name in YAML -> (static type for the checker, words for people: a value may also be
# none where its type is a text, a player or a card)
_STATIC = {"number": T.NUM, "text": T.STR, "truth": T.BOOL, "player": T.PLAYER, "card": T.CARD,
           "list": T.LIST, "players": "list:player", "cards": "list:card", "mapping": T.ANY,
           "any": T.ANY}
TYPES = {name: (t, DECLARED_WORDS[name] + (" or none" if t in (T.STR, T.PLAYER, T.CARD) else ""))
         for name, t in _STATIC.items()}
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


def shown(g, spec, v):
    """A value (or a card state: spec is a ValueSpec or a CardStateSpec) as a view shows it:
    players by their seat labels, cards by their labels (the state keeps seats and ids), for
    a value of that type or a list or mapping of such."""
    kind = {"player": "player", "players": "player", "card": "card", "cards": "card"}.get(
        spec.type, getattr(spec, "entries", "any"))
    if kind not in ("player", "card"):
        return v
    if type(v) is dict:
        return {k: _shown_one(g, kind, x) for k, x in v.items()}
    if type(v) is list:
        return [_shown_one(g, kind, x) for x in v]
    return _shown_one(g, kind, v)


def _shown_one(g, kind, x):
    if kind == "player":
        return g.seat_label(x) if type(x) is int else x
    return g.card_labels.get(x, x) if type(x) is str else x


# ------------------------------------------------------------------ run time
def key_text(k) -> str:
    """A mapping's key as kept in the state: a text, or a whole number's digits."""
    if type(k) is str:
        return k
    if type(k) is int:
        return str(k)
    raise GameError(f"a mapping's key is a text or a whole number, not {describe_value(k)}")


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
    raise GameError(f"{describe_value(v)} cannot be kept in a value (numbers, texts, true/false, "
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
                        f"{describe_value(value)}")
    holder[spec.name] = value


def set_entry(vm, holder: dict, spec: ValueSpec, keys: tuple, value) -> None:
    """set x[k1][k2] = v: the containers on the way are copied, never changed in place;
    a missing mapping entry on the way becomes a new mapping."""
    value = plain(value, spec.name, len(keys))     # nested as deep as where it goes
    entries = "player" if spec.type == "players" else "card" if spec.type == "cards" \
        else spec.entries
    new = _put(holder[spec.name], keys, 0, value, spec.name)
    if entries != "any" and not fits(entries, get(new, keys[0], None), vm.s["n"], vm.g.cards):
        raise GameError(f"the entries of value '{spec.name}' are {TYPES[entries][1]}; "
                        f"{describe_value(get(new, keys[0], None))} cannot be put in it")
    holder[spec.name] = new


def _put(c, keys, i, value, name):
    k = keys[i]
    last = i == len(keys) - 1
    if len(keys) > MAX_DEPTH:
        raise GameError(f"value '{name}': lists and mappings nest at most {MAX_DEPTH} deep")
    if c is None and i > 0:
        c = {}
    if type(c) is dict:
        k = key_text(k)
        new = c.copy()
        new[k] = value if last else _put(c.get(k), keys, i + 1, value, name)
        return new
    if type(c) is list:
        if type(k) is not int or not -len(c) <= k < len(c):
            raise GameError(f"value '{name}': a list of {len(c)} has no position {k!r}")
        new = c[:]
        new[k] = value if last else _put(c[k], keys, i + 1, value, name)
        return new
    where = f"'{name}'" + "".join(f"[{x!r}]" for x in keys[:i])
    raise GameError(f"{where} is {describe_value(c)}, not a list or a mapping: it has no entry {k!r}")


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
    raise GameError(f"{describe_value(o)} has no entry {k!r}")


def get_path(o, keys, default):
    """value[k1][k2]...: `default` as soon as an entry on the way is missing."""
    for k in keys:
        o = get(o, k, MISSING)
        if o is MISSING:
            return default
    return o


def set_local(local: dict, name: str, key, value) -> None:
    """set xs[k] = v on a variable, in a game with values: the variable gets a changed copy,
    so a list or mapping it shares with a value (through a parameter, a loop, a choice, a
    procedure's result) is never changed in place."""
    xs = local[name]
    new = xs[:] if type(xs) is list else xs.copy() if type(xs) is dict else xs
    set_item(new, key, value)
    local[name] = new


def append_local(local: dict, name: str, value) -> None:
    """append v to xs, in a game with values (see set_local)."""
    xs = local.get(name)
    if type(xs) is not list:
        raise GameError(f"append needs '{name}' to be a list, not {xs!r}")
    local[name] = xs + [value]


# of RUNTIME, those that read nothing but their arguments (state_free.py)
PURE_RUNTIME = frozenset({"vget", "vget_path"})
RUNTIME = {"vset": set_value, "vset_at": set_entry, "vget": get, "vget_path": get_path,
           "vset_local": set_local, "vappend": append_local}


def state_problem(g, s) -> str:
    """What is wrong with the values of a loaded state ("" when nothing): exactly the
    game's values, each plain JSON of its declared type (state_check's part for values)."""
    for field, specs in (("v", g.game_values), ("pv", g.player_values)):
        if not specs:
            if field in s:
                return f"it has values ('{field}'), which this game does not declare"
            continue
        if field not in s:
            return f"it has no '{field}', the game's values"
        if field == "v":
            problem = _value_set(g, s, s["v"], specs, "the game")
        elif not (isinstance(s["pv"], list) and len(s["pv"]) == s["n"]):
            problem = f"'pv' is {describe_value(s['pv'])}, not the values of {s['n']} players"
        else:
            problem = next((x for x in (_value_set(g, s, values, specs, f"player {p + 1}")
                                        for p, values in enumerate(s["pv"])) if x), "")
        if problem:
            return problem
    return ""


def _value_set(g, s, values, specs, who) -> str:
    if not isinstance(values, dict):
        return f"the values of {who} are {describe_value(values)}"
    for name, spec in specs.items():
        if name not in values:
            return f"{who} has no value '{name}'"
        v = values[name]
        try:
            if plain(v, name) != v or not fits_spec(spec, v, s["n"], g.cards):
                entries = f" of entries {TYPES[spec.entries][1]}" if spec.entries != "any" else ""
                return f"{who}'s value '{name}' is {describe_value(v)}, not {TYPES[spec.type][1]}" \
                       + entries
        except GameError as e:
            return f"{who}'s value '{name}' is not plain data: {e}"
    if len(values) != len(specs):
        return f"{who} has a value {next(k for k in values if k not in specs)!r} the game " \
               "does not have"
    return ""
