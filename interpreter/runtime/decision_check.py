"""Can the driver run a loaded state's pending decision? state_check.py's part for
state["pending"]: the layout that decisions.py owns (its secret-sequence kind is checked by
sequence.py), and each seat's menu in one of the shapes of effects/menus.py (or, in a
secret sequence, null: built when read, see sequence.py).

    problem(g, state)     "" or the first problem, in words
"""
from __future__ import annotations

from ..errors import describe_value
from . import decisions

PENDING_FIELDS = ("seats", "opts", "var", "prompt", "each", "ans")
RANGE_FIELDS = ("pre", "lo", "hi", "fmt", "post")
CHOICE_FIELDS = ("vals", "t", "other")


class _Damaged(Exception):
    """One structural problem; problem() returns its words."""


def problem(g, s) -> str:
    try:
        _pending(g, s)
    except _Damaged as e:
        return str(e)
    return ""


# the small plain-data predicates both checks use (state_check.py imports them)
def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_seat(v, n: int) -> bool:
    return is_int(v) and 0 <= v < n


def seats_text(n: int) -> str:
    return f"there are {n} players (seats 0-{n - 1})"


def _pending(g, s) -> None:
    """None, or one decision that the top frame waits for, of seats that have options."""
    p, n = s["pending"], s["n"]
    if p is None:
        return
    if not (isinstance(p, dict) and all(k in p for k in PENDING_FIELDS)):
        raise _Damaged(f"'pending' is {describe_value(p)}, not a decision "
                       f"{{{', '.join(PENDING_FIELDS)}}}")
    if s["over"]:
        raise _Damaged("the game is over but a decision is pending")
    if not s["stack"]:
        raise _Damaged("a decision is pending but no rule waits for it")
    _pending_seats(p, n)
    if not isinstance(p["var"], str):
        raise _Damaged(f"the pending decision's variable is {describe_value(p['var'])}")
    _prompt(g, p["prompt"])
    _pending_options(p, n)
    if "seq" in p:
        problem = decisions.state_problem(g, s)      # a secret sequence: see sequence.py
        if problem:
            raise _Damaged(problem)
    else:
        _answers(p)


def _pending_seats(p, n: int) -> None:
    seats, each = p["seats"], p["each"]
    if not (isinstance(seats, list) and seats):
        raise _Damaged(f"the pending seats are {describe_value(seats)}, not a list of seats")
    for seat in seats:
        if not is_seat(seat, n):
            raise _Damaged(f"the pending seat {describe_value(seat)} is not a seat; {seats_text(n)}")
    if len(set(seats)) != len(seats):
        raise _Damaged(f"the pending seats {seats} repeat a seat")
    if not isinstance(each, bool):
        raise _Damaged(f"the pending 'each' is {describe_value(each)}, not true or false")
    if not each and len(seats) != 1:
        raise _Damaged(f"the pending decision is of one seat, but names seats {seats}")


def _prompt(g, prompt) -> None:
    """A text, or the id of one of the game's compiled prompt templates."""
    if isinstance(prompt, str):
        return
    if not (is_int(prompt) and 0 <= prompt < len(g.prompt_fns)):
        raise _Damaged(f"the pending prompt is {describe_value(prompt)}, neither a text nor one "
                       f"of the game's {len(g.prompt_fns)} prompts")


def _pending_options(p, n: int) -> None:
    opts = p["opts"]
    expected = {str(seat) for seat in p["seats"]}
    if not (isinstance(opts, dict) and set(opts) == expected):
        raise _Damaged(f"the pending options are {describe_value(opts)}, not options for seats "
                       f"{sorted(expected)}")
    for key, spec in opts.items():
        if spec is None and "seq" in p:
            continue        # a secret sequence's menu not built yet: built when read
        if _option_count(spec, n) == 0:
            raise _Damaged(f"seat {key} must decide but has no option")


def _answers(p) -> None:
    """The secret answers given so far (each=True): seats that still must decide remain."""
    ans = p["ans"]
    if not isinstance(ans, dict):
        raise _Damaged(f"the pending answers are {describe_value(ans)}, not an object")
    for key, i in ans.items():
        if key not in p["opts"]:
            raise _Damaged(f"seat {describe_value(key)} answered a decision it is not part of")
        count = _option_count(p["opts"][key], None)
        if not (is_int(i) and 0 <= i < count):
            raise _Damaged(f"seat {key}'s answer {describe_value(i)} is not one of its "
                           f"{count} options")
    if len(ans) >= len(p["seats"]):
        raise _Damaged("every seat has answered, but the decision is still pending")


# ----------------------------------------------------------------------------- options
def _option_count(spec, n) -> int:
    """How many options a spec has (effects/menus.py describes its shapes); _Damaged if it
    is not one. With n, values that name seats are checked against it."""
    if isinstance(spec, dict) and all(k in spec for k in CHOICE_FIELDS):
        return _choice_count(spec, n)
    if isinstance(spec, dict) and all(k in spec for k in RANGE_FIELDS):
        return _range_count(spec)
    raise _Damaged(f"the options {describe_value(spec)} are neither a choice nor a range")


def _pairs(items, what: str) -> None:
    if not isinstance(items, list):
        raise _Damaged(f"the {what} are {describe_value(items)}, not a list")
    for o in items:
        if not (isinstance(o, list) and len(o) == 2 and isinstance(o[0], str)):
            raise _Damaged(f"the option {describe_value(o)} is not a [label, value] pair")


def _choice_count(spec, n) -> int:
    vals, t, other = spec["vals"], spec["t"], spec["other"]
    if not isinstance(vals, list):
        raise _Damaged(f"a choice's values are {describe_value(vals)}, not a list")
    if not isinstance(t, str):
        raise _Damaged(f"a choice's type is {describe_value(t)}, not a type name")
    if not (other is None or isinstance(other, str)):
        raise _Damaged(f"a choice's 'other' label is {describe_value(other)}, not a text or null")
    if "lab" in spec and not (is_int(spec["lab"]) and spec["lab"] >= 0):
        raise _Damaged(f"a choice's label text {describe_value(spec['lab'])} is not an id")
    if "grp" in spec and not (is_int(spec["grp"]) and spec["grp"] >= 0):
        raise _Damaged(f"a choice's grouping {describe_value(spec['grp'])} is not an id")
    if t == "player" and n is not None:
        for v in vals:
            if not (v is None or is_seat(v, n)):
                raise _Damaged(f"the option {describe_value(v)} is not a seat; {seats_text(n)}")
    return len(vals) + (other is not None)


def _range_count(spec) -> int:
    lo, hi, fmt = spec["lo"], spec["hi"], spec["fmt"]
    _pairs(spec["pre"], "options before a range")
    _pairs(spec["post"], "options after a range")
    if not (is_int(lo) and is_int(hi)):
        raise _Damaged(f"a range of options runs from {describe_value(lo)} to {describe_value(hi)}")
    if not (isinstance(fmt, str) and _formats(fmt)):
        raise _Damaged(f"a range's label {describe_value(fmt)} is not a template for a number")
    return len(spec["pre"]) + max(0, hi - lo + 1) + len(spec["post"])


def _formats(fmt: str) -> bool:
    try:
        fmt.format(0)
    except (IndexError, KeyError, ValueError):
        return False
    return True
