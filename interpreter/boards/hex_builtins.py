"""The hex board's own builtins (vertices, faces, edges, chords, routes) over the tables of
hexboard.py. Every vertex argument may be any spelling of it ("B.sw" = "A.se"); every vertex
returned is its canonical name. The place builtins (distance, within, reach, features) are
board_builtins.py's, over the edges."""
from __future__ import annotations

from .tables import CellTable, breadth_first
from ..errors import GameError


class Steps(dict):
    """One vertex's {direction: vertex}: a compass point with no edge that way reads as
    none, anything else is a misspelt direction."""

    def __init__(self, table: dict, directions):
        super().__init__(table)
        self.directions = directions

    def __missing__(self, direction):
        if direction in self.directions:
            return None
        raise GameError(f"unknown direction {direction!r}: {', '.join(self.directions)}")


def hex_tables(board) -> dict:
    """The tables generated code reads for the inline hex builtins."""
    steps = {v: Steps(t, board.directions) for v, t in board.steps.items()}
    out = {"corners": CellTable(board.name, board.corners, None, "face"),
           "faces_at": CellTable(board.name, board.faces_at, board.alias, "vertex"),
           "step": CellTable(board.name, steps, board.alias, "vertex"),
           "vertex": CellTable(board.name, {a: a for a in board.vertices}, board.alias, "vertex")}
    return out


def hex_functions(board) -> dict:
    """name -> (f(vm, *args), result type, (fewest, most) arguments), but for the lookups of
    one table (corners, faces_at, step, vertex: board_builtins.LOOKUPS)."""
    vx, fx = board.vertex_checked, board.face_checked
    exits = {v: [[d, w] for d, w in e] for v, e in board.exits.items()}

    def vertices(vm):
        return list(board.vertices)

    def faces(vm):
        return list(board.faces)

    def exits_of(vm, vertex):
        return [list(e) for e in exits[vx(vertex)]]

    def direction(vm, v, w):
        v, w = vx(v), vx(w)
        return None if v == w else board.bearing(v, w)

    def chords(vm, face):
        return [list(c) for c in board.chords[fx(face)]]

    def chords_at(vm, vertex):
        return [list(c) for c in board.chords_at[vx(vertex)]]

    def face_of(vm, v, w):
        return board.face_of.get((vx(v), vx(w)))

    def route(vm, a, b, links=None):
        return shortest_route(board, vx(a), vx(b), links or ())

    return {
        "vertices": (vertices, "list:str", (0, 0)),
        "faces": (faces, "list:str", (0, 0)),
        "exits": (exits_of, "list:list", (1, 1)),
        "direction": (direction, "str", (2, 2)),
        "chords": (chords, "list:list", (1, 1)),
        "chords_at": (chords_at, "list:list", (1, 1)),
        "face_of": (face_of, "str", (2, 2)),
        "route": (route, "list:str", (2, 3)),
    }


def shortest_route(board, a, b, links) -> list | None:
    """The vertices of a shortest path a..b (both included) along edges and the extra [v, w]
    links (both ways, e.g. rails), or None when none leads there. Breadth first; among equal
    paths the one taking exits in compass order, then links in their order, comes first."""
    extra = {}
    for link in links:
        try:
            v, w = link
        except (TypeError, ValueError):
            raise GameError(f"route(): a link is a pair [v, w], not {link!r}") from None
        v, w = board.vertex_checked(v), board.vertex_checked(w)
        extra.setdefault(v, []).append(w)
        extra.setdefault(w, []).append(v)
    edges = board.adjacency.get("edges") or {v: tuple(w for _, w in e)
                                              for v, e in board.exits.items()}
    found = breadth_first(a, lambda x: (*edges[x], *extra.get(x, ())), goal=b)
    if b not in found:
        return None
    path = [b]
    while found[path[-1]][1] is not None:
        path.append(found[path[-1]][1])
    return path[::-1]
