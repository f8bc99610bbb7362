"""Expressions that name a zone (a destination of move/draw, a shuffle): source for its key."""
from __future__ import annotations

from .. import zone_keys
from ..errors import did_you_mean
from . import ast as A
from .signature import REQUIRED


class Zones:
    """Mixed into the Compiler."""

    def zone_key(self, node, scope) -> str:
        """Source of the key of the zone an expression names."""
        g = self.g
        if isinstance(node, A.Name) and node.name in g.game_zones and node.name not in scope.types:
            if node.name in self.keyed_game:
                self.err(node, "ZONE", f"'{node.name}' is a group of zones; name one of them "
                                       f"({node.name}.{g.game_zones[node.name].keys[0]})")
            return repr(node.name)
        if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) \
                and node.obj.name in self.keyed_game and node.obj.name not in scope.types:
            keys = g.game_zones[node.obj.name].keys
            if node.name not in keys:
                self.err(node, "REF-UNDEF", f"'{node.obj.name}' has no zone '{node.name}'",
                         did_you_mean(node.name, keys))
            return repr(zone_keys.make(None, node.obj.name, node.name))
        if isinstance(node, A.Attr):
            obj, t = self.src(node.obj, scope, raw=True)
            if t.startswith("pgroup:"):
                gname, k = t[7:], node.name
                if k not in g.player_zones[gname].keys:
                    self.err(node, "REF-UNDEF", f"'{gname}' has no zone '{k}'",
                             did_you_mean(k, g.player_zones[gname].keys))
                table = self.ns.const([zone_keys.make(p, gname, k) for p in self.seats], "ZK")
                return f"{table}[{obj}]"
            if t in ("player", "any") and node.name in g.player_zones:
                if node.name in self.keyed_player:
                    self.err(node, "ZONE", f"'{node.name}' is a group of zones; name one of them")
                zn = node.name
                return f"{self.ns.const([zone_keys.make(p, zn) for p in self.seats], 'ZK')}[{obj}]"
            self.err(node, "ZONE", f"'{node.name}' is not a zone",
                     did_you_mean(node.name, g.zone_names()))
        if isinstance(node, A.Index) and isinstance(node.obj, A.Name) \
                and node.obj.name in self.keyed_game and node.obj.name not in scope.types:
            return self.game_group_key(node, scope)
        if isinstance(node, A.Index):
            obj, t = self.src(node.obj, scope, raw=True)
            k, _ = self.src(node.key, scope)
            if t.startswith("pgroup:"):
                gname = t[7:]
                subs = g.player_zones[gname].keys
                table = self.ns.const([{k: zone_keys.make(p, gname, k) for k in subs}
                                       for p in self.seats], "GT")
                return f"_group_key({table}[{obj}], {k}, {gname!r})"
        if isinstance(node, A.Call) and node.func == "zone":
            args = [self.src(a, scope) for a in node.args]
            return self.zone_key_from_call(node, self.bind_args(self.special_signature("zone"), node,
                                                                scope, args))
        if isinstance(node, A.Name):
            self.err(node, "REF-UNDEF", f"unknown zone '{node.name}'",
                     did_you_mean(node.name, g.zone_names()))
        self.err(node, "ZONE", "this does not name a zone (write a zone name, p.zone, "
                               "p.group[key] or zone(\"name\"))")

    def game_group_key(self, node, scope) -> str:
        """GROUP[key] for a game zone group (a board's cells): source of the zone key."""
        name = node.obj.name
        keys = set(self.g.game_zones[name].keys)
        # a board place may be spelt several ways (a hex corner: "B.sw" = "A.se")
        alias = {a: p for a, p in getattr(self.g.boards.get(name), "alias", {}).items() if p in keys}
        if isinstance(node.key, A.Const):
            key = alias.get(node.key.value, node.key.value)
            if key not in keys and not getattr(self.g.boards.get(name), "broken", False):
                self.err(node.key, "REF-UNDEF", f"'{name}' has no zone '{node.key.value}'",
                         did_you_mean(str(node.key.value), keys))
            return repr(zone_keys.make(None, name, key))
        k, _ = self.src(node.key, scope)
        table = self.ns.const({key: zone_keys.make(None, name, key) for key in keys}
                              | {a: zone_keys.make(None, name, p) for a, p in alias.items()},
                              "GT")
        return f"_group_key({table}, {k}, {name!r})"

    def zone_key_from_call(self, node, bound) -> str:
        """zone(name) / zone(name, player): source of the key, checked against the zones."""
        g = self.g
        valid, pvalid = set(), set()
        for n, z in g.game_zones.items():
            valid.update(zone_keys.group_keys(n, z.keys))
        for n, z in g.player_zones.items():
            pvalid.update(zone_keys.group_keys(n, z.keys))
        (_, (name, _), name_node), (_, player, _) = bound
        if isinstance(name_node, A.Const):
            nm = name_node.value
            pool = pvalid if player is not REQUIRED else valid
            if nm not in pool:
                self.err(name_node, "REF-UNDEF", f"unknown zone '{nm}'", did_you_mean(nm, pool))
        if player is REQUIRED:
            return f"_zone_checked({name}, {self.ns.const(frozenset(valid))})"
        return f"_player_zone_checked({player[0]}, {name}, {self.ns.const(frozenset(pvalid))})"

