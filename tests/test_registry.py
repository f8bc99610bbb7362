"""The registries that must agree, checked in one place, each failure naming what is missing.

- Every kind of syntax-tree node (effects/ast.py) has its handlers: an expression its
  compiler (Compiler._x_KIND) and its tree-walker (TreeWalker._KIND), a statement its
  compiler (ScriptCompiler._s_KIND), and every node its row in the one walk
  (ast_walk.CHILDREN) naming exactly the fields that can hold nodes.
- The board builtins: the list every call is checked against (BOARD_FUNCTIONS) is exactly
  what the shapes provide; each shape's lookups of one table (LOOKUPS) and every inline
  builtin (INLINE_BOARD) have their table and agree on their number of arguments.
"""
from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from interpreter.boards import builtins as board_builtins
from interpreter.boards.geometry import BOARD_FUNCTIONS, SHAPES, board_functions, build_board
from interpreter.build.game_loader import load_game
from interpreter.effects import ast as A
from interpreter.effects import ast_walk
from interpreter.effects.compiler import Compiler
from interpreter.effects.parser import parse_expression, parse_script, parsed_trees
from interpreter.effects.script import ScriptCompiler
from interpreter.effects.treewalk import TreeWalker

ROOT = Path(__file__).resolve().parent.parent
NODES = sorted((cls for _, cls in inspect.getmembers(A, inspect.isclass)
                if issubclass(cls, A.Node) and cls not in (A.Node, A.Expr, A.Stmt)),
               key=lambda cls: cls.__name__)
EXPRESSIONS = [cls for cls in NODES if issubclass(cls, A.Expr)]
STATEMENTS = [cls for cls in NODES if issubclass(cls, A.Stmt)]
# field annotations that say the field holds a node, or a list, tuple or mapping of nodes
NODE_TYPES = {"Node", "Optional[Node]", "list", "Optional[list]", "dict",
              *(c.__name__ for c in NODES)}
# fields of those types that hold plain data: (node class, field)
PLAIN = {("Choose", "text_at")}


def test_every_node_is_an_expression_or_a_statement():
    assert len(NODES) >= 40
    other = [cls.__name__ for cls in NODES if cls not in EXPRESSIONS and cls not in STATEMENTS]
    assert not other, f"node classes that are neither Expr nor Stmt: {other}"


@pytest.mark.parametrize("cls", EXPRESSIONS, ids=lambda c: c.__name__)
def test_every_expression_has_its_compiler_and_tree_walker(cls):
    name = cls.__name__
    assert hasattr(Compiler, f"_x_{name}"), f"Compiler has no _x_{name}: {name} cannot be compiled"
    assert hasattr(TreeWalker, f"_{name}"), f"TreeWalker has no _{name}: {name} cannot be walked"


@pytest.mark.parametrize("cls", STATEMENTS, ids=lambda c: c.__name__)
def test_every_statement_has_its_compiler(cls):
    name = cls.__name__
    assert hasattr(ScriptCompiler, f"_s_{name}"), \
        f"ScriptCompiler has no _s_{name}: the statement {name} cannot be compiled"


@pytest.mark.parametrize("cls", NODES, ids=lambda c: c.__name__)
def test_every_node_is_known_to_the_one_walk(cls):
    name = cls.__name__
    assert cls in ast_walk.CHILDREN, \
        f"ast_walk.CHILDREN has no row for {name}: the checks would not walk it"
    fields = {f.name: f.type for f in dataclasses.fields(cls) if f.name not in ("line", "col")}
    listed = ast_walk.CHILDREN[cls]
    unknown = [f for f in listed if f not in fields]
    assert not unknown, f"ast_walk.CHILDREN[{name}] names fields {name} lacks: {unknown}"
    missed = [f for f, t in fields.items()
              if t in NODE_TYPES and f not in listed and (name, f) not in PLAIN]
    assert not missed, (f"{name}'s fields {missed} may hold nodes but ast_walk.CHILDREN "
                        f"leaves them out (list them, or add them to PLAIN here)")
    for field_name, _ in ast_walk.TEXTS.get(cls, ()):
        assert field_name in fields, f"ast_walk.TEXTS[{name}] names no field of it: {field_name}"
    if cls in ast_walk.BINDS:
        where = ast_walk.BINDS[cls][0]       # a field, or a tuple of fields
        assert set(where if isinstance(where, tuple) else (where,)) <= set(listed), \
            f"ast_walk.BINDS[{name}] binds in no child"


def _every_tree():
    """The syntax trees of every effect text of the games the engine ships with."""
    for folder in ("gamedefs", "tests/games"):
        for path in sorted((ROOT / folder).glob("*/game.yaml")):
            load_game(str(path.parent))
    return list(parsed_trees().values())


def test_no_node_holds_a_node_where_the_walk_does_not_look():
    """On the games' own trees: a node's data fields (ast_walk.DATA) never hold a node."""
    seen = set()
    for tree in _every_tree():
        for node in ast_walk.walk(tree):
            seen.add(type(node))
            for value in ast_walk.data(node):
                inner = [value] if not isinstance(value, (list, tuple, dict)) else \
                    list(value.values()) if isinstance(value, dict) else list(value)
                assert not any(isinstance(x, A.Node) for x in inner), \
                    f"{type(node).__name__} holds a node outside ast_walk.CHILDREN: {value!r}"
    assert len(seen) >= 35          # the games use most kinds of node


def test_the_walk_visits_each_node_once_parents_first():
    tree = parse_expression("[x + y for x in xs where it > 1]")
    assert [type(n).__name__ for n in ast_walk.walk(tree)] == \
        ["Comprehension", "Where", "Name", "Compare", "Name", "Const", "BinOp", "Name", "Name"]
    bound = {n.name: b for n, b in ast_walk.scoped(tree) if isinstance(n, A.Name)}
    assert bound == {"xs": frozenset(), "it": {"it"}, "x": {"x"}, "y": {"x"}}
    script = parse_script("if a:\n    b = 1\nelse:\n    for each c in d:\n        e = 2\nf = 3\n")
    assert [type(s).__name__ for s in ast_walk.statements(script)] == \
        ["If", "Assign", "ForEach", "Assign", "Assign"]


# ------------------------------------------------------------------ board builtins
BOARDS = {"grid": {"shape": "grid", "rows": 3, "cols": 4},
          "hex": {"shape": "hex", "rows": [3, 4, 5, 4, 3]}}


def test_a_board_of_every_shape_is_checked():
    assert set(BOARDS) == set(SHAPES)


def test_the_board_function_list_is_what_the_shapes_provide():
    provided = {shape: board_functions(build_board("b", spec)) for shape, spec in BOARDS.items()}
    every = set().union(*provided.values())
    assert not every - set(BOARD_FUNCTIONS), \
        f"board builtins missing from BOARD_FUNCTIONS: {sorted(every - set(BOARD_FUNCTIONS))}"
    assert not set(BOARD_FUNCTIONS) - every, \
        f"BOARD_FUNCTIONS names builtins no shape provides: {sorted(set(BOARD_FUNCTIONS) - every)}"
    assert len(BOARD_FUNCTIONS) == len(set(BOARD_FUNCTIONS)), "BOARD_FUNCTIONS names one twice"


@pytest.mark.parametrize("shape", sorted(BOARDS))
def test_each_lookup_has_its_table_and_inline_form(shape):
    board = build_board("b", BOARDS[shape])
    tables = board_builtins.inline_tables(board)
    fns = board_functions(board)
    for name, result in board_builtins.LOOKUPS[shape].items():
        assert name in tables, f"the {shape} lookup {name} has no table in inline_tables"
        assert name in board_builtins.INLINE_BOARD, \
            f"the {shape} lookup {name} has no INLINE_BOARD row"
        assert fns[name][1] == result
    for name, (args, template) in board_builtins.INLINE_BOARD.items():
        if name not in fns:
            continue                 # another shape's builtin
        assert fns[name][2][0] <= args <= fns[name][2][1], \
            f"INLINE_BOARD gives {name} {args} arguments; the {shape} builtin takes {fns[name][2]}"
        if "{t}" in template:
            assert name in tables, f"the inline {name} reads a table inline_tables lacks ({shape})"
