"""95% intervals for rates, means and their differences (normal approximations that stay
sound near 0% and 100%: Wilson for a rate, Newcombe's hybrid score for two rates)."""
from __future__ import annotations

import math
import statistics

Z = 1.96


def wilson(k: int, n: int, z: float = Z) -> tuple:
    """The 95% Wilson score interval of k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(name: str, k: int, n: int) -> dict:
    """A rate metric: k of n, with its interval."""
    return {"name": name, "kind": "rate", "k": k, "n": n, "value": k / n if n else 0.0,
            "interval": list(wilson(k, n))}


def mean(name: str, values) -> dict:
    """A mean metric: mean, spread and the interval of the mean."""
    values = [v for v in values if v is not None]
    n = len(values)
    m = statistics.fmean(values) if n else 0.0
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n) if n else 0.0
    return {"name": name, "kind": "mean", "n": n, "value": m, "sd": sd,
            "interval": [m - half, m + half]}


def rate_difference(k1: int, n1: int, k0: int, n0: int) -> tuple:
    """p1 - p0 and Newcombe's 95% interval of it."""
    p1 = k1 / n1 if n1 else 0.0
    p0 = k0 / n0 if n0 else 0.0
    l1, u1 = wilson(k1, n1)
    l0, u0 = wilson(k0, n0)
    d = p1 - p0
    return d, d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2), \
        d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)


def difference(b: dict, a: dict) -> dict:
    """b - a for two metrics of one kind, with a 95% interval; significant when the
    interval leaves out zero."""
    if a["kind"] == "rate":
        d, lo, hi = rate_difference(b["k"], b["n"], a["k"], a["n"])
    else:
        d = b["value"] - a["value"]
        half = Z * math.sqrt((b["sd"] ** 2 / b["n"] if b["n"] else 0.0)
                             + (a["sd"] ** 2 / a["n"] if a["n"] else 0.0))
        lo, hi = d - half, d + half
    return {"name": a["name"], "kind": a["kind"], "a": a["value"], "b": b["value"],
            "difference": d, "interval": [lo, hi], "significant": lo > 0 or hi < 0}


def histogram(values, bins: int = 10) -> list:
    """[{lo, hi, count}] over equal-width bins of whole numbers (one bin per value when few)."""
    values = [v for v in values if v is not None]
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = {}
    for v in values:
        counts[int((v - lo) // width)] = counts.get(int((v - lo) // width), 0) + 1
    return [{"lo": lo + i * width, "hi": lo + (i + 1) * width - 1, "count": counts.get(i, 0)}
            for i in range(int((hi - lo) // width) + 1)]
