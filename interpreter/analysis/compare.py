"""A/B: two summaries of runs on the same seeds -> each metric's difference (B - A) with
a 95% interval, flagged significant when the interval leaves out zero. The intervals treat
the two runs as independent samples, which is conservative for runs on the same seeds."""
from __future__ import annotations

from .intervals import difference


def failed_sides(a: dict, b: dict) -> list:
    """The sides ("A", "B") none of whose games completed: their figures are empty zeros."""
    return [side for side, r in (("A", a), ("B", b)) if r["games"] and not r["completed"]]


def compare(a: dict, b: dict) -> list:
    """Differences of the metrics both summaries have, in A's order; none when a side's
    games all failed (its zeros measure nothing, so no difference with them means a thing)."""
    if failed_sides(a, b):
        return []
    bs = {m["name"]: m for m in b["scalars"]}
    return [difference(bs[m["name"]], m) for m in a["scalars"]
            if m["name"] in bs and bs[m["name"]]["kind"] == m["kind"]]


def failed_lines(result: dict) -> list:
    """What compare says of a side whose games all failed (and that it shows no deltas)."""
    out = []
    for side in result["failed"]:
        r = result[side.lower()]
        first = r["error_samples"][0] if r["error_samples"] else None
        out.append(f"SIDE {side} FAILED: all {r['games']} of its games ended in an error"
                   + (f"; the first (seed {first['seed']}): {first['error']}" if first else ""))
        if first and first.get("save"):
            out.append(f"  reproduce it: {first['replay']}")
    out.append("no differences are shown: a side without a completed game has no figures "
               "to compare")
    return out
