"""Functions of the board alone, answered once per arguments.

A game function (`functions:`) whose expression reads nothing of the state: only its
parameters, literals, the game's fixed data (card attributes, the board's tables) and
builtins and functions that read nothing else either. `nearest(v, shape)`, the distance
from a place to the closest station of a shape, is one: its answer for the same place and
shape is the same in every state, every world a bot imagines and every seat's view.
Such a function is compiled with a memo of its answers keyed by the arguments it reads, so
an evaluation that asks it thousands of times walks the board once per arguments.

What is kept never changes an answer:
- the key is every argument the expression reads, and only texts, whole numbers and none
  make a key (1 and 1.0 and true would meet in a dict; a list cannot be a key), so any
  other argument is answered afresh;
- only a number, a text, a truth or none is kept: a list is built anew at every call,
  since a rule may append to the list it was handed;
- an error is raised again at every call (nothing is kept);
- the memo is emptied when full (KEEP_MOST answers).

Which names read the state is declared where they are defined: the builtins'
READS_STATE (effects/builtins.py), the board's BOARD_READS_STATE (boards/geometry.py),
the pure helpers (runtime.PURE_HELPERS, values.PURE_RUNTIME); the namespace records the
rest as it binds them (codegen.Namespace.static).
"""
from __future__ import annotations

import ast

from . import types as T

# Python builtins generated code calls that read nothing but their arguments
PURE_PYTHON = frozenset({"len", "list", "range", "str", "sum", "bool", "int", "float", "abs",
                         "min", "max", "sorted", "any", "all", "tuple", "set", "dict",
                         "enumerate", "zip", "isinstance", "type", "reversed"})
# generated code's names for the state, the running frame's locals and the frame
STATE_NAMES = frozenset({"s", "l", "fr"})
KEEP_MOST = 65536
KEYABLE = frozenset({str, int, type(None)})
KEPT = frozenset({str, int, float, bool, type(None)})
_MISSING = object()
_LOOPS = (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)


def loop_reads_no_state(cond: str, free: list, static: set) -> bool:
    """Whether a generated loop's condition (over v_it and the caller's names `free`, which
    it is handed) reads nothing of the state: then the loop is as static as its caller."""
    return reads(ast.parse(cond, mode="eval"), {"v_it", *free}, static) is not None


def keep(memo: dict, key, value) -> None:
    """Remember one answer; a full memo is emptied first (it only saves work)."""
    if len(memo) >= KEEP_MOST:
        memo.clear()
    memo[key] = value


def bind_runtime(ns) -> None:
    """Bind the names a kept function's source reads (see function_body)."""
    ns.bind("_sf_keyable", KEYABLE)
    ns.bind("_sf_kept", KEPT)
    ns.bind("_sf_missing", _MISSING)
    ns.bind("_sf_keep", keep)


def reads(tree: ast.Expression, params: set, static: set) -> set | None:
    """The parameters the parsed expression reads, or None when it reads anything else of
    the state: `s`, `l`, an attribute of `vm` (vm itself may only be handed to a callee),
    or a name that is neither bound inside it nor static."""
    inner = {n.id for n in ast.walk(tree)
             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    handed = {id(a) for n in ast.walk(tree) if isinstance(n, ast.Call) for a in n.args}
    used = set()
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)):
            continue
        if n.id in STATE_NAMES:
            return None
        if n.id == "vm":
            if id(n) not in handed:
                return None
        elif n.id in params:
            used.add(n.id)
        elif not (n.id in inner or n.id in static or n.id in PURE_PYTHON):
            return None
    return used


def worth_keeping(tree: ast.Expression, costly: set) -> bool:
    """Whether the parsed expression does enough to repay a memo: it loops, or calls a
    loop, a board builtin or a game function (`costly`), not only looks up a table."""
    return any(isinstance(n, _LOOPS) or isinstance(n, ast.Call) and
               isinstance(n.func, ast.Name) and n.func.id in costly for n in ast.walk(tree))


def function_body(ns, ref: str, params: dict, src: str, result: str) -> list:
    """The body of a game function: plain, or with a memo when it reads nothing of the
    state, in which case `ref` is recorded as static for the functions that call it.
    params: its Python parameters but vm, each with its declared type; result: its
    static type."""
    tree = ast.parse(src, mode="eval")
    used = reads(tree, set(params), ns.static)
    if used is None:
        return ["s = vm.s", f"return {src}"]
    ns.static.add(ref)
    keys = [p for p in params if p in used]
    if T.is_list(result) or any(T.is_list(params[k]) for k in keys) or \
            not worth_keeping(tree, ns.costly):     # (a list is never a key, nor kept)
        return [f"return {src}"]
    memo = ns.bind(ns.named("MEMO", ref), {})
    check = " and ".join(f"type({k}) in _sf_keyable" for k in keys) or "True"
    return [f"_k = ({''.join(k + ', ' for k in keys)}) if {check} else None",
            "if _k is not None:",
            f"    _r = {memo}.get(_k, _sf_missing)",
            "    if _r is not _sf_missing:",
            "        return _r",
            f"_r = {src}",
            "if _k is not None and type(_r) in _sf_kept:",
            f"    _sf_keep({memo}, _k, _r)",
            "return _r"]
