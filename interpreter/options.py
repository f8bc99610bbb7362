"""A seat's legal options as stored in the state.

Either a list of [label, value] pairs, or (for "a number in a range", e.g. a bid
of 0..120) a compact dict {"pre": [[label, value]...], "lo": a, "hi": b,
"fmt": "bid {}", "post": [...]} whose labels are made only when someone reads them.
"""
from __future__ import annotations


def count(spec) -> int:
    if type(spec) is list:
        return len(spec)
    return len(spec["pre"]) + max(0, spec["hi"] - spec["lo"] + 1) + len(spec["post"])


def value(spec, i: int):
    if type(spec) is list:
        return spec[i][1]
    pre = spec["pre"]
    if i < len(pre):
        return pre[i][1]
    i -= len(pre)
    span = max(0, spec["hi"] - spec["lo"] + 1)
    if i < span:
        return spec["lo"] + i
    return spec["post"][i - span][1]


def labels(spec) -> list:
    if type(spec) is list:
        return [o[0] for o in spec]
    fmt = spec["fmt"]
    return ([o[0] for o in spec["pre"]] + [fmt.format(v) for v in range(spec["lo"], spec["hi"] + 1)]
            + [o[0] for o in spec["post"]])


def number_range(lo: int, hi: int, fmt: str, pre=(), post=()) -> dict:
    return {"pre": [list(o) for o in pre], "lo": lo, "hi": hi, "fmt": fmt,
            "post": [list(o) for o in post]}
