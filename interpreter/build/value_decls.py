"""`values:` in a game definition -> ValueSpecs on the GameDef (see values.py), with every
start and default value checked against its declaration; located findings, never an error."""
from __future__ import annotations

from ..errors import GameError, describe_value
from ..model import ValueSpec
from ..effects.values import TYPES, fits, fits_spec, infer_type, plain


def load_values(builder, g) -> None:
    """values: {player: {NAME: spec}, game: {NAME: spec}} -> ValueSpecs on g, with their
    start values checked (the schema has checked the keys and their kinds)."""
    from ..effects.names import GAME_WORDS, PLAYER_FIELDS
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
            if name in taken[owner]:
                builder.add(builder.doc, path, "DUP-NAME",
                            f"'{name}' is both a {taken[owner][name]} and a {owner} value")
                continue
            # a value whose declaration is wrong still names a value, of any type, so that
            # scripts using it are not reported too (the declaration's own error suffices)
            target[name] = ValueSpec(name, visibility=_visibility(spec))
            if not isinstance(spec, dict):
                continue     # the schema reported it
            declared = _declared(owner, name, spec)
            if isinstance(declared, ValueSpec):
                target[name] = declared
            else:
                key, code, message, at_key = declared
                builder.add(builder.doc, path + [key], code, message, key=at_key)


# the types whose values have entries, so that a missing key can read as a `default`
WITH_ENTRIES = ("list", "players", "cards", "mapping", "any")


def _declared(owner: str, name: str, spec: dict):
    """The ValueSpec of one declaration, or its first problem: (key under the declaration,
    code, message, whether the finding points at the key rather than its value)."""
    start, problem = _plain_start(spec.get("start"), name)
    if problem:
        return "start", "SCHEMA-TYPE", f"values.{owner}.{name}.start: {problem}", False
    default, problem = _plain_start(spec.get("default"), name)
    if problem:
        return "default", "SCHEMA-TYPE", f"values.{owner}.{name}.default: {problem}", False
    vtype = spec.get("type") or infer_type(start)
    entries = spec.get("entries", "any")
    if vtype not in TYPES or entries not in TYPES:       # the schema reported it
        return ValueSpec(name, visibility=_visibility(spec))
    if not fits(vtype, start, None, None):
        return "start", "TYPE", f"the {owner} value '{name}' is declared {TYPES[vtype][1]}, " \
                                f"but starts as {describe_value(start)}", False
    if "default" in spec and vtype not in WITH_ENTRIES:
        return "default", "TYPE", f"'{name}' is {TYPES[vtype][1]}: a default is what a " \
                                  "missing key of a list or mapping reads as", True
    if entries != "any" and vtype not in ("list", "mapping"):
        return "entries", "TYPE", f"'{name}' is {TYPES[vtype][1]}: entries are what a list " \
                                  "or mapping holds", True
    declared = ValueSpec(name, start, spec.get("visibility", "all"), vtype, default,
                         spec.get("description", ""), entries, spec.get("display"),
                         spec.get("shown", True) is not False)
    if not fits_spec(declared, start, None, None):
        return "start", "TYPE", f"the entries of the {owner} value '{name}' are " \
                                f"{TYPES[entries][1]}, but it starts as " \
                                f"{describe_value(start)}", False
    if not (default is None or entries == "any" or fits(entries, default, None, None)):
        return "default", "TYPE", f"the entries of '{name}' are {TYPES[entries][1]}, but its " \
                                  f"default is {describe_value(default)}", False
    return declared


def _visibility(spec) -> str:
    v = spec.get("visibility") if isinstance(spec, dict) else None
    return v if v in ("all", "owner", "others", "none") else "all"


def _plain_start(v, name: str):
    """(the value as plain JSON with text keys, or a problem in words). The word `none`
    (a text to YAML) is none, as in the effect language."""
    try:
        return none_words(plain(v, name, 0)), ""
    except GameError as e:
        return None, str(e)


def none_words(v):
    if v == "none":
        return None
    if type(v) is list:
        return [none_words(x) for x in v]
    if type(v) is dict:
        return {k: none_words(x) for k, x in v.items()}
    return v
