"""The game's `metrics:` (compiled by build/metrics.py) evaluated on a finished game by
the simulation runner."""
from __future__ import annotations

from ..runtime.vm import VM


def evaluate(metrics, g, s: dict, events) -> dict:
    """name -> value for one finished game."""
    vm = VM(g, s)
    out = {}
    for name, fn in metrics.values.items():
        vm.l = {"me": None}
        out[name] = fn(vm)
    for name, (kind, where) in metrics.tallies.items():
        n = 0
        for card, seats in getattr(events, kind).items():
            if where is None:
                n += len(seats)
                continue
            for seat in seats:
                vm.l = {"card": card, "me": seat}
                n += bool(where(vm))
        out[name] = n
    return out
