"""The board builtins: functions over one board's precomputed tables, and the tables the
generated code reads inline for the hot ones. Every shape has the place builtins (stacks,
features, distance, within, reach); each shape's lookups of one table (LOOKUPS: a grid's
rim, neighbours and coordinates, a hex map's corners, faces_at, step, vertex) are made here
from the inline tables; the rest is the shape's own: a grid's rays, a hex map's vertices,
faces, exits, chords and routes (hexboard_builtins.py)."""
from __future__ import annotations

from itertools import compress

from . import tables as board_tables
from .tables import CellTable
from ..errors import GameError
from .hex_builtins import hex_tables


def inline_tables(board) -> dict:
    """The tables generated code reads for the inline board builtins (INLINE_BOARD)."""
    t = {"zone": board.zone_key, "feature": board.features}
    if board.shape == "grid":
        t.update(rim=board.rim, neighbours=board.neighbours, around=board.around,
                 row={c: r + 1 for c, (_, r) in board.position.items()},
                 col={c: c0 + 1 for c, (c0, _) in board.position.items()})
    out = {k: CellTable(board.name, v, board.alias, board.word) for k, v in t.items()}
    out["distance"] = board.distance[next(iter(board.distance))]
    if board.shape == "hex":
        out.update(hex_tables(board))
    return out


_NO_CARD = (None,)     # an empty stack's top card: (stack or _NO_CARD)[-1]


# Board builtins written inline over those tables: name -> (arguments, source template)
# ({z}: the zone table, {t}: the builtin's own table, {x}, {y}: the arguments,
# {limit}: the stack limit). Used only when the call gives exactly that many arguments.
INLINE_BOARD = {
    "height": (1, "len(s['z'][{z}[{x}]])"),
    # (a stack's last card, None when empty, with no call: `or (None,)` is a constant)
    "top_card": (1, "(s['z'][{z}[{x}]] or (None,))[-1]"),
    "rim": (1, "{t}[{x}]"),
    "neighbours": (1, "list({t}[{x}])"),
    "around": (1, "list({t}[{x}])"),
    "room": (1, "({limit} - len(s['z'][{z}[{x}]]))"),
    "row": (1, "{t}[{x}]"),
    "col": (1, "{t}[{x}]"),
    "feature": (2, "{t}[{x}].get({y})"),
    "distance": (2, "{t}[{x}][{y}]"),
    "corners": (1, "list({t}[{x}])"),
    "faces_at": (1, "list({t}[{x}])"),
    "vertex": (1, "{t}[{x}]"),
    "step": (2, "{t}[{x}][{y}]"),
}


def place_functions(board) -> dict:
    """name -> (f(vm, *args), result type, (fewest, most) arguments): every shape's."""
    zkey = CellTable(board.name, board.zone_key, board.alias, board.word)
    limit = board.stack_limit
    cell_at = {key: cell for cell, key in board.zone_key.items()}     # zone key -> its cell
    features = CellTable(board.name, board.features, board.alias, board.word)
    default_adj = next(iter(board.adjacency))

    def adjacency_name(name):
        """The board's adjacency of that name (default: its first); a wrong one is an error
        (builtins take the name as a parameter called `adjacency`)."""
        if name is None:
            name = default_adj
        if name not in board.adjacency:
            named = " or ".join(map(repr, board.adjacency))
            raise GameError(f"adjacency on {board.name} is {named}, not {name!r}")
        return name

    def cells(vm):
        return list(board.cells)

    zone = board.zone_key                                         # a plain dict: fast
    cell_list = list(board.cells)
    cell_zones = [zone[c] for c in cell_list]

    def stacks(vm):     # the cells whose zone holds a card, by C loops (an evaluation's hot path)
        return list(compress(cell_list, map(vm.s["z"].__getitem__, cell_zones)))

    def height(vm, cell):
        return len(vm.s["z"][zkey[cell]])

    def room(vm, cell):
        if limit is None:
            raise GameError(f"{board.name} has no stack_limit, so no room to count")
        return limit - len(vm.s["z"][zkey[cell]])

    def top_card(vm, cell):
        stack = vm.s["z"][zkey[cell]]
        return stack[-1] if stack else None

    def cell_of(vm, card):
        return cell_at.get(vm.s["loc"].get(card))

    memo = board_tables.Memo()     # groups' answers: a pure function of its key (below)
    remembered = memo.d.get         # (the memo clears its dict, never replaces it)

    def groups(vm, members, adjacency=None, by=None, wild=None):
        name = adjacency if adjacency in board.adjacency else adjacency_name(adjacency)
        table = board.adjacency[name]
        if board.alias:                 # other spellings of a place (hex corners)
            members = [own(m) for m in members]
        try:
            members = tuple(members)
            if by is None:
                key = (name, members)
            else:           # the top cards decide the groups (their `by` and `wild`)
                z = vm.s["z"]
                try:
                    tops = tuple([(z[zone[m]] or _NO_CARD)[-1] for m in members])
                except KeyError:        # not a place: zkey's error names it
                    tops = tuple([(z[zkey[m]] or _NO_CARD)[-1] for m in members])
                key = (name, members, by, wild, tops)
            got = remembered(key)
        except TypeError:               # an unhashable member: the rules' error below
            key = got = None
        if got is None:
            got = board_tables.connected(members, table) if by is None else \
                matching_groups(vm, members, table, by, wild)
            if key is not None:
                memo.put(key, got)
        return [list(g) for g in got]   # the caller's to change

    def matching_groups(vm, members, table, by, wild):
        # per value of the top cards' `by` (first seen first, wild cards skipped): the
        # connected groups of the cells whose top card has that value or is wild
        # (cells without a card take no part)
        cards, z = vm.g.cards, vm.s["z"]
        held = []
        for m in members:
            stack = z[zkey[m]]
            if stack:
                a = cards[stack[-1]]
                held.append((m, a.get(by), bool(wild is not None and a.get(wild))))
        values = dict.fromkeys(v for _, v, w in held if not w)
        return [grp for v in values
                for grp in board_tables.connected([m for m, x, w in held if w or x == v], table)]

    def feature(vm, place, name):
        return features[place].get(name)

    def with_feature(vm, name, value=None):
        return [p for p in board.features if name in board.features[p]
                and (value is None or board.features[p][name] == value)]

    def distance(vm, a, b, adjacency=None):
        return board.distance[adjacency_name(adjacency)][a][b]

    def within(vm, place, r, adjacency=None):
        return board_tables.within(board.distance[adjacency_name(adjacency)][place], r)

    def reach(vm, place, steps, through=None, blocked=None, adjacency=None):
        adj = board.adjacency[adjacency_name(adjacency)]
        return board_tables.reach(board.cells, adj, own(place), steps,
                                  _places(through), _places(blocked))

    def own(place):
        p = board.place(place) if type(place) is str else None
        if p is None:
            raise board_tables.not_a_place(place, board.word, board.name)
        return p

    def _places(xs):
        # none stands for "not on the board" (cell_of of a card elsewhere): nothing to avoid
        return [own(x) for x in xs or () if x is not None]

    return {
        "cells": (cells, "list:str", (0, 0)),
        "stacks": (stacks, "list:str", (0, 0)),
        "height": (height, "num", (1, 1)),
        "room": (room, "num", (1, 1)),
        "top_card": (top_card, "card", (1, 1)),
        "cell_of": (cell_of, "str", (1, 1)),
        "groups": (groups, "list:list", (1, 4)),
        "feature": (feature, "any", (2, 2)),
        "with_feature": (with_feature, "list:str", (1, 2)),
        "distance": (distance, "num", (2, 3)),
        "within": (within, "list:str", (2, 3)),
        "reach": (reach, "list:str", (2, 5)),
    }


# Each shape's builtins that read one table: name -> result type (see lookups)
LOOKUPS = {
    "grid": {"rim": "num", "neighbours": "list:str", "around": "list:str", "row": "num",
             "col": "num"},
    "hex": {"corners": "list:str", "faces_at": "list:str", "step": "str", "vertex": "str"},
}


def lookups(board, types: dict) -> dict:
    """The builtins that read one table (name -> result type): the same lookup the generated
    code inlines (INLINE_BOARD), as a function for the calls it does not inline. A list is
    returned as a copy, so a script never changes the table."""
    tables = inline_tables(board)
    out = {}
    for what, rt in types.items():
        t = tables[what]
        if INLINE_BOARD[what][0] == 2:
            def look(vm, x, y, t=t):
                return t[x][y]
        elif rt.startswith("list"):
            def look(vm, x, t=t):
                return list(t[x])
        else:
            def look(vm, x, t=t):
                return t[x]
        look.__name__ = what
        out[what] = (look, rt, (INLINE_BOARD[what][0],) * 2)
    return out


def grid_functions(board) -> dict:
    """The grid's own builtins but for its lookups of one table (LOOKUPS): rays."""
    rays = board.rays

    def ray(vm, cell, direction):
        try:
            return list(rays[cell][direction])
        except (KeyError, TypeError):
            if cell in rays:
                raise GameError(f"unknown direction {direction!r}: "
                                f"{', '.join(board.directions)}") from None
            raise board_tables.not_a_place(cell, "cell", board.name) from None

    return {"ray": (ray, "list:str", (2, 2))}
