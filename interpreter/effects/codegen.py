"""Generated Python: each expression, and each straight-line run of statements, becomes the
source of one Python function, exec'd once at load into the game's namespace.

Inside generated code these names are always bound:
  vm   the VM (a cursor over one state)     s   the state (vm.s)
  l    the running frame's locals (plain data in the state; ops and expressions only)
Values the code needs that are not literals (card tables, board geometry, other generated
functions) live in the namespace under generated names. Names bound by the language inside
an expression (`it`, a comprehension's variable, a function's parameters) are Python locals
named `v_<name>`: reading one costs no dictionary lookup.

Each generated function is named after its YAML place (place_name: the text's section and
key, then the file line of its first statement, e.g. rounds_auction_L212), so a profile or
a traceback reads as the game's YAML.
"""
from __future__ import annotations

import ast
import builtins
import re
import symtable

from .runtime import HELPERS, PURE_HELPERS
from .state_free import loop_reads_no_state

# Values that repr() writes back as the same Python literal.
_LITERALS = (bool, int, str, type(None))
# Keys that say only "the text here": left out of a place's name.
_TEXT_KEYS = {"do", "expr"}
_NOT_NAME = re.compile(r"\W+")
_PYTHON_NAMES = frozenset(dir(builtins))

# The loops generated for a collection form over `it` (see Namespace.loop): kind -> the
# function's body over `xs`, the condition (an expression of v_it) where {cond} stands. One
# call runs the whole loop: no list is built for a count or a first element, and no function
# is called per element.
LOOPS = {
    "until": ["out = []", "for v_it in xs:", "    if {cond}:", "        break",
              "    out.append(v_it)", "return out"],
    "count_until": ["n = 0", "for v_it in xs:", "    if {cond}:", "        break",
                    "    n += 1", "return n"],
    "count_where": ["n = 0", "for v_it in xs:", "    if {cond}:", "        n += 1", "return n"],
    # these stop at the answer (the compiler uses them only for a condition that draws no
    # random number: see builtins.stops_early)
    "first_where": ["for v_it in xs:", "    if {cond}:", "        return v_it", "return None"],
    "any_where": ["for v_it in xs:", "    if ({cond}) and v_it:", "        return True",
                  "return False"],
    "all_where": ["for v_it in xs:", "    if ({cond}) and not v_it:", "        return False",
                  "return True"],
}


class TextPlace:
    """Where a text being compiled stands in the YAML: `name` (its place as an identifier,
    see place_name) and `position(line, col)` -> the file's (line, col) of a position in
    the text. Called with a position in the text: "file:line:col" (for run-time errors)."""
    __slots__ = ("path", "name", "position", "lines")

    def __init__(self, path: str, name: str, position):
        self.path, self.name, self.position = path, name, position
        self.lines: dict = {}       # line in the text -> line in the file, once asked

    def line(self, line: int) -> int:
        """The file line of a line of the text."""
        if line not in self.lines:
            self.lines[line] = self.position(line, 1)[0]
        return self.lines[line]

    def __call__(self, line: int, col: int) -> str:
        fline, fcol = self.position(line, col)
        return f"{self.path}:{fline}:{fcol}"


def place_name(root, keypath, prefix: str = "") -> str:
    """An identifier for the text at keypath under `root` (plain or YAML data): its keys
    joined by _, a list item by its `name` or `id` instead of the list's key and its index
    (rounds.phases[2].do, the phase named auction -> rounds_auction), "do"/"expr" left out;
    `prefix` first (an included file's name)."""
    parts = [prefix] if prefix else []
    node = root
    for i, key in enumerate(keypath):
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(key, int):
            named = node.get("name", node.get("id")) if isinstance(node, dict) else None
            if isinstance(named, str) and parts:
                parts[-1] = named
            else:
                parts.append(str(key))
        elif not (key in _TEXT_KEYS and i == len(keypath) - 1):
            parts.append(str(key))
    name = _NOT_NAME.sub("_", "_".join(parts)).strip("_") or "text"
    return name if not name[0].isdigit() else "_" + name


class Namespace:
    """The globals of one game's generated code."""

    def __init__(self):
        self.ns = {"_" + k: v for k, v in HELPERS.items()}
        # the names whose values read no state: fixed data (constants, card and board
        # tables), pure helpers and builtins, functions of those alone (state_free.py)
        self.static: set = {"_" + k for k in PURE_HELPERS}
        self.costly: set = set()    # names whose call walks something: loops, board builtins
        self.count = 0
        self._consts: dict = {}
        # where generated code came from, for its names and run-time errors: the builder
        # sets `locate` (a TextPlace) while it compiles a text
        self.locate: TextPlace | None = None
        # generated file name -> (locate, {line number: (line, col) in the game's text})
        self.where: dict = {}
        self._loops: dict = {}      # (kind, condition's source) -> its loop function

    def fresh(self, hint: str) -> str:
        self.count += 1
        return f"{hint}_{self.count}"

    def code_name(self, hint: str, at=None, name: str | None = None, suffix: str = "") -> str:
        """A new name for a generated function: after its YAML place when the builder gave
        one (the place's name, then `_L` and the file line of `at`, the function's first
        position in the text, else of the text's start); else hint_name (see named), or
        hint_N without a name. `suffix` follows the line (a helper's names, e.g. _loop,
        never those of the functions whose names are taken before they are defined)."""
        place = self.locate
        if place is None:
            return self.fresh(hint) if name is None else self.named(hint, name)
        out = base = f"{place.name}_L{place.line(at[0] if at else 1)}{suffix}"
        n = 1
        while out in self.ns:          # several functions start on one line
            n += 1
            out = f"{base}_{n}"
        return out if out.isidentifier() else self.fresh(hint)

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
        self.static.add(name)
        return name

    def bind(self, name: str, value, static: bool = False) -> str:
        """Bind a name; `static`: its value reads no state (see self.static)."""
        self.ns[name] = value
        if static:
            self.static.add(name)
        return name

    def define(self, name: str, params: str, body: list, what: str = "rule", at=None,
               located: bool = True):
        """exec `def name(params): body` (lines, unindented) and return the function.
        `at`: per body line, the (line, col) in the game's text it comes from (or None);
        without it, every line comes from the text's start. Not `located`: an error in it
        is placed where its caller stands."""
        src = f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in body)
        filename = f"<{what}: {name}>"
        if self.locate is not None and located:     # positions are worked out only for an error
            at = at or [(1, 1)] * len(body)
            self.where[filename] = (self.locate, {i + 2: p for i, p in enumerate(at) if p})
        code = compile(src, filename, "exec")
        exec(code, self.ns)   # noqa: S102 - our own generated source, from checked syntax trees
        fn = self.ns[name]
        fn.source = src       # kept for debugging and the tests
        return fn

    def expression(self, src: str, params: str = "vm", what: str = "expression",
                   frame: bool = True, at=None):
        """A function returning one expression's value; `frame`: it may read the locals.
        `at`: where in the text the expression starts (for its name)."""
        name = self.code_name("e", at)
        head = ["s = vm.s", "l = vm.l"] if frame else ["s = vm.s"]
        return self.define(name, params, head + [f"return {src}"], what)


    def loop(self, kind: str, xs: str, cond: str, at=None) -> str:
        """Source calling a function that runs LOOPS[kind] over the collection `xs` with the
        condition `cond` (source over v_it and the caller's locals, which it is passed).
        Made once per kind and condition; not located, so that an error in the condition is
        placed at the expression that holds it, as when the condition was written there."""
        key = (kind, cond)
        made = self._loops.get(key)
        if made is None:
            free = free_names(cond, self.ns)
            name = self.code_name("loop", at, suffix="_loop")
            body = [line.format(cond=cond) for line in LOOPS[kind]]
            self.define(name, ", ".join(["xs"] + free), body, "loop", located=False)
            made = self._loops[key] = (name, free)
            self.costly.add(name)
            if loop_reads_no_state(cond, free, self.static):
                self.static.add(name)
        name, free = made
        return f"{name}({', '.join([xs] + free)})"


def free_names(src: str, namespace: dict) -> list:
    """The names an expression of v_it reads from the function it stands in (vm, s, l, the
    v_ locals the language binds), sorted: every name it reads that it does not bind itself,
    but for the namespace's and Python's own."""
    table = symtable.symtable(f"def _f(v_it):\n    return ({src})\n", "<loop>", "exec")
    out = set()
    stack = list(table.get_children())
    while stack:
        t = stack.pop()
        stack += t.get_children()
        out.update(sym.get_name() for sym in t.get_symbols()
                   if sym.is_global() and sym.is_referenced())
    return sorted(n for n in out if n not in namespace and n not in _PYTHON_NAMES)


def iterable(src: str) -> str:
    """Source to walk through once: `list(X)` walks X itself (a pure expression walks a copy
    and the original alike; X not a collection fails the same way)."""
    tree = ast.parse(src, mode="eval").body
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "list" \
            and len(tree.args) == 1 and not tree.keywords \
            and not isinstance(tree.args[0], ast.Starred):
        return ast.get_source_segment(src, tree.args[0])
    return src


def py_name(name: str) -> str:
    """The Python local a language-bound name becomes."""
    return "v_" + name.replace("$", "_")
