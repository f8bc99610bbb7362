"""Values in scripts: `x[k]` read with the value's default, and `set` on a value or one of
its entries, compiled to the run-time functions of values.py (bound in the namespace as
_vget, _vget_path, _vset, _vset_at)."""
from __future__ import annotations

from ..errors import did_you_mean
from .values import entry_type
from . import ast as A
from . import types as T
from .names import CARD_FIELDS, PLAYER_FIELDS


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


def unknown_target(sc, target) -> None:
    """`set x[k] = v` / `set p.x[k] = v` / `set p.x = v` where x is neither a variable nor
    a value (nor a counter or card state): a REF-UNDEF naming what it might be."""
    root, keys = index_chain(target)
    g = sc.g
    if not keys:
        names = [*g.player_counters, *g.player_values, *g.card_state]
        known = {*names, *g.stats, *g.player_zones, *sc.c.card_attrs, *PLAYER_FIELDS,
                 *CARD_FIELDS}     # these are told apart by the SET error: not settable
        if isinstance(root, A.Attr) and root.name not in known:
            sc.c.err(root, "REF-UNDEF", f"there is no counter, value or card state "
                                        f"'{root.name}' to set", did_you_mean(root.name, names))
        return
    if isinstance(root, A.Name) and root.name not in sc.scope.types:
        sc.c.err(root, "REF-UNDEF", f"unknown value or variable '{root.name}'",
                 did_you_mean(root.name, list(g.game_values) + list(sc.scope.types)))
    if isinstance(root, A.Attr) and root.name not in g.player_values:
        sc.c.err(root, "REF-UNDEF", f"players have no value '{root.name}'",
                 did_you_mean(root.name, g.player_values))
