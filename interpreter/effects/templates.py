"""Texts with {expression} fields (logs, prompts, labels, the status line) -> source.

`{{` and `}}` stand for literal braces; a field may hold any expression, text literals
included (`{join(xs, ", ")}`); each field's value is named as people read it (seat names,
card labels)."""
from __future__ import annotations

import copy
import re

from ..errors import CompileError
from . import ast as A
from .ast_walk import walk
from .parser import EffectSyntaxError, parse_expression

# A field as the checks find it in a text with a brace mistake (see field_trees).
_LOOSE_FIELD = re.compile(r"\{([^{}]*)\}")


def fields(text: str):
    """Split a text into ("text", chunk, offset) and ("field", source, offset) parts.
    Raises ValueError(message, offset) for an unclosed or unopened brace."""
    parts, i, buf, start = [], 0, [], 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in "{}" and i + 1 < n and text[i + 1] == ch:      # {{ or }}: a literal brace
            buf.append(ch)
            i += 2
            continue
        if ch == "}":
            raise ValueError("a '}' closes no field (write }} for a brace)", i)
        if ch != "{":
            buf.append(ch)
            i += 1
            continue
        if buf:
            parts.append(("text", "".join(buf), start))
            buf = []
        j, quote = i + 1, None
        while j < n and (quote or text[j] != "}"):
            c = text[j]
            if quote:
                if c == "\\":
                    j += 1
                elif c == quote:
                    quote = None
            elif c in "\"'":
                quote = c
            elif c == "{":
                raise ValueError("a field cannot hold another '{' (write {{ for a brace)", j)
            j += 1
        if j >= n:
            raise ValueError("this '{' opens a field that is never closed (write {{ for a brace)",
                             i)
        parts.append(("field", text[i + 1:j], i + 1))
        i = j + 1
        start = i
    if buf:
        parts.append(("text", "".join(buf), start))
    return parts


def compile_template(comp, scope, text: str, node, at=None) -> str:
    """Source of the filled-in text. `at`: (line, col) of the text's first character, so an
    error inside a field points at its exact column."""
    line, col = at or (getattr(node, "line", 1) or 1, getattr(node, "col", 1) or 1)
    try:
        parts = fields(text)
    except ValueError as e:
        message, offset = e.args
        raise CompileError("SYNTAX", message, line, col + offset if at else col) from None
    out = []
    for kind, chunk, offset in parts:
        if kind == "text":
            out.append(repr(chunk))
            continue
        start = col + offset if at else col
        try:
            tree = parse_expression(chunk)
        except EffectSyntaxError as e:
            where = A.Pass(line=line, col=start + e.col - 1 if at else col)
            comp.err(where, "SYNTAX", f"in the text's field {{{chunk}}}: {e.message}")
        if at:       # parsed trees are shared: move a copy
            tree = copy.deepcopy(tree)
            shift(tree, line, start)
        src, t = comp.src(tree, scope)
        out.append(f"vm.label({src}, {t!r})")
    if not out:
        return "''"
    if len(out) == 1:
        return out[0] if parts[0][0] == "field" else out[0]
    return "(" + " + ".join(out) + ")"


def shift(tree, line, col):
    """Move a field's syntax tree (parsed on its own, from column 1) to where the field
    stands in the script: its first line starts at (line, col)."""
    for node in walk(tree):
        if node.line == 1:
            node.col += col - 1
        node.line += line - 1


def field_trees(text) -> list:
    """The syntax trees of a text's {fields}, for the checks: those that parse (the compiler
    reports the others). A text whose braces do not pair still gives the fields that can be
    told apart, so a mistake in one brace hides no name the others use."""
    try:
        chunks = [chunk for kind, chunk, _ in fields(text or "") if kind == "field"]
    except ValueError:
        chunks = _LOOSE_FIELD.findall(text or "")
    out = []
    for chunk in chunks:
        try:
            out.append(parse_expression(chunk))
        except (EffectSyntaxError, RecursionError):
            pass
    return out
