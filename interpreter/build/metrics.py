"""The game's `metrics:` section compiled: values read when a game ends, and tallies of
card events. Compiled with the game's own compiler (so validate reports their mistakes like
any expression's); analysis/metrics.py evaluates them on a finished game."""
from __future__ import annotations

EVENTS = ("acquired", "played")


class Metrics:
    """A game's compiled metrics (plain data and compiled functions)."""

    def __init__(self):
        self.names: list = []
        self.values: dict = {}     # name -> compiled expression (read at the end)
        self.tallies: dict = {}    # name -> (event kind, compiled condition or None)
        self.descriptions: dict = {}


def compile_metrics(builder, comp, g) -> None:
    """Called by the builder once the game is compiled; sets g.metrics (None without any)."""
    section = builder.data.get("metrics")
    if not isinstance(section, dict) or not section:
        g.metrics = None
        return
    m = Metrics()
    for name, spec in section.items():
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
    g.metrics = m if m.names else None
