"""Boards: geometry declared in YAML, compiled once into lookup tables.

A board is a group of game zones, one per cell (zone key "NAME.CELL"), so cards on
it move, conserve, hide and serialise like any other cards. This module holds only
the geometry: cell names, rim distance, adjacency and rays, all precomputed, so the
builtins that read them (see board_functions) are dictionary lookups.

Shapes: "grid" (rows x cols, chess-like names a1.. with row 1 at the bottom). Another
shape (a hex map, an arena) is another class with the same attributes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import GameError

LETTERS = "abcdefghijklmnopqrstuvwxyz"

# direction -> (column step, row step); row numbers grow upwards (north)
GRID_DIRECTIONS = {
    "n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
    "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1),
}
ORTHOGONAL = ("n", "e", "s", "w")


@dataclass
class Board:
    name: str
    shape: str
    rows: int
    cols: int
    stack_limit: int | None
    cells: tuple                          # drawing order: top row first, left to right
    position: dict                        # cell -> (col, row), 0-based, row 0 at the bottom
    rim: dict                             # cell -> steps in from the rim (0 on the rim)
    neighbours: dict                      # cell -> cells sharing an edge
    around: dict                          # cell -> cells sharing an edge or a corner
    rays: dict                            # cell -> {direction: (cells outward, nearest first)}
    zone_key: dict = field(default_factory=dict)   # cell -> zone key "NAME.CELL"
    visible_if: str | None = None
    description: str = ""

    @property
    def directions(self) -> tuple:
        return tuple(GRID_DIRECTIONS)


def cell_name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def grid(name: str, rows: int, cols: int, remove=(), stack_limit=None, visible_if=None,
         description: str = "") -> Board:
    """A rectangular grid; `remove` is "corners" or a list of cell names left out."""
    if remove == "corners":
        remove = [cell_name(c, r) for c in (0, cols - 1) for r in (0, rows - 1)]
    removed = set(remove or ())
    position = {}
    for r in range(rows - 1, -1, -1):
        for c in range(cols):
            cell = cell_name(c, r)
            if cell not in removed:
                position[cell] = (c, r)
    at = {pos: cell for cell, pos in position.items()}
    outside = [(c, r) for c in range(-1, cols + 1) for r in range(-1, rows + 1)
               if (c, r) not in at]
    rim = {cell: min(abs(c - oc) + abs(r - orow) for oc, orow in outside) - 1
           for cell, (c, r) in position.items()}
    rays = {}
    for cell, (c, r) in position.items():
        rays[cell] = {}
        for d, (dc, dr) in GRID_DIRECTIONS.items():
            out, x, y = [], c + dc, r + dr
            while (x, y) in at:       # a removed cell ends a ray like the edge does
                out.append(at[(x, y)])
                x, y = x + dc, y + dr
            rays[cell][d] = tuple(out)
    neighbours = {cell: tuple(rays[cell][d][0] for d in ORTHOGONAL if rays[cell][d])
                  for cell in position}
    around = {cell: tuple(rays[cell][d][0] for d in GRID_DIRECTIONS if rays[cell][d])
              for cell in position}
    b = Board(name, "grid", rows, cols, stack_limit, tuple(position), position, rim,
              neighbours, around, rays, visible_if=visible_if, description=description)
    b.zone_key = {cell: f"{name}.{cell}" for cell in b.cells}
    return b


def build_board(name: str, spec: dict) -> Board:
    shape = spec.get("shape", "grid")
    if shape != "grid":
        raise ValueError(f"unknown board shape '{shape}'")
    return grid(name, int(spec["rows"]), int(spec["cols"]), spec.get("remove") or (),
                spec.get("stack_limit"), spec.get("visible_if"), spec.get("description", ""))


# ------------------------------------------------------------------ builtins
class CellTable(dict):
    """cell -> a precomputed value; reading a cell the board does not have is a rule's
    error in words (generated code reads these tables directly, at C speed)."""

    def __init__(self, board_name: str, table: dict):
        super().__init__(table)
        self.board_name = board_name

    def __missing__(self, cell):
        raise GameError(f"{cell!r} is not a cell of {self.board_name}")


def inline_tables(board: Board) -> dict:
    """The tables generated code reads for the one-argument board builtins."""
    return {"zone": CellTable(board.name, board.zone_key), "rim": CellTable(board.name, board.rim),
            "neighbours": CellTable(board.name, board.neighbours),
            "around": CellTable(board.name, board.around)}


# Board builtins written inline over those tables: name -> source template ({z}: the zone
# table, {t}: the builtin's own table, {x}: the cell, {limit}: the stack limit).
INLINE_BOARD = {
    "height": "len(s['z'][{z}[{x}]])",
    "top_card": "_last(s['z'][{z}[{x}]])",
    "rim": "{t}[{x}]",
    "neighbours": "list({t}[{x}])",
    "around": "list({t}[{x}])",
    "room": "({limit} - len(s['z'][{z}[{x}]]))",
}


def _cell_table(board: Board, table: dict, what: str):
    def look(vm, cell):
        try:
            return list(table[cell])
        except (KeyError, TypeError):
            raise GameError(f"{cell!r} is not a cell of {board.name}") from None
    look.__name__ = what
    return look


def board_functions(board: Board) -> dict:
    """name -> (f(vm, *args), result type, (fewest, most) arguments), for one board."""
    zkey = board.zone_key
    rim, rays, limit = board.rim, board.rays, board.stack_limit
    prefix = board.name + "."
    cut = len(prefix)

    def key(cell):
        try:
            return zkey[cell]
        except (KeyError, TypeError):
            raise GameError(f"{cell!r} is not a cell of {board.name}") from None

    def cells(vm):
        return list(board.cells)

    def stacks(vm):
        z = vm.s["z"]
        return [c for c in board.cells if z[zkey[c]]]

    def rim_of(vm, cell):
        try:
            return rim[cell]
        except (KeyError, TypeError):
            raise GameError(f"{cell!r} is not a cell of {board.name}") from None

    def ray(vm, cell, direction):
        try:
            return list(rays[cell][direction])
        except (KeyError, TypeError):
            if cell in rays:
                raise GameError(f"unknown direction {direction!r}: "
                                f"{', '.join(board.directions)}") from None
            raise GameError(f"{cell!r} is not a cell of {board.name}") from None

    def height(vm, cell):
        try:
            return len(vm.s["z"][zkey[cell]])
        except (KeyError, TypeError):
            raise GameError(f"{cell!r} is not a cell of {board.name}") from None

    def room(vm, cell):
        if limit is None:
            raise GameError(f"{board.name} has no stack_limit, so no room to count")
        return limit - len(vm.s["z"][key(cell)])

    def top_card(vm, cell):
        stack = vm.s["z"][key(cell)]
        return stack[-1] if stack else None

    def cell_of(vm, card):
        where = vm.s["loc"].get(card)
        return where[cut:] if where is not None and where.startswith(prefix) else None

    def groups(vm, members, adjacency="around", by=None, wild=None):
        table = {"around": board.around, "neighbours": board.neighbours}.get(adjacency)
        if table is None:
            raise GameError(f"groups(): adjacency is 'around' or 'neighbours', not {adjacency!r}")
        if by is None:
            return connected(members, table)
        return matching_groups(vm, members, table, by, wild)

    def matching_groups(vm, members, table, by, wild):
        # per value of the top cards' `by` (first seen first, wild cards skipped): the
        # connected groups of the cells whose top card has that value or is wild
        # (cells without a card take no part)
        cards, z = vm.g.cards, vm.s["z"]
        held = []
        for m in members:
            stack = z[key(m)]
            if stack:
                a = cards[stack[-1]]
                held.append((m, a.get(by), bool(wild is not None and a.get(wild))))
        values = dict.fromkeys(v for _, v, w in held if not w)
        return [grp for v in values
                for grp in connected([m for m, x, w in held if w or x == v], table)]

    return {
        "cells": (cells, "list:str", (0, 0)),
        "stacks": (stacks, "list:str", (0, 0)),
        "rim": (rim_of, "num", (1, 1)),
        "neighbours": (_cell_table(board, board.neighbours, "neighbours"), "list:str", (1, 1)),
        "around": (_cell_table(board, board.around, "around"), "list:str", (1, 1)),
        "ray": (ray, "list:str", (2, 2)),
        "height": (height, "num", (1, 1)),
        "room": (room, "num", (1, 1)),
        "top_card": (top_card, "card", (1, 1)),
        "cell_of": (cell_of, "str", (1, 1)),
        "groups": (groups, "list:list", (1, 4)),
    }


BOARD_FUNCTIONS = ("cells", "stacks", "rim", "neighbours", "around", "ray", "height", "room", "top_card",
                   "cell_of", "groups")


def connected(members, adjacency: dict) -> list:
    """The connected groups of `members` (cells) under `adjacency`, each in the order of
    `members`, groups ordered by their first member."""
    inside = {m: i for i, m in enumerate(members)}
    seen = set()
    out = []
    for m in members:
        if m in seen:
            continue
        seen.add(m)
        group, todo = [], [m]
        while todo:
            x = todo.pop()
            group.append(x)
            for y in adjacency.get(x, ()):
                if y in inside and y not in seen:
                    seen.add(y)
                    todo.append(y)
        group.sort(key=inside.__getitem__)
        out.append(group)
    return out
