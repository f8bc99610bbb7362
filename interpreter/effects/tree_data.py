"""The effect texts' syntax trees as plain data for the cache (load/cache.py keeps plain
data only), and back. A node is ("N", class name, line, col, {field: value}), a list
("l", [...]), a tuple ("t", [...]), a dict ("d", [(key, value)]); texts, numbers, booleans
and None are themselves. Only classes of the syntax tree (effects/ast.py) are rebuilt, and
none of their code runs: the fields are set, not passed to a constructor."""
from __future__ import annotations

import dataclasses

from . import ast as A

SCALARS = (str, int, float, bool, type(None))


class NotPlain(Exception):
    pass


def to_data(trees: dict):
    """{(kind, text): tree} as plain data, or None when a tree holds a value with no plain
    form (then nothing is kept)."""
    try:
        return [(k, _enc(v)) for k, v in trees.items() if type(k) is tuple
                and all(type(x) is str for x in k)]
    except (NotPlain, RecursionError):
        return None


def _enc(v):
    t = type(v)
    if t in SCALARS:
        return v
    if t is list:
        return ("l", [_enc(x) for x in v])
    if t is tuple:
        return ("t", [_enc(x) for x in v])
    if t is dict:
        return ("d", [(_enc(k), _enc(x)) for k, x in v.items()])
    if isinstance(v, A.Node) and dataclasses.is_dataclass(v) and _node_class(t.__name__) is t:
        return ("N", t.__name__, v.line, v.col,
                {f.name: _enc(getattr(v, f.name)) for f in dataclasses.fields(v)
                 if f.name not in ("line", "col")})
    raise NotPlain(t.__name__)


def _node_class(name: str):
    cls = getattr(A, name, None)
    return cls if isinstance(cls, type) and issubclass(cls, A.Node) else None


def from_data(data) -> dict | None:
    """The trees again, or None when the data is not what to_data makes."""
    if type(data) is not list:
        return None
    try:
        return {tuple(k): _dec(v) for k, v in data}
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None


def _dec(d):
    t = type(d)
    if t in SCALARS:
        return d
    if t is not tuple:
        raise TypeError(t.__name__)
    tag = d[0]
    if tag == "l":
        return [_dec(x) for x in d[1]]
    if tag == "t":
        return tuple(_dec(x) for x in d[1])
    if tag == "d":
        return {_dec(k): _dec(x) for k, x in d[1]}
    if tag == "N":
        cls = _node_class(d[1])
        names = {f.name for f in dataclasses.fields(cls)} if cls is not None else set()
        if cls is None or set(d[4]) != names - {"line", "col"}:
            raise ValueError(d[1])
        node = object.__new__(cls)
        node.__dict__.update({k: _dec(x) for k, x in d[4].items()}, line=d[2], col=d[3])
        return node
    raise ValueError(tag)
