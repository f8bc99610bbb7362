"""The grid board: rows x cols cells named like chess squares (a1 bottom left), compiled
once into lookup tables: positions, rim distance, adjacency, rays and distances."""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import zone_keys
from .tables import distance_table, too_many

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
    features: dict = field(default_factory=dict)   # cell -> {feature: value} (every cell)
    adjacency: dict = field(default_factory=dict)  # "neighbours"/"around" -> cell -> cells
    distance: dict = field(default_factory=dict)   # same keys -> distance table (board_tables)
    alias: dict = field(default_factory=dict)      # another spelling -> cell (none on a grid)
    word: str = "cell"                             # what a place is called in errors
    markers: tuple = ()                            # value names drawn as markers (views)
    feature_variants: dict = field(default_factory=dict)  # feature -> variants having it
    links: tuple = ()               # values joining two places ({value, ends, owner}), drawn
    rim_worth: tuple = ()                          # by rim distance: what it is worth (rim_says)
    rim_says: str = ""
    broken: bool = False                           # a stand-in for a wrong declaration

    @property
    def directions(self) -> tuple:
        return tuple(GRID_DIRECTIONS)

    def place(self, name):
        """A place's own name for any spelling of it, or None."""
        return name if type(name) is str and name in self.position else None

    feature_key = place            # what a features: key may name


def cell_name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def grid(name: str, rows: int, cols: int, remove=(), stack_limit=None, visible_if=None,
         description: str = "") -> Board:
    """A rectangular grid; `remove` is "corners" or a list of cell names left out."""
    too_large = too_many(name, rows * cols, "cells")
    if too_large:       # before anything is built
        raise ValueError(too_large)
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
    b.zone_key = {cell: zone_keys.make(None, name, cell) for cell in b.cells}
    b.features = {cell: {} for cell in b.cells}
    b.adjacency = {"neighbours": neighbours, "around": around}
    # a removed cell is no cell: a path goes around it (steps over the board's cells)
    b.distance = {k: distance_table(name, b.cells, adj) for k, adj in b.adjacency.items()}
    return b
