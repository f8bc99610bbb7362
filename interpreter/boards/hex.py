"""The hex board: hexagons (faces) in rows, their corners (vertices) and sides (edges),
compiled once into lookup tables.

Geometry on an integer lattice. Pointy hexagons (a point up, left and right sides vertical):
a face's centre is (cx, cy) and its corners are n (0,-2), ne (1,-1), se (1,1), s (0,2),
sw (-1,1), nw (-1,-1) from it; faces in a row are 2 apart, rows 3 apart (y grows downwards).
In real units x counts sqrt(3)/2 and y 1/2 of the side, so every name of a corner, an exit
or a chord is the compass point nearest to its real bearing. Flat hexagons (a side up) are
the same lattice turned a quarter: `rows` then lists the hexes per column, left to right.
Faces are named in reading order of their centres (top to bottom, then left to right).

A vertex is called by any face it is a corner of: "A.se" = "B.sw" = "E.n". Its own name
(canonical) uses the first of those faces in the board's face order.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .. import zone_keys
from .tables import MAX_PLACES, distance_table, not_a_place, too_many

# corner offsets of a pointy face on the lattice, clockwise from the top
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")     # clockwise from north, 45 deg apart


@dataclass
class HexBoard:
    name: str
    orientation: str                      # "pointy" or "flat"
    rows: tuple                           # hexes per row (per column when flat), as declared
    faces: tuple                          # face names, in naming order, removed ones left out
    vertices: tuple                       # canonical vertex names, top to bottom, left to right
    places: str                           # "vertices" or "faces": what a zone is
    cells: tuple                          # the places, in that order
    corner_names: tuple                   # the six corner names, clockwise from north
    corners: dict                         # face -> its 6 vertices, clockwise from north
    faces_at: dict                        # vertex -> the faces it is a corner of
    exits: dict                           # vertex -> ((direction, vertex), ...) along edges
    steps: dict                           # vertex -> {direction: vertex}
    edges: tuple                          # (v, w) pairs, each once
    chords: dict                          # face -> ((v, w), ...): non-neighbouring corners
    chords_at: dict                       # vertex -> ((w, face), ...)
    face_of: dict                         # (v, w) both ways -> the face of that edge or chord
    xy: dict                              # vertex or face -> real (x, y), y downwards
    alias: dict                           # every spelling of a vertex -> its canonical name
    stack_limit: int | None = None
    visible_if: str | None = None
    description: str = ""
    shape: str = "hex"
    zone_key: dict = field(default_factory=dict)
    features: dict = field(default_factory=dict)   # vertex and face -> {feature: value}
    adjacency: dict = field(default_factory=dict)  # "edges" (vertices) or "sides" (faces)
    distance: dict = field(default_factory=dict)
    word: str = "vertex"
    face_names: tuple = ()                         # every face's name, removed ones too
    removed: tuple = ()
    markers: tuple = ()                            # value names drawn as markers (views)
    feature_variants: dict = field(default_factory=dict)  # feature -> variants having it
    links: tuple = ()               # values joining two places ({value, ends, owner}), drawn
    broken: bool = False                           # a stand-in for a wrong declaration

    directions = COMPASS

    def vertex(self, name):
        return self.alias.get(name) if type(name) is str else None

    def place(self, name):
        """A place's own name for any spelling of it, or None."""
        if self.places == "faces":
            return name if name in self.corners else None
        return self.vertex(name)

    def vertex_checked(self, name):
        v = self.vertex(name)
        if v is None:
            raise not_a_place(name, "vertex", self.name)
        return v

    def face_checked(self, name):
        if name not in self.corners:
            raise not_a_place(name, "face", self.name)
        return name

    def feature_key(self, name):
        """The vertex or face a features: key names, or None."""
        if type(name) is not str:
            return None
        return name if name in self.corners else self.vertex(name)

    def bearing(self, v, w):
        """The compass point nearest to the bearing from v to w (places or faces)."""
        (x1, y1), (x2, y2) = self.xy[v], self.xy[w]
        angle = math.degrees(math.atan2(x2 - x1, y1 - y2)) % 360   # clockwise from north
        return COMPASS[int((angle + 22.5) // 45) % 8]


def face_letters(n: int) -> list:
    """A..Z, then AA, AB, ...: spreadsheet column names."""
    out = []
    for i in range(n):
        name, k = "", i + 1
        while k:
            k, r = divmod(k - 1, 26)
            name = chr(65 + r) + name
        out.append(name)
    return out


def layout(rows) -> list:
    """Lattice centres of the faces, row by row: rows centred; when two neighbouring rows
    would line up (equal parity), the later one moves half a hex right, as hexes must."""
    widest = max(rows)
    out, first = [], None
    for r, n in enumerate(rows):
        offset = widest - n
        if first is None:
            first = offset
        if (offset - first - r) % 2:
            offset += 1
        out.extend((offset + 2 * i + 1, 3 * r + 2) for i in range(n))
    return out


def vertex_count(rows) -> int:
    """How many vertices a hex board of these rows has before any face is removed (its
    corners' lattice points); rows must be checked first (at most MAX_PLACES hexes)."""
    return len({(cx + dx, cy + dy) for cx, cy in layout(rows) for dx, dy in CORNERS})


def hexboard(name: str, rows, faces="letters", remove=(), orientation="pointy",
             places="vertices", stack_limit=None, visible_if=None,
             description: str = "") -> HexBoard:
    rows = tuple(int(n) for n in rows)
    if len(rows) > MAX_PLACES or any(n < 1 for n in rows):
        raise ValueError(f"board {name}: rows must list at most {MAX_PLACES:,} whole numbers "
                         "of hexes, each at least 1")
    too_large = too_many(name, sum(rows), "hexes") or (
        places != "faces" and too_many(name, vertex_count(rows), "vertices"))
    if too_large:       # before anything is built: rows [3, 4, 5, 100000000, 3] costs nothing
        raise ValueError(too_large)
    flat = orientation == "flat"

    def real(x, y):          # lattice -> real units (side 1), turned a quarter when flat
        px, py = x * math.sqrt(3) / 2, y / 2
        return (py, px) if flat else (px, py)

    # faces are named in reading order of their centres: top to bottom, left to right
    centres = sorted(layout(rows), key=lambda c: (real(*c)[1], real(*c)[0]))
    names = face_letters(len(centres)) if faces in (None, "letters") else [str(f) for f in faces]
    removed = {str(f) for f in remove or ()}

    kept = [(f, c) for f, c in zip(names, centres) if f not in removed]
    xy = {}
    for f, (cx, cy) in kept:
        xy[f] = real(cx, cy)
    ref = real(0, 0)
    corner_dirs = []
    for dx, dy in CORNERS:
        x, y = real(dx, dy)
        angle = math.degrees(math.atan2(x - ref[0], ref[1] - y)) % 360
        corner_dirs.append((angle, COMPASS[int((angle + 22.5) // 45) % 8], (dx, dy)))
    corner_dirs.sort()                                  # clockwise from north
    corner_names = tuple(d for _, d, _ in corner_dirs)

    at_point = {}             # lattice point -> [(face, corner name)] in face order
    for f, (cx, cy) in kept:
        for _, d, (dx, dy) in corner_dirs:
            at_point.setdefault((cx + dx, cy + dy), []).append((f, d))
    point_xy = {p: real(*p) for p in at_point}
    order = sorted(at_point, key=lambda p: (round(point_xy[p][1], 6), round(point_xy[p][0], 6)))
    canonical = {p: f"{at_point[p][0][0]}.{at_point[p][0][1]}" for p in order}
    vertices = tuple(canonical[p] for p in order)
    alias = {}
    for p in order:
        for f, d in at_point[p]:
            alias[f"{f}.{d}"] = canonical[p]
    for p in order:
        xy[canonical[p]] = point_xy[p]
    corners = {f: tuple(canonical[(cx + dx, cy + dy)] for _, _, (dx, dy) in corner_dirs)
               for f, (cx, cy) in kept}
    faces_at = {v: [] for v in vertices}
    for f, cs in corners.items():
        for v in cs:
            faces_at[v].append(f)

    edge_face, face_of = {}, {}
    for f, cs in corners.items():
        for i in range(6):
            v, w = cs[i], cs[(i + 1) % 6]
            edge_face.setdefault(frozenset((v, w)), f)
    for pair, f in edge_face.items():
        v, w = tuple(pair)
        face_of[(v, w)] = face_of[(w, v)] = f
    rank = {v: i for i, v in enumerate(vertices)}
    edges = tuple(sorted((tuple(sorted(p, key=rank.get)) for p in edge_face),
                         key=lambda e: (rank[e[0]], rank[e[1]])))
    chords, chords_at = {}, {v: [] for v in vertices}
    for f, cs in corners.items():
        pairs = [(cs[i], cs[j]) for i in range(6) for j in range(i + 2, 6) if (i, j) != (0, 5)]
        chords[f] = tuple(pairs)
        for v, w in pairs:
            face_of[(v, w)] = face_of[(w, v)] = f
    for f, cs in corners.items():             # chords_at: by face, then the far corner's order
        for i, v in enumerate(cs):
            for j in (2, 3, 4):
                chords_at[v].append((cs[(i + j) % 6], f))

    b = HexBoard(name, "flat" if flat else "pointy", rows, tuple(f for f, _ in kept), vertices,
                 places, (), corner_names, corners, {v: tuple(fs) for v, fs in faces_at.items()},
                 {}, {}, edges, chords, {v: tuple(c) for v, c in chords_at.items()}, face_of, xy,
                 alias, stack_limit, visible_if, description)
    neighbours = {v: [] for v in vertices}
    for v, w in edges:
        neighbours[v].append(w)
        neighbours[w].append(v)
    clockwise = {d: i for i, d in enumerate(COMPASS)}
    for v in vertices:
        out = sorted(((b.bearing(v, w), w) for w in neighbours[v]), key=lambda e: clockwise[e[0]])
        b.exits[v] = tuple(out)
        b.steps[v] = dict(out)
    b.features = {v: {} for v in vertices} | {f: {} for f in b.faces}
    if places == "faces":
        b.cells, b.word = b.faces, "face"
        # two faces are neighbours when they share a side: two corners (found through each
        # corner's faces, so the table grows with the board, not with its square)
        rank = {f: i for i, f in enumerate(b.faces)}
        sides = {}
        for f in b.faces:
            shared = {}
            for v in corners[f]:
                for g in b.faces_at[v]:
                    if g != f:
                        shared[g] = shared.get(g, 0) + 1
            sides[f] = tuple(sorted((g for g, n in shared.items() if n == 2), key=rank.get))
        b.adjacency = {"sides": sides}
        b.distance = {"sides": distance_table(name, b.faces, sides, None, "face")}
    else:
        b.cells = vertices
        edges = {v: tuple(w for _, w in b.exits[v]) for v in vertices}
        b.adjacency = {"edges": edges}
        b.distance = {"edges": distance_table(name, vertices, edges, alias, "vertex")}
    b.zone_key = {p: zone_keys.make(None, name, p) for p in b.cells}
    b.face_names, b.removed = tuple(names), tuple(f for f in names if f in removed)
    return b
