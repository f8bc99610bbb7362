"""A seat's menu of options as stored in a pending decision, in one of two shapes:

- a choice among values, {"vals": [...], "t": type, "other": label or None}, whose
  labels (card labels, seat names, texts) are made only when someone reads them;
  `other` adds a last option whose value is none; "lab", when present, is the id of
  a compiled label text (runtime/decisions.py labels those, with the VM); "grp", when
  present, the id of a compiled `grouped by` expression (a long menu asked in two steps);
- a number in a range, e.g. a bid of 0..120: {"pre": [[label, value]...], "lo": a,
  "hi": b, "fmt": "bid {}", "post": [...]}.
Bots only need count() and value(); people and logs read labels(). This module is the
only one that reads a menu's raw form (runtime/state_check.py checks a loaded one).
"""
from __future__ import annotations

import re


def count(spec) -> int:
    """How many options the menu offers."""
    if "vals" in spec:
        return len(spec["vals"]) + (spec["other"] is not None)
    span = spec["hi"] - spec["lo"] + 1       # (no max(): this runs at every bid)
    return len(spec["pre"]) + (span if span > 0 else 0) + len(spec["post"])


def value(spec, i: int):
    """The value of option i (0 <= i < count(spec), which the caller has made sure of)."""
    if "vals" in spec:
        vals = spec["vals"]
        if i < len(vals):
            return vals[i]
        if "any" in spec and i >= len(vals) + (spec["other"] is not None):
            return composed_value(spec, i)       # a set composed outside a sample
        return None
    pre = spec["pre"]
    if i < len(pre):
        return pre[i][1]
    i -= len(pre)
    span = spec["hi"] - spec["lo"] + 1
    if i < span:
        return spec["lo"] + i
    if span < 0:                              # an empty range
        span = 0
    return spec["post"][i - span][1]


def values(spec) -> list:
    """Every option's value, in order."""
    return [value(spec, i) for i in range(count(spec))]


def labelled_by(spec):
    """The id of the compiled label text a choice's options are named by, or None."""
    return spec.get("lab") if "vals" in spec else None


def labels(g, spec, shown=None) -> list:
    """Every option's label, for a menu whose labels need no rule (labelled_by is None).
    `shown(values, labels, t)` may reword them (a hidden card's) before they are told
    apart."""
    if "vals" in spec:
        t = spec["t"]
        out = [label_of(g, v, t) for v in spec["vals"]]
        if shown is not None:
            out = shown(spec["vals"], out, t)
        if spec["other"] is not None:
            out.append(spec["other"])
        return unique(out)
    fmt = spec["fmt"]
    return ([o[0] for o in spec["pre"]] + [fmt.format(v) for v in range(spec["lo"], spec["hi"] + 1)]
            + [o[0] for o in spec["post"]])


def with_other(spec, labels: list) -> list:
    """A labelled choice's labels (made by its label text) and its `other` option's."""
    return labels + [spec["other"]] if spec["other"] is not None else labels


def number_entry(spec) -> dict | None:
    """How a person may type an option as a number: {"lo", "hi", "fmt", "others"} for a
    range (the options outside it, e.g. "pass", in others), or for a choice of whole numbers
    A..B written plainly (`choose number from A to B`: "5" is the bid 5, never the fifth
    option); None for any other menu."""
    if "vals" in spec:
        vals = spec["vals"]
        if spec["t"] != "num" or spec.get("lab") is not None or not vals or \
                any(type(v) is not int for v in vals) or \
                vals != list(range(vals[0], vals[-1] + 1)):
            return None
        return {"lo": vals[0], "hi": vals[-1], "fmt": "{}",
                "others": [[spec["other"], None]] if spec["other"] is not None else []}
    if spec["hi"] < spec["lo"]:
        return None
    return {"lo": spec["lo"], "hi": spec["hi"], "fmt": spec["fmt"],
            "others": [list(o) for o in spec["pre"] + spec["post"]]}


def number_range(lo: int, hi: int, fmt: str, pre=(), post=()) -> dict:
    return {"pre": [list(o) for o in pre], "lo": lo, "hi": hi, "fmt": fmt,
            "post": [list(o) for o in post]}


def choice(values: list, t: str, other=None, lab=None, grp=None) -> dict:
    spec = {"vals": values, "t": t, "other": other}
    if lab is not None:
        spec["lab"] = lab
    if grp is not None:
        spec["grp"] = grp
    return spec


def subset_menu(spec: dict, items: list, least: int, most) -> dict:
    """A choose-any menu (its values: every set of items from least to most, smallest first,
    combinations in the items' order, or a sample of them: effects/runtime.subsets_between)
    keeps its items, so that a table can let a person compose any set item by item
    (composed_index finds the option, or names a set the sample left out)."""
    hi = len(items) if most is None else min(most, len(items))
    spec["any"] = [list(items), max(least, 0), hi]
    return spec


def subset_total(n: int, lo: int, hi: int) -> int:
    """How many sets of lo to hi items n items have."""
    from math import comb
    return sum(comb(n, k) for k in range(max(lo, 0), min(hi, n) + 1))


def subset_rank(n: int, lo: int, hi: int, positions) -> int | None:
    """The place of the set of items at these positions (0-based) among every set of lo to
    hi items of n, smallest first, each size in the items' order (the order a whole menu
    lists them); None when its size is out of bounds."""
    from math import comb
    want = sorted(set(positions))
    if not lo <= len(want) <= hi or any(not 0 <= i < n for i in want):
        return None
    k = len(want)
    rank = sum(comb(n, j) for j in range(max(lo, 0), k))
    prev = -1
    for step, x in enumerate(want):
        for y in range(prev + 1, x):        # the sets that take y here come first
            rank += comb(n - y - 1, k - step - 1)
        prev = x
    return rank


def subset_unrank(n: int, lo: int, hi: int, rank: int) -> list | None:
    """The positions of the set at `rank` in subset_rank's order, or None past the last."""
    from math import comb
    for k in range(max(lo, 0), min(hi, n) + 1):
        size = comb(n, k)
        if rank < size:
            return combination_at(n, k, rank)
        rank -= size
    return None


def combination_at(n: int, k: int, rank: int) -> list:
    """The rank-th set of k positions of n, in the items' order (lexicographic)."""
    from math import comb
    out, x = [], 0
    while len(out) < k:
        first = comb(n - x - 1, k - len(out) - 1)    # the sets that take x next
        if rank < first:
            out.append(x)
        else:
            rank -= first
        x += 1
    return out


def sampled(spec) -> bool:
    """Whether a choose-any menu offers a sample of its sets (its powerset too large)."""
    if "any" not in spec:
        return False
    items, lo, hi = spec["any"]
    return len(spec["vals"]) < subset_total(len(items), lo, hi)


def composed_index(spec, positions) -> int | None:
    """The answer to a choose-any menu that keeps the items at these positions: the option
    holding that set (a sample's option holding the same items, when one does), else, for a
    sample that left it out, an index past the menu's options that answer() takes
    (count(spec) + the set's rank); None when its size is out of bounds or this is no
    choose-any menu."""
    if "any" not in spec:
        return None
    items, lo, hi = spec["any"]
    rank = subset_rank(len(items), lo, hi, positions)
    if rank is None or not sampled(spec):
        return rank
    values = [items[i] for i in sorted(set(positions))]
    vals = spec["vals"]
    return vals.index(values) if values in vals else count(spec) + rank


def composed_value(spec, index: int):
    """The set an index past a sampled choose-any menu's options names (composed_index)."""
    items, lo, hi = spec["any"]
    positions = subset_unrank(len(items), lo, hi, index - count(spec))
    return None if positions is None else [items[i] for i in positions]


def is_composed(spec, index) -> bool:
    """Whether `index` (past the menu's options) names a set a sample left out."""
    if type(index) is not int or not sampled(spec):
        return False
    items, lo, hi = spec["any"]
    return 0 <= index - count(spec) < subset_total(len(items), lo, hi)


# A set composed by a person is answered, saved and replayed by a label naming its items'
# positions, "2, 5 (items 1, 3)", read back by parse_composed: a sampled menu may not list it.
_COMPOSED = re.compile(r"\(items (none|[0-9]{1,6}(?:, [0-9]{1,6})*)\)$")


def composed_label(item_labels: list, positions) -> str:
    """How a set composed item by item is named: its items, then their positions (1-based)."""
    want = sorted(set(positions))
    named = ", ".join(item_labels[i] for i in want) or "nothing"
    return f"{named} (items {', '.join(str(i + 1) for i in want) or 'none'})"


def parse_composed(label) -> list | None:
    """The positions (0-based) a composed_label names, or None for any other text."""
    found = _COMPOSED.search(label) if type(label) is str and len(label) < 100_000 else None
    if found is None:
        return None
    return [] if found.group(1) == "none" else [int(x) - 1 for x in found.group(1).split(", ")]


def subset_index(n: int, lo: int, hi: int, positions) -> int | None:
    """The option of a whole choose-any menu over n items (sets of lo to hi items) that
    holds the items at these positions (0-based), or None when its size is out of bounds."""
    return subset_rank(n, lo, hi, positions)


def grouped_by(spec):
    """The id of the compiled `grouped by` expression naming each option's group, or None."""
    return spec.get("grp") if "vals" in spec else None


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


def named_cards(g, v, t: str = "any") -> tuple:
    """The cards a value of type `t` names when label_of shows it: a card, or the cards of
    a list (what a text must not name to a seat blind to them: runtime/visibility.py)."""
    labels = g.card_labels
    if type(v) is str:
        return (v,) if t in ("card", "any") and v in labels else ()
    if type(v) is list:
        inner = t[5:] if t.startswith("list:") else "any"
        return tuple(x for x in v if type(x) is str and inner in ("card", "any")
                     and x in labels)
    return ()


def list_label(g, values: list, t: str) -> str:
    """A collection named by what it holds: equal labels counted, "2 Red + 1 Rainbow"; a
    list of numbers (dice) as itself, in its order: "3, 3, 5"."""
    if not values:
        return "nothing"
    if t in ("num", "any") and all(type(v) is int for v in values):
        return ", ".join(str(v) for v in values)
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
