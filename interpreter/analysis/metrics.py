"""The game's `metrics:` (compiled by build/metrics.py) evaluated on a finished game by
the simulation runner."""
from __future__ import annotations

from ..runtime.evaluation import Evaluator


def evaluate(metrics, g, s: dict, events) -> dict:
    """name -> value for one finished game."""
    evaluator = Evaluator(g, s)
    out = {}
    for name, fn in metrics.values.items():
        out[name] = evaluator(fn, me=None)
    for name, (kind, where) in metrics.tallies.items():
        n = 0
        for card, seats in getattr(events, kind).items():
            if where is None:
                n += len(seats)
                continue
            for seat in seats:
                n += bool(evaluator(where, card=card, me=seat))
        out[name] = n
    return out
