"""Card labels: a card type's `label` is a text with {expression} fields, like every other
text (effects/templates.py), whose names are its card's attributes and the game's constants
(`"#{number} Court x{multiplier}"`, `"{ranks[rank - 2]}{suit}"`). Each type's label is
compiled once by the game's compiler and filled in once per card when the game is built;
the GameDef keeps plain texts (g.card_labels: card id -> label).

A card without a label is named by its `name` attribute, else its id."""
from __future__ import annotations

import copy
import dataclasses
from types import SimpleNamespace

from ..effects import ast as A
from ..effects import types as T
from ..effects.menus import label_of
from ..effects.names import Scope, kind_of
from ..effects.parser import EffectSyntaxError, parse_expression
from ..effects.templates import compile_template, fields, shift
from ..errors import CompileError, Finding, RulebookError, did_you_mean

# What filling in a label may raise when it reads more than a card and the constants
# (a function reading a counter, a builtin drawing from the generator): a finding, not a crash.
_FILL_ERRORS = (RulebookError, LookupError, TypeError, ValueError, ArithmeticError,
                AttributeError, RecursionError)


class _BuildCursor:
    """What generated code reads while the cards are made: `l`, one card's attributes; no
    state exists yet (`s` is empty). Values are named as in every text, except that a text
    is never read as a card id: the card labels are what is being made."""

    def __init__(self, g):
        self.s: dict = {}
        self.l: dict = {}
        self.names = SimpleNamespace(card_labels={}, seat_label=g.seat_label)

    def label(self, v, t: str = "any") -> str:
        return label_of(self.names, v, t)


def compile_card_labels(builder, comp, g) -> None:
    """Fill g.card_labels in place (generated code holds that very mapping), in card order."""
    ids_of: dict = {}
    for cid, attrs in g.cards.items():
        ids_of.setdefault(attrs["type"], []).append(cid)
    fill = {ctype: _compile(builder, comp, g, ctype, ids)
            for ctype, ids in ids_of.items() if g.card_types[ctype].label}
    cursor = _BuildCursor(g)
    labels = g.card_labels
    for cid, attrs in g.cards.items():
        fn = fill.get(attrs["type"])
        if not g.card_types[attrs["type"]].label:
            labels[cid] = attrs.get("name", cid)
        elif fn is None:          # its label has an error, reported: the id stands in
            labels[cid] = cid
        else:
            labels[cid] = _fill(builder, fn, cursor, attrs, fill)


def _fill(builder, fn, cursor, attrs, fill) -> str:
    cursor.l = attrs
    try:
        return fn(cursor)
    except _FILL_ERRORS as e:
        ctype = attrs["type"]
        fill[ctype] = None        # reported once per type; its other cards show their ids
        message = e.message if isinstance(e, CompileError) else str(e)
        builder.add(builder.doc, ["card_types", ctype, "label"], "LABEL",
                    f"the label of card {attrs['id']} cannot be filled in when the game is "
                    f"built ({message})", "a label reads its card's attributes and the game's "
                    "constants", key=False)
        return attrs["id"]


def _compile(builder, comp, g, ctype: str, ids: list, text=None, keypath=None):
    """f(cursor) -> the label of the card in cursor.l, or None when the label has an error
    (reported as LABEL at its place). `text` and `keypath`: another text of the card type
    made the same way (a line of its details, card_details.py)."""
    if text is None:
        text = str(g.card_types[ctype].label)
        keypath = ["card_types", ctype, "label"]
    types = _attribute_types(g, ids)
    problems = []      # (line, col, message, hint, (type, attribute) or None) in the text

    def at(offset):
        return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1

    try:
        parts = fields(text)
    except ValueError as e:
        message, offset = e.args
        problems.append((*at(offset), message, "", None))
        parts = []
    for kind, chunk, offset in parts:
        if kind != "field":
            continue
        line, col = at(offset)
        try:
            tree = copy.deepcopy(parse_expression(chunk))   # parsed trees are shared
        except EffectSyntaxError as e:
            problems.append((line + e.line - 1, (col if e.line == 1 else 1) + e.col - 1,
                             f"in the label's field {{{chunk}}}: {e.message}", "", None))
            continue
        shift(tree, line, col)
        builder.parsed.append(tree)          # the constants it names are used (ORPHAN)
        problems += _name_problems(g, ctype, tree, types, ids)
    if not problems:
        comp.ns.locate = builder.locator(builder.doc, keypath)
        try:
            scope = Scope(g, types)
            scope.actor = True   # what a label may read is told by its own checks (_fill)
            src = compile_template(comp, scope, text, A.Pass(line=1, col=1), at=(1, 1))
            return comp.ns.expression(src, what="label")
        except CompileError as e:
            problems.append((e.line, e.col, e.message, e.hint, None))
    for line, col, message, hint, gap in problems:
        fline, fcol = builder.text_pos(builder.doc, keypath, line, col)
        finding = Finding(builder.doc.path, fline, fcol, "LABEL", message, hint)
        builder.findings.append(finding)
        if gap is not None:     # dropped when ATTR-MISSING reports the cards themselves
            builder.label_gaps[gap] = finding
    return None


def _attribute_types(g, ids: list) -> dict:
    """Attribute -> its type over the cards of one type (any where they disagree)."""
    seen: dict = {}
    for cid in ids:
        for name, v in g.cards[cid].items():
            seen.setdefault(name, set()).add(T.BOOL if isinstance(v, bool) else
                                             T.NUM if isinstance(v, int) else
                                             T.STR if isinstance(v, str) else T.ANY)
    return {name: ts.pop() if len(ts) == 1 else T.ANY for name, ts in seen.items()}


def _name_problems(g, ctype, tree, types: dict, ids: list) -> list:
    """The names a field reads that are neither attributes of every card of the type nor
    constants (nor names the field binds itself: `it`, a comprehension's variable)."""
    nodes = list(_nodes(tree))
    bound = {n.var for n in nodes if isinstance(n, A.Comprehension)}
    if any(isinstance(n, (A.Where, A.Until, A.Ranked, A.Best)) for n in nodes):
        bound.add("it")
    out, said = [], set()
    for node in nodes:
        if not isinstance(node, A.Name) or node.name in bound or node.name in said:
            continue
        name = node.name
        said.add(name)
        if name in types:
            lacking = [cid for cid in ids if name not in g.cards[cid]]
            if lacking:
                out.append((node.line, node.col,
                            f"the label names '{name}', which card {lacking[0]} does not have",
                            "", (ctype, name)))
            continue
        kind = kind_of(g, name)
        if kind == "constant":
            continue
        if kind is not None:
            message = (f"the label reads the {kind.replace('_', ' ')} '{name}'; a label is made "
                       "once, when the game is built, from its card's attributes and the "
                       "game's constants")
            out.append((node.line, node.col, message, "", None))
            continue
        out.append((node.line, node.col, f"the label names '{name}', which no {ctype} card has",
                    did_you_mean(name, types) or did_you_mean(name, g.constants)
                    or "a label names its card's attributes and the game's constants", None))
    return out


def _nodes(node):
    """Every syntax node of an expression tree."""
    if isinstance(node, (list, tuple)):
        for x in node:
            yield from _nodes(x)
    elif isinstance(node, dict):
        for x in node.values():
            yield from _nodes(x)
    elif isinstance(node, A.Node):
        yield node
        for f in dataclasses.fields(node):
            if f.name not in ("line", "col"):
                yield from _nodes(getattr(node, f.name))
