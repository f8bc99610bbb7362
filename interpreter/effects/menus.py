"""A seat's legal options as stored in the state, in one of three shapes:

- a list of [label, value] pairs;
- a choice among values, {"vals": [...], "t": type, "other": label or None}, whose
  labels (card labels, seat names, texts) are made only when someone reads them;
  `other` adds a last option whose value is none;
- a number in a range, e.g. a bid of 0..120: {"pre": [[label, value]...], "lo": a,
  "hi": b, "fmt": "bid {}", "post": [...]}.
Bots only need count() and value(); people and logs read labels().
"""
from __future__ import annotations


def count(spec) -> int:
    if type(spec) is list:
        return len(spec)
    if "vals" in spec:
        return len(spec["vals"]) + (spec["other"] is not None)
    return len(spec["pre"]) + max(0, spec["hi"] - spec["lo"] + 1) + len(spec["post"])


def value(spec, i: int):
    if type(spec) is list:
        return spec[i][1]
    if "vals" in spec:
        vals = spec["vals"]
        return vals[i] if i < len(vals) else None
    pre = spec["pre"]
    if i < len(pre):
        return pre[i][1]
    i -= len(pre)
    span = max(0, spec["hi"] - spec["lo"] + 1)
    if i < span:
        return spec["lo"] + i
    return spec["post"][i - span][1]


def number_range(lo: int, hi: int, fmt: str, pre=(), post=()) -> dict:
    return {"pre": [list(o) for o in pre], "lo": lo, "hi": hi, "fmt": fmt,
            "post": [list(o) for o in post]}


def choice(values: list, t: str, other=None, lab=None) -> dict:
    spec = {"vals": values, "t": t, "other": other}
    if lab is not None:
        spec["lab"] = lab
    return spec


def label_of(g, v, t: str = "any") -> str:
    """How a value is named to people: seat names, card labels, plain texts and numbers."""
    if v is None:
        return "none"
    if t == "player":
        return g.seat_label(v)
    if type(v) is str and t in ("card", "any") and v in g.card_labels:
        return g.card_labels[v]
    if type(v) is list:
        return list_label(g, v, t[5:] if t.startswith("list:") else "any")
    if type(v) is dict:       # a mapping (a value's): "A 2, B 1"
        return ", ".join(f"{k} {label_of(g, x)}" for k, x in v.items()) or "nothing"
    return str(v)


def list_label(g, values: list, t: str) -> str:
    """A collection named by what it holds: equal labels counted, "2 Red + 1 Rainbow"."""
    if not values:
        return "nothing"
    counts: dict = {}
    for v in values:
        name = label_of(g, v, t)
        counts[name] = counts.get(name, 0) + 1
    return " + ".join(f"{n} {name}" for name, n in counts.items())


def unique(labels: list) -> list:
    """Equal labels (two copies of a card) get #2, #3 so that every label names one option."""
    seen = {}
    out = []
    for label in labels:
        if label in seen:
            seen[label] += 1
            label = f"{label} #{seen[label]}"
        else:
            seen[label] = 1
        out.append(label)
    return out
