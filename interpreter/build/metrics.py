"""The game's `metrics:` section compiled: values read when a game ends, and tallies of
card events. Compiled with the game's own compiler (so validate reports their mistakes like
any expression's); analysis/metrics.py evaluates them on a finished game."""
from __future__ import annotations

EVENTS = ("acquired", "played")
# names under metrics: that declare the band of an ideal game's length (game_metrics.length)
BANDS = ("ideal_rounds", "ideal_decisions")


class Metrics:
    """A game's compiled metrics (plain data and compiled functions)."""

    def __init__(self):
        self.names: list = []
        self.values: dict = {}     # name -> compiled expression (read at the end)
        self.tallies: dict = {}    # name -> (event kind, compiled condition or None)
        self.descriptions: dict = {}
        self.bands: dict = {}      # ideal_rounds / ideal_decisions -> (low, high)


def card_stat_zones(builder, g) -> None:
    """card_stats: which zones count a card as acquired (player zones) or played (any
    zone), checked against the declared zones; sets g.card_stats."""
    from ..errors import did_you_mean
    section = builder.data.get("card_stats")
    if not isinstance(section, dict):
        return
    for kind in EVENTS:
        names = section.get(kind)
        if not isinstance(names, list):
            continue   # absent (the default), or the schema reports it
        zones = set(g.player_zones) if kind == "acquired" else \
            set(g.player_zones) | set(g.game_zones)
        for i, z in enumerate(names):
            if z not in zones:
                what = "player zone" if kind == "acquired" else "zone"
                hint = did_you_mean(str(z), zones)
                if kind == "acquired" and z in g.game_zones:
                    hint = f"'{z}' is a game zone: no seat owns what enters it"
                builder.add(builder.doc, ["card_stats", kind, i], "REF-UNDEF",
                            f"unknown {what} '{z}'", hint, key=False)
        g.card_stats[kind] = tuple(str(z) for z in names)
    if isinstance(section.get("description"), str):
        g.card_stats["description"] = section["description"]


def compile_metrics(builder, comp, g) -> None:
    """Called by the builder once the game is compiled; sets g.metrics (None without any)."""
    card_stat_zones(builder, g)
    section = builder.data.get("metrics")
    if not isinstance(section, dict) or not section:
        g.metrics = None
        return
    m = Metrics()
    for name, spec in section.items():
        if name in BANDS:
            if isinstance(spec, list) and len(spec) == 2 and spec[0] <= spec[1]:
                m.bands[name] = (spec[0], spec[1])
            elif isinstance(spec, list) and len(spec) == 2:
                builder.add(builder.doc, ["metrics", name], "SCHEMA-VALUE",
                            f"{name}: the band's low end {spec[0]} is above its high end "
                            f"{spec[1]}", "write [LOW, HIGH]", key=False)
            continue
        if isinstance(spec, str):
            spec, path = {"value": spec}, ["metrics", name]
        elif isinstance(spec, dict):
            path = None
        else:
            continue   # the schema reports it
        m.descriptions[name] = spec.get("description", "")
        if "value" in spec:
            fn = builder.compile_expr(comp, builder.doc, path or ["metrics", name, "value"],
                                      spec["value"], {"me": "player"})
            if fn is not None:
                m.values[name] = fn
                m.names.append(name)
        elif spec.get("count") in EVENTS:
            where = None
            if spec.get("where") is not None:
                where = builder.compile_expr(comp, builder.doc, ["metrics", name, "where"],
                                             spec["where"], {"card": "card", "me": "player"},
                                             want="bool")
                if where is None:
                    continue
            m.tallies[name] = (spec["count"], where)
            m.names.append(name)
    g.metrics = m if m.names or m.bands else None
