"""The one walk over the effect language's syntax tree (ast.py), for every check and scan.

CHILDREN says which fields of each node class hold nodes, and in which order to visit them;
the functions below read trees through it, so a new node class is added to the table once
(tests/test_registry.py fails, naming the class, until it is) and every check walks it:

    children(node)       the nodes directly below one node
    walk(tree)           every node of a tree (or of a list of trees), parents first
    scoped(tree)         every node with the names the expressions around it bind there
                         (`it` in a `where`, a comprehension's variable)
    statements(stmts)    every statement of a script, those inside ifs and loops included
    texts(node)          the {field} texts a statement carries, with the names bound in them
    data(node)           the values of its other fields (names, operators, constants)

The checks decide what a node means; this module only knows the tree's shape.
"""
from __future__ import annotations

import dataclasses

from . import ast as A

# node class -> the fields holding nodes (a node, None, or lists, tuples and mappings of
# them), in field order but for a comprehension: its collection before its body (it runs
# first, and a check reports the first read it meets).
CHILDREN: dict = {
    # expressions
    A.Const: (), A.Name: (), A.Attr: ("obj",), A.Index: ("obj", "key"),
    A.BinOp: ("left", "right"), A.Compare: ("left", "right"), A.BoolOp: ("left", "right"),
    A.Not: ("operand",), A.Neg: ("operand",), A.CondExpr: ("then", "test", "other"),
    A.Where: ("coll", "cond"), A.Until: ("coll", "cond"), A.Ranked: ("coll", "key"),
    A.Best: ("coll", "key"), A.ListExpr: ("items",), A.MapExpr: ("items",),
    A.Comprehension: ("coll", "cond", "expr"),
    A.Call: ("args", "kwargs"), A.CallComp: ("comp",),
    # statements
    A.Assign: ("expr",),
    A.Choose: ("coll", "low", "high", "by", "each", "otherwise_if", "length", "grouped",
               "least", "most"),
    A.Gain: ("counter_of", "amount", "who"), A.Lose: ("counter_of", "amount", "who"),
    A.Steal: ("counter_of", "amount", "victim"), A.Method: ("obj", "args"),
    A.SetStmt: ("target", "expr"), A.Move: ("what", "dest"), A.Draw: ("count", "src", "dest"),
    A.Shuffle: ("zone",), A.Discard: ("what",), A.Play: ("card", "who", "ability"),
    A.CallStmt: ("call",), A.Append: ("what",), A.SortZone: ("zone", "key"),
    A.Return: ("expr",), A.Break: (), A.Continue: (), A.Pass: (), A.Log: ("to",), A.EndGame: (),
    A.Reveal: ("what", "to"), A.Mark: ("what", "to"), A.Unmark: ("what",),
    A.If: ("branches", "orelse"), A.ForEach: ("coll", "body"), A.While: ("test", "body"),
    A.Repeat: ("count", "body"), A.RunProgram: ("me",),
}

# node class -> (the field, or fields, an expression binds a name in, the name: "it", or the
# field holding the bound variable's name as ".var")
BINDS: dict = {
    A.Where: ("cond", "it"), A.Until: ("cond", "it"), A.Ranked: ("key", "it"),
    A.Best: ("key", "it"), A.Comprehension: (("cond", "expr"), ".var"),
    A.Choose: ("grouped", "it"),       # grouped by EXPR: `it` is each option's value
}

# node class -> (field holding a text with {fields}, the names bound inside its fields)
TEXTS: dict = {
    A.Log: (("text", frozenset()),),
    A.Choose: (("prompt", frozenset()), ("labelled", frozenset({"it"})),
               ("otherwise", frozenset())),
}


def _nodes(value, out: list) -> None:
    if isinstance(value, A.Node):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for x in value:
            _nodes(x, out)
    elif isinstance(value, dict):       # a call's keyword arguments
        for x in value.values():
            _nodes(x, out)


def children(node) -> list:
    """The nodes directly below `node`, in CHILDREN's order."""
    out: list = []
    for name in CHILDREN[type(node)]:
        _nodes(getattr(node, name), out)
    return out


def walk(tree):
    """Every node of a tree (a node, or a list such as a script's statements), each before
    the nodes below it, in CHILDREN's order."""
    stack: list = []
    _nodes(tree, stack)
    stack.reverse()
    while stack:
        node = stack.pop()
        yield node
        below = children(node)
        below.reverse()
        stack += below


def scoped(tree, bound: frozenset = frozenset()):
    """(node, the names bound there by the expressions around it) for every node of a tree,
    in walk's order. `bound`: the names bound around the tree itself."""
    stack: list = []
    _nodes(tree, stack)
    stack = [(n, bound) for n in reversed(stack)]
    while stack:
        node, names = stack.pop()
        yield node, names
        binds = BINDS.get(type(node))
        below: list = []
        for name in CHILDREN[type(node)]:
            inner = names
            if binds is not None and (binds[0] == name or name in binds[0]):
                word = binds[1]
                inner = names | {getattr(node, word[1:]) if word[0] == "." else word}
            parts: list = []
            _nodes(getattr(node, name), parts)
            below += [(n, inner) for n in parts]
        below.reverse()
        stack += below


def bodies(st) -> list:
    """The statement lists nested directly in a statement (an if's branches, a loop's body)."""
    if isinstance(st, A.If):
        return [body for _, body in st.branches] + ([st.orelse] if st.orelse else [])
    if isinstance(st, (A.ForEach, A.While, A.Repeat)):
        return [st.body]
    return []


def statements(stmts):
    """Every statement of a script (a list of statements, or one), nested ones included,
    each before those inside it."""
    stack = list(reversed(stmts)) if isinstance(stmts, list) else [stmts]
    while stack:
        st = stack.pop()
        yield st
        for body in reversed(bodies(st)):
            stack += reversed(body)


def texts(node) -> list:
    """(text, names bound in its fields) for each {field} text the node carries."""
    return [(getattr(node, name), bound) for name, bound in TEXTS.get(type(node), ())
            if getattr(node, name)]


# node class -> its fields that hold no nodes (positions aside): names, operators, texts, ...
DATA: dict = {cls: tuple(f.name for f in dataclasses.fields(cls)
                         if f.name not in kids and f.name not in ("line", "col"))
              for cls, kids in CHILDREN.items()}


def data(node) -> list:
    """The values of a node's fields that are not nodes: its names, operator, constant."""
    return [getattr(node, name) for name in DATA[type(node)]]
