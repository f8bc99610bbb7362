"""Reading what a person typed against a menu: a label typed whole, a part of labels, a
number for a number prompt, an option's number or a group's letters in a grouped menu.
Shared by the line-by-line table (commands/human.py) and the
full-screen one (present/table/), so both read the same text the same way."""
from __future__ import annotations


def exact_label(text: str, options: list):
    """The option whose label is the typed text, trimmed, in any case (one written in the
    same case first), else None."""
    if text in options:
        return text
    same = [o for o in options if o.strip().lower() == text.lower()]
    return same[0] if len(same) == 1 else None


def containing(text: str, options: list) -> list:
    """(number, label) of the options whose label contains the typed text, in any case."""
    return [(i, o) for i, o in enumerate(options, 1) if text.lower() in o.lower()]


def typed_number(number: dict, n: int):
    """The option label a typed number stands for, or None: a number in the range, or the
    value of one of the other options (a punished overbid is typed as its number too)."""
    if number["lo"] <= n <= number["hi"]:
        return number["fmt"].format(n)
    for label, value in number["others"]:
        if value == n:
            return label
    return None


def whole(text: str):
    """A typed whole number (ASCII digits, maybe a minus, at most 30 digits), else None."""
    digits = text[1:] if text.startswith("-") else text
    if digits.isascii() and digits.isdigit() and len(digits) <= 30:
        return int(text)
    return None


def card_named(text: str, details: dict, option: bool = False):
    """The card label in `details` that the text names: exactly (any case), else the only
    label containing it; an option's text names the longest card label inside it ("set aside
    Bolt Thrower 2/2" names Bolt Thrower 2/2)."""
    if (exact := exact_label(text, list(details))) is not None:
        return exact
    if option:
        inside = sorted((c for c in details if c.lower() in text.lower()), key=len)
        return inside[-1] if inside else None
    found = [o for _, o in containing(text, list(details))]
    return found[0] if len(found) == 1 else None


# ------------------------------------------------------------------ a menu in groups
# A number on screen means one thing: an option keeps its number (1 to N, as in the whole
# menu) at every step of a grouped menu, and a number typed at any step is that option. A
# group is keyed by letters (a, b, ... z, aa, ab ...), so no group is taken for an option's
# number; a group of one option is listed as that option, with its number.

def group_key(k: int) -> str:
    """The letters keying the k-th group (0-based) of more than one option."""
    letters = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        letters = chr(ord("a") + r) + letters
    return letters


def group_keys(groups: list) -> dict:
    """{group index: letters} for the groups of more than one option, in order."""
    many = [k for k, (_, ixs) in enumerate(groups) if len(ixs) > 1]
    return {k: group_key(n) for n, k in enumerate(many)}


def typed_group(text: str, groups: list):
    """The index of the group the typed text opens (its letters, or its name typed whole, in
    any case), else None."""
    low = text.strip().lower()
    for k, key in group_keys(groups).items():
        if low == key:
            return k
    names = [str(name) for name, _ in groups]
    named = exact_label(text.strip(), names)
    return names.index(named) if named is not None else None


def option_number(text: str, count: int):
    """The option (1-based) a typed number picks in a menu of `count` options, at any step of
    a grouped menu; None when the text is no number of an option."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(count)):
        return None
    n = int(digits)
    return n if 1 <= n <= count else None


def numbers_of(ixs: list, most: int = 3) -> str:
    """The option numbers of a group's option indices as runs ("2-24", "1, 3, 5-7"), the
    first `most` runs and "..." after them."""
    runs: list = []
    for n in (i + 1 for i in ixs):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = [f"{a}" if a == b else f"{a}-{b}" for a, b in runs]
    return ", ".join(text[:most]) + (", ..." if len(text) > most else "")


def subset_answer(subset: dict, options: list, picked) -> str | None:
    """The label answering a choose-any decision with the items kept (0-based positions):
    the option holding them, or, where the menu lists a sample of the sets, the set named
    by its items (menus.composed_label, which the game reads back); None when the number
    kept is out of the bounds."""
    from ..effects.menus import composed_label, subset_index
    n, lo, hi = len(subset["items"]), subset["at_least"], subset["at_most"]
    i = subset_index(n, lo, hi, picked)
    if i is None:
        return None
    if subset.get("sampled"):
        return composed_label(subset["items"], picked)
    return options[i]


def subset_bounds(subset: dict) -> str:
    """How many items a choose-any decision keeps, in words: "1 to 3", "2"."""
    lo, hi = subset["at_least"], subset["at_most"]
    return f"{lo} to {hi}" if lo != hi else f"{hi}"
