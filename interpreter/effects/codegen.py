"""Generated Python: each expression, and each straight-line run of statements, becomes the
source of one Python function, exec'd once at load into the game's namespace.

Inside generated code these names are always bound:
  vm   the VM (a cursor over one state)     s   the state (vm.s)
  l    the running frame's locals (plain data in the state; ops and expressions only)
Values the code needs that are not literals (card tables, board geometry, other generated
functions) live in the namespace under generated names. Names bound by the language inside
an expression (`it`, a comprehension's variable, a function's parameters) are Python locals
named `v_<name>`: reading one costs no dictionary lookup.
"""
from __future__ import annotations

from .runtime import HELPERS

# Values that repr() writes back as the same Python literal.
_LITERALS = (bool, int, str, type(None))


class Namespace:
    """The globals of one game's generated code."""

    def __init__(self):
        self.ns = {"_" + k: v for k, v in HELPERS.items()}
        self.count = 0
        self._consts: dict = {}
        # where generated code came from, for run-time errors: the builder sets `locate`
        # (script (line, col) -> "file:line:col") while it compiles a text
        self.locate = None
        # generated file name -> (locate, {line number: (line, col) in the game's text})
        self.where: dict = {}

    def fresh(self, hint: str) -> str:
        self.count += 1
        return f"{hint}_{self.count}"

    def named(self, prefix: str, name: str) -> str:
        """A new namespace name that reads like the game's (when the game's name is an
        identifier), e.g. F_score for the function `score`."""
        cand = f"{prefix}_{name}"
        if cand.isidentifier() and cand not in self.ns:
            return cand
        return self.fresh(prefix)

    def const(self, value, hint: str = "K") -> str:
        """Source reading `value`: a literal when it is one, else a namespace name."""
        if type(value) in _LITERALS:
            return repr(value)
        key = id(value)
        if key in self._consts and self.ns[self._consts[key]] is value:
            return self._consts[key]
        name = self.fresh(hint)
        self.ns[name] = value
        self._consts[key] = name
        return name

    def bind(self, name: str, value) -> str:
        self.ns[name] = value
        return name

    def define(self, name: str, params: str, body: list, what: str = "rule", at=None):
        """exec `def name(params): body` (lines, unindented) and return the function.
        `at`: per body line, the (line, col) in the game's text it comes from (or None);
        without it, every line comes from the text's start."""
        src = f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in body)
        filename = f"<{what}: {name}>"
        if self.locate is not None:     # file positions are worked out only for an error
            at = at or [(1, 1)] * len(body)
            self.where[filename] = (self.locate, {i + 2: p for i, p in enumerate(at) if p})
        code = compile(src, filename, "exec")
        exec(code, self.ns)   # noqa: S102 - our own generated source, from checked syntax trees
        fn = self.ns[name]
        fn.source = src       # kept for debugging and the tests
        return fn

    def expression(self, src: str, params: str = "vm", what: str = "expression",
                   frame: bool = True):
        """A function returning one expression's value; `frame`: it may read the locals."""
        name = self.fresh("e")
        head = ["s = vm.s", "l = vm.l"] if frame else ["s = vm.s"]
        return self.define(name, params, head + [f"return {src}"], what)


def py_name(name: str) -> str:
    """The Python local a language-bound name becomes."""
    return "v_" + name.replace("$", "_")
