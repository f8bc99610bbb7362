"""A parsed YAML file (ruamel's round-trip tree, with the place of every key and value) as
plain data for the cache (load/cache.py keeps plain data only), and back.

A mapping is ("m", line, col, [(key, value, key line, key col, value line, value col)]),
a list ("s", line, col, [(value, line, col)]), a block text ("|" or ">", text); other
values are themselves (texts, numbers, booleans, null). A tree holding anything else (a
date, a key that is a mapping, a value that contains itself) is not kept: None.
"""
from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarbool import ScalarBoolean
from ruamel.yaml.scalarfloat import ScalarFloat
from ruamel.yaml.scalarint import ScalarInt
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

KEYS = (str, int, float, bool, type(None))


class NotPlain(Exception):
    pass


def to_data(root):
    """The tree as plain data, or None when it holds a value that has no plain form."""
    try:
        return _enc(root, set())
    except (NotPlain, RecursionError):
        return None


def _pos(lc, key, n):
    data = getattr(lc, "data", None)   # None in ruamel >= 0.19 until a place is added
    got = data.get(key) if data is not None else None
    return tuple(got[:n]) if got is not None and len(got) >= n else (None,) * n


def _enc(v, active: set):
    t = type(v)
    if t in (str, int, float, bool, type(None)):
        return v
    if t is LiteralScalarString:
        return ("|", str(v))
    if t is FoldedScalarString:
        return (">", str(v))
    if isinstance(v, ScalarBoolean):
        return bool(v)
    if isinstance(v, ScalarInt):
        return int(v)
    if isinstance(v, ScalarFloat):
        return float(v)
    if t not in (CommentedMap, CommentedSeq) or id(v) in active:
        raise NotPlain   # a value that contains itself (an alias inside its own anchor)
    active.add(id(v))
    lc = getattr(v, "lc", None)
    line, col = (lc.line, lc.col) if lc is not None else (None, None)
    if t is CommentedMap:
        items = []
        for k, x in v.items():
            if type(k) not in KEYS:
                raise NotPlain
            items.append((k, _enc(x, active)) + _pos(lc, k, 4))
        out = ("m", line, col, items)
    else:
        out = ("s", line, col, [(_enc(x, active),) + _pos(lc, i, 2) for i, x in enumerate(v)])
    active.discard(id(v))
    return out


def from_data(data):
    """The tree again (None when the data is not what to_data makes)."""
    try:
        return _dec(data)
    except (ValueError, TypeError, IndexError, RecursionError):
        return None


def _dec(d):
    if type(d) is not tuple:
        if type(d) not in KEYS:
            raise TypeError(type(d).__name__)
        return d
    tag = d[0]
    if tag == "|":
        return LiteralScalarString(d[1])
    if tag == ">":
        return FoldedScalarString(d[1])
    if tag == "m":
        node = CommentedMap()
        for k, x, kl, kc, vl, vc in d[3]:
            if type(k) not in KEYS:
                raise TypeError(type(k).__name__)
            node[k] = _dec(x)
            if kl is not None:   # lc.data starts as None in ruamel 0.19: add through its API
                node.lc.add_kv_line_col(k, [kl, kc, vl, vc])
    elif tag == "s":
        node = CommentedSeq()
        for i, (x, line, col) in enumerate(d[3]):
            node.append(_dec(x))
            if line is not None:
                node.lc.add_idx_line_col(i, [line, col])
    else:
        raise ValueError(tag)
    if d[1] is not None:
        node.lc.line, node.lc.col = d[1], d[2]
    return node
