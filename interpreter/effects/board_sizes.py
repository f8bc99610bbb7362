"""A board's geometry written as expressions over constants and options: a grid's `rows`,
`cols` and `remove`, a hex board's `rows` and `remove` (`rows: "size"`, `cols: "size + 1"`,
`remove: "[] if size > 3 else ['a1']"`). They are worked out when the game loads, from the
constants and the options' values (their defaults, or what a run gives: a game is loaded
again for options that change a board, see options_changing_boards), before the board is
built, so the board-size bound is checked on the numbers they give.

Only a small, closed part of the language is read here (numbers, texts, lists, arithmetic,
comparisons, `if ... else`, range/min/max/abs/count): a board is built before any rule is
compiled, and its size must never depend on a game in play.
"""
from __future__ import annotations

from . import ast as A
from .ast_walk import walk
from .parser import EffectSyntaxError, parse_expression
from ..errors import did_you_mean

# the keys that may be expressions, per shape
SIZE_KEYS = {"grid": ("rows", "cols", "remove"), "hex": ("rows", "remove")}
_CALLS = {"range": lambda a, b=None: list(range(a, b + 1)) if b is not None
          else list(range(1, a + 1)),
          "min": lambda *xs: min(xs[0] if len(xs) == 1 else xs),
          "max": lambda *xs: max(xs[0] if len(xs) == 1 else xs),
          "abs": abs, "count": len}
_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": lambda a, b: a // b, "%": lambda a, b: a % b,
        "**": lambda a, b: a ** b if 0 <= b <= 64 else _fail("a power out of range")}
_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
            "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


class SizeError(Exception):
    pass


def _fail(message):
    raise SizeError(message)


def names_read(spec: dict) -> set:
    """The names a board's size expressions read (to know which options change a board)."""
    out: set = set()
    for key in SIZE_KEYS.get(spec.get("shape", "grid"), ()):
        text = spec.get(key)
        if isinstance(text, str) and text != "corners":
            try:
                out |= {n.name for n in walk(parse_expression(text)) if isinstance(n, A.Name)}
            except EffectSyntaxError:
                pass
    return out


def resolved(spec: dict, names: dict) -> tuple:
    """(the declaration with its size expressions replaced by their values, [(key, message)]
    for each that cannot be worked out). `names`: constants and options by name."""
    shape = spec.get("shape", "grid")
    out, problems = dict(spec), []
    for key in SIZE_KEYS.get(shape, ()):
        text = spec.get(key)
        if not isinstance(text, str) or text == "corners":
            continue
        try:
            value = _eval(parse_expression(text), names)
        except EffectSyntaxError as e:
            problems.append((key, f"{key}: {e.message}"))
            continue
        except SizeError as e:
            problems.append((key, f"{key} '{text}': {e}"))
            continue
        except (TypeError, ValueError, ZeroDivisionError, RecursionError, OverflowError):
            problems.append((key, f"{key} '{text}' cannot be worked out from the constants "
                                  "and options"))
            continue
        problem = _fits(shape, key, value)
        if problem:
            problems.append((key, f"{key} '{text}' gives {value!r}: {problem}"))
        else:
            out[key] = value
    return out, problems


def _fits(shape: str, key: str, v) -> str:
    whole = type(v) is int
    if key == "remove":
        return "" if type(v) is list and all(type(x) in (str, int) for x in v) \
            else "a list of place names is needed"
    if shape == "grid":
        return "" if whole and 1 <= v <= 26 else "a whole number from 1 to 26 is needed"
    return "" if type(v) is list and v and all(type(x) is int and 1 <= x <= 60 for x in v) \
        else "a list of hexes per row (whole numbers from 1 to 60) is needed"


def _eval(node, names: dict):
    if isinstance(node, A.Const):
        return node.value
    if isinstance(node, A.Name):
        if node.name not in names:
            hint = did_you_mean(node.name, names)
            _fail(f"'{node.name}' is no constant or option" + (f" ({hint})" if hint else ""))
        return names[node.name]
    if isinstance(node, A.BinOp):
        return _OPS[node.op](_eval(node.left, names), _eval(node.right, names))
    if isinstance(node, A.Neg):
        return -_eval(node.operand, names)
    if isinstance(node, A.Compare):
        return _COMPARE[node.op](_eval(node.left, names), _eval(node.right, names))
    if isinstance(node, A.BoolOp):
        left = bool(_eval(node.left, names))
        return (left and bool(_eval(node.right, names))) if node.op == "and" \
            else (left or bool(_eval(node.right, names)))
    if isinstance(node, A.Not):
        return not _eval(node.operand, names)
    if isinstance(node, A.CondExpr):
        return _eval(node.then if _eval(node.test, names) else node.other, names)
    if isinstance(node, A.ListExpr):
        return [_eval(x, names) for x in node.items]
    if isinstance(node, A.Comprehension):
        out = []
        for x in _eval(node.coll, names):
            inner = {**names, node.var: x}
            if node.cond is None or _eval(node.cond, inner):
                out.append(_eval(node.expr, inner))
        return out
    if isinstance(node, A.Call) and node.func in _CALLS and not node.kwargs:
        return _CALLS[node.func](*[_eval(a, names) for a in node.args])
    _fail(f"a board's size is worked out from numbers, constants and options only "
          f"(with + - * / % **, comparisons, if ... else, lists, range, min, max, abs, count)")

