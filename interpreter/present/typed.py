"""Reading what a person typed against a menu: a label typed whole, a part of labels, a
number for a number prompt. Shared by the line-by-line table (commands/human.py) and the
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
