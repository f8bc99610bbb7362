"""Boards: geometry declared in YAML, compiled once into lookup tables.

A board is a group of game zones, one per place (zone key "NAME.PLACE"), so cards on it
move, conserve, hide and serialise like any other cards. The shapes hold only geometry,
all precomputed, so the builtins that read it are dictionary lookups:

- board_grid.py: "grid" (rows x cols, chess-like names a1.. with row 1 at the bottom);
- board_tables.py: what every shape shares (distances, reach, connected groups);
- hexboard.py: "hex" (hexagons in rows; places are their corners, or the hexagons);
- board_builtins.py, hexboard_builtins.py: the builtins over those tables, and the ones
  generated code inlines.

Here: a declaration's checks beyond the schema (spec_errors: a declaration that cannot be
built gets a one-place stand-in, so only its own error is reported), building a board of
either shape, `features:` and `markers:` (an unknown place or value is left out here and
reported by checks.py with its line), and which builtins a board has (board_functions).
"""
from __future__ import annotations

from difflib import get_close_matches

from .builtins import LOOKUPS, grid_functions, lookups, place_functions
from .grid import GRID_DIRECTIONS, LETTERS, ORTHOGONAL, Board, cell_name, grid  # noqa: F401
from .tables import CellTable, connected, too_many  # noqa: F401
from ..errors import did_you_mean
from .hex import face_letters, hexboard, vertex_count
from .hex_builtins import hex_functions

SHAPES = ("grid", "hex")


def build_board(name: str, spec: dict):
    shape = spec.get("shape", "grid")
    if shape == "grid":
        board = grid(name, int(spec["rows"]), int(spec["cols"]), spec.get("remove") or (),
                     spec.get("stack_limit"), spec.get("visible_if"), spec.get("description", ""))
    elif shape == "hex":
        board = hexboard(name, spec["rows"], spec.get("faces", "letters"), spec.get("remove") or (),
                         spec.get("orientation", "pointy"), spec.get("places", "vertices"),
                         spec.get("stack_limit"), spec.get("visible_if"),
                         spec.get("description", ""))
    else:
        raise ValueError(f"unknown board shape '{shape}'")
    add_features(board, spec.get("features") or {})
    markers = spec.get("markers")
    board.markers = tuple(m for m in markers if isinstance(m, str)) \
        if isinstance(markers, list) else ()
    shows = spec.get("shows")               # a value: place -> a number or a short text
    board.shows = shows if isinstance(shows, str) else None
    links = spec.get("links")                # values joining two places, drawn (views)
    board.links = tuple(x for x in links if isinstance(x, dict) and isinstance(x.get("value"),
                                                                              str)) \
        if isinstance(links, list) else ()
    only = spec.get("feature_variants")      # drawn only in those variants (views)
    board.feature_variants = {k: tuple(v) for k, v in only.items() if isinstance(v, list)} \
        if isinstance(only, dict) else {}
    return board


# keys that only one shape reads: another shape's key is a mistake, not a silent no-op
SHAPE_KEYS = {"grid": ("cols", "rim_worth"), "hex": ("faces", "orientation", "places")}


def spec_errors(spec: dict) -> list:
    """What is wrong with one board's declaration beyond the schema, before it is built:
    [(path under the board, code, message, hint, fatal)]; a fatal one means the board cannot
    be built (load_boards then puts a stand-in in its place). A code of None is a mistake the
    schema has reported already."""
    shape = spec.get("shape", "grid")
    if shape not in SHAPES:
        return [((), None, "", "", True)]
    out = [((key,), "SCHEMA-KEY", f"a {shape} board has no {key}: it is a "
            f"{other} board's key", "", False)
           for other, keys in SHAPE_KEYS.items() if other != shape
           for key in keys if key in spec]
    rows = spec.get("rows")
    if shape == "grid":
        if rows is None:
            return out + [((), None, "", "", True)]               # the schema reported it
        if not isinstance(rows, int) or not isinstance(spec.get("cols"), int):
            return out + [((), "SCHEMA-VALUE", "a grid board needs whole numbers rows and cols",
                           "", True)]
        large = too_many("", max(rows, 0) * max(spec["cols"], 0), "cells")
        if large:
            return out + [(("rows",), "SCHEMA-VALUE", large.replace("board  ", "the board "), "",
                           True)]
        names = {cell_name(c, r) for c in range(spec["cols"]) for r in range(rows)}
    else:
        if isinstance(rows, int) and not isinstance(rows, bool):
            return out + [(("rows",), "SCHEMA-VALUE", "a hex board's rows is a list of hexes "
                           "per row, e.g. [3, 4, 5, 4, 3]", "", True)]
        if not isinstance(rows, list) or not rows or \
                not all(isinstance(n, int) and n > 0 for n in rows):
            return out + [(("rows",), None, "", "", True)]      # the schema reported it
        large = too_many("", sum(rows), "hexes") or (
            spec.get("places", "vertices") != "faces" and too_many("", vertex_count(rows),
                                                                    "vertices"))
        if large:     # checked before a name or a place is made: nothing is built
            return out + [(("rows",), "SCHEMA-VALUE", large.replace("board  ", "the board "), "",
                           True)]
        faces = spec.get("faces", "letters")
        problems = face_errors(faces, sum(rows), rows)
        if problems:
            return out + problems
        names = set(face_letters(sum(rows))) if faces == "letters" else set(map(str, faces))
    return out + remove_errors(spec, shape, rows, names)


def face_errors(faces, total: int, rows) -> list:
    if faces == "letters":
        return []
    if not isinstance(faces, list) or \
            not all(isinstance(f, (str, int)) and not isinstance(f, bool) for f in faces):
        return [(("faces",), None, "", "", True)]          # the schema reported it
    if len(faces) != total:
        return [(("faces",), "SCHEMA-VALUE", f"{len(faces)} face names for {total} hexes "
                                             f"(rows {rows})", "", True)]
    out = []
    for i, f in enumerate(faces):
        if "." in str(f):
            out.append((("faces", i), "SCHEMA-VALUE", f"face name '{f}' has a dot: a vertex is "
                        "called FACE.CORNER", "", True))
        elif list(map(str, faces)).index(str(f)) < i:
            out.append((("faces", i), "DUP-NAME", f"face name '{f}' is used twice", "", True))
    return out


def remove_errors(spec: dict, shape: str, rows, names: set) -> list:
    """An unknown place in `remove:` is reported and skipped (the board can be built);
    removing every face, or `corners` on a hex map, cannot be."""
    remove = spec.get("remove")
    out = []
    if isinstance(remove, list):
        for i, x in enumerate(remove):
            if (x if shape == "grid" else str(x)) not in names:
                what = "cell" if shape == "grid" else "face"
                size = f"a {rows}x{spec.get('cols')} grid" if shape == "grid" \
                    else f"the hex map of rows {rows}"
                out.append((("remove", i), "REF-UNDEF", f"'{x}' is not a {what} of {size}",
                            did_you_mean(str(x), names), False))
        if shape == "hex" and names <= set(map(str, remove)):
            out.append((("remove",), "SCHEMA-VALUE", "every face is removed: nothing is left",
                        "", True))
    elif remove == "corners" and shape == "hex":
        out.append((("remove",), "SCHEMA-VALUE",
                    "remove: corners is a grid's; list the faces to leave out", "", True))
    elif remove is not None and remove != "corners":
        out.append((("remove",), None, "", "", True))       # the schema reported it
    return out


def stand_in(name: str, spec: dict):
    """A one-place board of the declared shape, for a declaration that cannot be built: its
    name and builtins still resolve, so the scripts using it are not reported too."""
    meant = get_close_matches(str(spec.get("shape", "grid")), SHAPES, 1) or ["grid"]
    board = hexboard(name, [1]) if meant[0] == "hex" else grid(name, 1, 1)
    board.broken = True
    return board


def add_features(board, features: dict) -> None:
    """features: {place (any spelling): {name: value}}; unknown places are checks.py's."""
    for where, values in features.items():
        place = board.feature_key(where)
        if place is not None and isinstance(values, dict):
            board.features[place].update(values)


def answer_spelling(g, text: str, options) -> str | None:
    """A typed answer that names a hex vertex another way ("B.sw" for the option "A.se",
    "move b.sw" for "move A.se"): the option it means, or None. Face names are matched
    without regard to case."""
    hexes = [b for b in g.boards.values() if b.shape == "hex"]
    if not hexes:
        return None
    spell = {}
    for b in hexes:
        for a, v in b.alias.items():
            spell.setdefault(a.lower(), v)
    words = text.split(" ")
    meant = " ".join(spell.get(w.lower(), w) for w in words)
    return meant if meant != text and meant in options else None


def feature_names(board) -> set:
    return {k for values in board.features.values() for k in values}


def board_functions(board) -> dict:
    """name -> (f(vm, *args), result type, (fewest, most) arguments), for one board."""
    fns = place_functions(board)
    fns.update(lookups(board, LOOKUPS[board.shape]))
    fns.update(grid_functions(board) if board.shape == "grid" else hex_functions(board))
    return fns


# Every board builtin's name, whatever the shape (a call checks its board has it).
BOARD_FUNCTIONS = ("cells", "stacks", "rim", "neighbours", "around", "ray", "height", "room",
                   "top_card", "cell_of", "groups", "feature", "with_feature", "distance",
                   "within", "reach", "row", "col", "vertices", "faces", "corners", "faces_at",
                   "exits", "step", "direction", "chords", "chords_at", "face_of", "vertex",
                   "route")
# The board builtins that read what lies on the board (the state); the others answer from
# the board's fixed tables alone (effects/state_free.py keeps answers built of those)
BOARD_READS_STATE = frozenset({"stacks", "height", "room", "top_card", "cell_of", "groups"})
