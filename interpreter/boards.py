"""Boards: geometry declared in YAML, compiled once into lookup tables.

A board is a group of game zones, one per place (zone key "NAME.PLACE"), so cards on it
move, conserve, hide and serialise like any other cards. The shapes hold only geometry,
all precomputed, so the builtins that read it are dictionary lookups:

- board_grid.py: "grid" (rows x cols, chess-like names a1.. with row 1 at the bottom);
- board_tables.py: what every shape shares (distances, reach, connected groups);
- board_builtins.py: the builtins over those tables, and the ones generated code inlines.

`features:` (static data per place) is read here for every shape; an unknown place is
left out here and reported by checks.py with its line.
"""
from __future__ import annotations

from .board_builtins import INLINE_BOARD, grid_functions, inline_tables, place_functions
from .board_grid import GRID_DIRECTIONS, LETTERS, ORTHOGONAL, Board, cell_name, grid  # noqa: F401
from .board_tables import CellTable, connected  # noqa: F401

SHAPES = ("grid",)


def build_board(name: str, spec: dict):
    shape = spec.get("shape", "grid")
    if shape != "grid":
        raise ValueError(f"unknown board shape '{shape}'")
    board = grid(name, int(spec["rows"]), int(spec["cols"]), spec.get("remove") or (),
                 spec.get("stack_limit"), spec.get("visible_if"), spec.get("description", ""))
    add_features(board, spec.get("features") or {})
    return board


def add_features(board, features: dict) -> None:
    """features: {place (any spelling): {name: value}}; unknown places are checks.py's."""
    for where, values in features.items():
        place = board.place(where) if isinstance(where, str) else None
        if place is not None and isinstance(values, dict):
            board.features[place].update(values)


def feature_names(board) -> set:
    return {k for values in board.features.values() for k in values}


def board_functions(board) -> dict:
    """name -> (f(vm, *args), result type, (fewest, most) arguments), for one board."""
    fns = place_functions(board)
    if board.shape == "grid":
        fns.update(grid_functions(board))
    return fns


# Every board builtin's name, whatever the shape (a call checks its board has it).
BOARD_FUNCTIONS = ("cells", "stacks", "rim", "neighbours", "around", "ray", "height", "room",
                   "top_card", "cell_of", "groups", "feature", "with_feature", "distance",
                   "within", "reach", "row", "col")
