"""A/B: two summaries of runs on the same seeds -> each metric's difference (B - A) with
a 95% interval, flagged significant when the interval leaves out zero. The intervals treat
the two runs as independent samples, which is conservative for runs on the same seeds."""
from __future__ import annotations

from .intervals import difference


def compare(a: dict, b: dict) -> list:
    """Differences of the metrics both summaries have, in A's order."""
    bs = {m["name"]: m for m in b["scalars"]}
    return [difference(bs[m["name"]], m) for m in a["scalars"]
            if m["name"] in bs and bs[m["name"]]["kind"] == m["kind"]]

