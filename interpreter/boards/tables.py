"""Tables every board shape shares, computed once from its places and adjacency: distances,
reach (a bounded walk that may pass over some places and never enter others), connected
groups. The shapes (board_grid.py, hexboard.py) only say which places touch which."""
from __future__ import annotations

from ..errors import GameError


def not_a_place(place, word: str, board_name: str) -> GameError:
    """The rules' error for a place a board lacks (every board builtin says it this way)."""
    return GameError(f"{'none' if place is None else repr(place)} is not a {word} of {board_name}")


class CellTable(dict):
    """place -> a precomputed value; reading a place the board does not have is a rule's
    error in words (generated code reads these tables directly, at C speed)."""

    def __init__(self, board_name: str, table: dict, alias: dict | None = None,
                 word: str = "cell"):
        super().__init__(table)
        self.board_name = board_name
        self.alias = alias or {}      # another spelling -> the place's own name (hex corners)
        self.word = word

    def __missing__(self, place):
        canonical = self.alias.get(place) if type(place) is str else None
        if canonical is not None and canonical in self:
            return self[canonical]
        raise not_a_place(place, self.word, self.board_name)


def breadth_first(start, neighbours, steps=None, avoid=(), goal=None) -> dict:
    """place -> (fewest steps from `start`, the place it was first reached from; None for
    start), walking `neighbours(place)` in their order, so among equal paths the one listed
    first wins; at most `steps` steps, never into a place in `avoid`, and no further once
    `goal` is reached. The one breadth-first walk behind distance tables, reach and routes."""
    found = {start: (0, None)}
    frontier = [start]
    d = 0
    while frontier and (steps is None or d < steps) and goal not in found:
        d += 1
        nxt = []
        for x in frontier:
            for y in neighbours(x):
                if y not in found and y not in avoid:
                    found[y] = (d, x)
                    nxt.append(y)
        frontier = nxt
    return found


MAX_PLACES = 10_000   # places of one board (README "Limits"): checked before it is built


def too_many(board_name: str, count: int, what: str) -> str | None:
    """Why a board of `count` places cannot be built (None when it can)."""
    if count > MAX_PLACES:
        return (f"board {board_name} would have {count:,} {what}; a board has at most "
                f"{MAX_PLACES:,} places")
    return None


class DistanceTable(CellTable):
    """a -> (b -> steps on a shortest path through the board's places, None where no path
    leads). A row is one breadth-first walk from its place, made the first time it is read
    and kept: building a board costs nothing here, and a large board holds only the rows
    its games use, never all pairs up front."""

    def __init__(self, board_name: str, places, adjacency: dict, alias=None,
                 word: str = "cell"):
        super().__init__(board_name, {}, alias, word)
        self.places = tuple(places)
        self.known = frozenset(self.places)
        self.adjacency = adjacency

    def __missing__(self, place):
        if type(place) is str and place not in self.known:
            place = self.alias.get(place, place)
        if place not in self.known:
            raise not_a_place(place, self.word, self.board_name)
        if dict.__contains__(self, place):
            return dict.__getitem__(self, place)
        found = breadth_first(place, self.adjacency.__getitem__)
        row = CellTable(self.board_name, {b: found[b][0] if b in found else None
                                          for b in self.places}, self.alias, self.word)
        self[place] = row
        return row

    # read whole (a test, a report), it is every place's row, in the board's order
    def _all(self) -> dict:
        return {p: self[p] for p in self.places}

    def __iter__(self):
        return iter(self.places)

    def __len__(self):
        return len(self.places)

    def __contains__(self, place):
        return place in self.known

    def keys(self):
        return self._all().keys()

    def values(self):
        return self._all().values()

    def items(self):
        return self._all().items()

    def get(self, place, default=None):
        return self[place] if place in self.known else default


def distance_table(board_name: str, places, adjacency: dict, alias=None,
                   word: str = "cell") -> CellTable:
    """The board's distances, a row per source made when first read (DistanceTable)."""
    return DistanceTable(board_name, places, adjacency, alias, word)


def within(row: dict, r) -> list:
    """The places of one distance row at distance 1..r, in the board's order."""
    return [p for p, d in row.items() if d is not None and 0 < d <= r]


def reach(places, adjacency: dict, start, steps, through=(), blocked=()) -> list:
    """Where a piece on `start` can stop after at most `steps` steps: it never enters a
    `blocked` place, may pass over a `through` place but not stop there, and `start` itself
    is not a destination. Breadth first, so each place is reached by its fewest steps
    under those rules (all steps cost one). In the board's order."""
    through = set(through or ())
    seen = breadth_first(start, adjacency.__getitem__, int(steps), set(blocked or ()))
    return [p for p in places if p in seen and p != start and p not in through]


class Memo:
    """Answers of a pure function of the board by key (connected groups by the places and
    their top cards): the same position asked again, as a bot's evaluation of options that
    differ in one place asks, answers without walking the board. Cleared when full. The key
    is all the answer depends on, so what is remembered never changes an answer."""
    __slots__ = ("d", "limit")

    def __init__(self, limit: int = 4096):   # (a key holds the places and their cards: ~1 kB)
        self.d: dict = {}
        self.limit = limit

    def get(self, key):
        return self.d.get(key)

    def put(self, key, value) -> None:
        if len(self.d) >= self.limit:
            self.d.clear()
        self.d[key] = value


def connected(members, adjacency: dict) -> list:
    """The connected groups of `members` (places) under `adjacency`, each in the order of
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

