"""Drawing a board for the terminal, from a seat's view (views._board) only: a grid as a
table of squares; a hex map as lines and corners in 80 columns, then a list of its places
that hold something (features, cards, markers). Draws only; decides nothing."""
from __future__ import annotations

import math
import re
from functools import lru_cache

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .board_cards import card_lines
from ..boards.hex import hexboard
from .screen_words import named
from ..safe_text import literal

BACK = "##"
WIDTH = 80
_COPY = re.compile(r"-\d+$")


def render_board(board: dict, viewer: str, title: str = "", rim: bool = False,
                 seats: list | None = None) -> Group:
    """A board as one seat sees it. seats: the seats' labels in order (markers are drawn as
    @ and the seat's number)."""
    tags = feature_tags(board)
    if board.get("shape", "grid") == "hex":
        return render_hex(board, viewer, title, tags, seats or [])
    return render_grid(board, viewer, title, rim, tags, seats or [])


# ------------------------------------------------------------------ what a place shows
def feature_tags(board: dict) -> dict:
    """(feature, value) -> a short lower-case tag (faces are upper-case letters): a text value
    by its first letters (circle -> c, square -> sq beside start -> st), any other value by
    its feature's name, with the value when it is a number (start: 2 -> st2)."""
    pairs = []
    cells = [*board["cells"].values(), *({"features": f} for f in
                                         (board.get("face_features") or {}).values())]
    for c in cells:
        for k, x in (c.get("features") or {}).items():
            if x is not False and x is not None and (k, _key(x)) not in pairs:
                pairs.append((k, _key(x)))
    words = {p: (p[1] if isinstance(p[1], str) else p[0]).lower() for p in pairs}
    out = {}
    for p, w in words.items():
        n = 1
        while n < len(w) and any(o != w and o[:n] == w[:n] for o in words.values()):
            n += 1
        number = p[1] if isinstance(p[1], (int, float)) and not isinstance(p[1], bool) else ""
        out[p] = w[:n] + str(number)
    return out


def _key(x):
    return x if isinstance(x, (str, int, float, bool)) or x is None else str(x)


def marker_tag(markers: list, seats: list) -> str:
    who = [m[0] for m in markers]
    nums = [str(seats.index(w) + 1) if w in seats else (w or "*")[:1] for w in who]
    return "@" + "".join(nums) if nums else ""


def place_tag(cell: dict, tags: dict, markers: list, seats: list) -> str:
    """A place's token on a drawn map: its features' tags, its card count, its markers."""
    feats = "".join(tags.get((k, _key(x)), "") for k, x in (cell.get("features") or {}).items())
    count = len(cell["cards"])
    says = f"[{cell['shows']}]" if "shows" in cell else ""
    return feats + says + (str(count) if count else "") + marker_tag(markers, seats)


def drawn_tags(board: dict, tags: dict) -> dict:
    """The tags the drawing shows: a hex map draws every place's tag; a grid's square draws
    its tag only while no card is on it (a key to tags not on screen only puzzles)."""
    if board.get("shape", "grid") == "hex":
        return tags
    shown = {(k, _key(x)) for c in board["cells"].values() if not c["cards"]
             for k, x in (c.get("features") or {}).items()}
    return {p: t for p, t in tags.items() if p in shown}


def legend_parts(board: dict, tags: dict, seats: list) -> list:
    parts = [f"{t} {k}" + (f" {x}" if not isinstance(x, bool) else "")
             for (k, x), t in tags.items()]
    who = {}                        # seat label (none: a game value) -> its value names
    for ms in (board.get("markers") or {}).values():
        for w, v in ms:
            if v not in who.setdefault(w, []):
                who[w].append(v)
    parts += [f"{marker_tag([[w, None]], seats)} {w or ''} {'/'.join(v)}".replace("  ", " ")
              for w, v in who.items()]
    if board.get("shows"):
        parts.append(f"[x] or a bold x: the place's {board['shows']}" if
                     board.get("shape", "grid") == "hex" else
                     f"a bold number or word: the square's {board['shows']}")
    links = list(dict.fromkeys(name for *_, name in board.get("links") or ()))
    if links and board.get("shape", "grid") == "hex":
        parts.append(f"a line of a seat's number: its {'/'.join(links)}")
    elif links:     # a grid: listed under it (link_lines), a seat's number before each
        parts.append(f"@N x - y: seat N's {'/'.join(links)} joining squares x and y")
    return parts


# ------------------------------------------------------------------ grid
def render_grid(board: dict, viewer: str, title: str, rim: bool, tags: dict, seats: list):
    """Each square shows its top card (its label, or ## for a card this seat may not see),
    the stack height when above 1, and a mark from the card's state: * when a list of seats in
    it names this seat (a card it has peeked at), + when such a list names only others; an
    empty square its features' tags; markers as @ and the seat's number. With rim, each
    square shows its distance from the rim instead."""
    t = Table(title=literal(title) if title else None, show_header=True, header_style="dim",
              box=None, pad_edge=False, padding=(0, 1), show_lines=False)
    t.add_column("", style="dim", justify="right")
    at = {(c["col"], c["row"]): (name, c) for name, c in board["cells"].items()}
    letters = "abcdefghijklmnopqrstuvwxyz"
    markers = board.get("markers") or {}
    for col in range(board["cols"]):
        t.add_column(letters[col], justify="center", min_width=5)
    for row in range(board["rows"] - 1, -1, -1):
        cells = []
        for col in range(board["cols"]):
            hit = at.get((col, row))
            if hit is None:
                cells.append(Text(""))
            elif rim:     # the distance, and what it is worth when the board says (rim_worth)
                worth = hit[1].get("worth")
                cells.append(Text(str(hit[1]["rim"]) + ("" if worth is None else f":{worth}"),
                                  style="cyan"))
            else:
                square = _square(hit[1]["cards"], viewer, seats)
                if not hit[1]["cards"] and hit[1].get("features"):
                    square = Text(place_tag(hit[1], tags, [], seats), style="dim")
                if "shows" in hit[1]:       # the board's `shows:` value: a number, a word
                    square = Text(hit[1]["shows"], style="bold") if not hit[1]["cards"] \
                        else square.append(f" {hit[1]['shows']}", style="bold")
                if hit[0] in markers:
                    square.append(marker_tag(markers[hit[0]], seats), style="magenta")
                cells.append(square)
        t.add_row(Text(str(row + 1)), *cells)
    if rim:
        return Group(t)
    cards = card_lines(board, BACK)      # each card's shown state (show: true), one a line
    links = link_lines(board, seats)
    return Group(t, *([links] if links else []), *([Text("\n".join(cards))] if cards else []),
                 Text(legend(board, tags, seats), style="dim"))


def link_lines(board: dict, seats: list):
    """A grid's links (a value's entries joining two squares), one a line in its owner's
    number as a hex map draws them along its edges: "@2 a1 - c3 (P2's rail)"; None if none."""
    lines = []
    for a, b, who, name in board.get("links") or ():
        mark = marker_tag([[who, None]], seats) if who else "="
        owner = f"{who}'s {name}" if who else name
        lines.append(Text.assemble((mark, "magenta"), " ", (f"{a} - {b}", "bold"),
                                   (f" ({owner})", "dim")))
    return Text("\n").join(lines) if lines else None


def legend(board: dict, tags: dict | None = None, seats: list | None = None) -> str:
    """The key to a board's squares: only the marks this board can show."""
    parts = [f"{BACK} a card you may not see"] if board.get("hides", True) else []
    if board.get("shape", "grid") == "hex":
        parts.append("a digit: cards there")
    elif board.get("stack_limit") != 1:
        parts.append("a digit: stack height")
    if board.get("hides", True) and board.get("marks", True):
        # a face-up card has no mark: * is a face-down card this seat knows (remembers)
        parts.append("* face down, known to you; + face down, known to others")
    elif board.get("marks", True):
        parts.append("* you have peeked at it, + others have")
    tags = feature_tags(board) if tags is None else tags
    parts += legend_parts(board, drawn_tags(board, tags), seats or [])
    if any(e.get("marks") for c in board["cells"].values() for e in c["cards"]):
        parts.append("! marked (what you were told: below the board)")
    if board.get("shape", "grid") == "grid" and any(
            owner_of(c["cards"][-1], seats or []) for c in board["cells"].values() if c["cards"]):
        parts.append("@N after a card: seat N's")
    if board.get("shape", "grid") == "grid" and board.get("rim_says"):
        # offered where the rim means something: a board whose rim_worth the game declares
        parts.append("type rim: distances from the rim")
    return "; ".join(parts)


def owner_of(entry: dict, seats: list):
    """The seat a board card belongs to, from its shown state: the one state naming a single
    seat (a construct's controller), else None."""
    named = {x for k, x in entry.items() if k not in ("card", "known", "marks")
             and isinstance(x, str) and x in seats}
    return named.pop() if len(named) == 1 else None


def _square(stack: list, viewer: str, seats: list = ()) -> Text:
    if not stack:
        return Text("·", style="dim")
    top = stack[-1]
    label = top.get("card")
    lists = [x for k, x in top.items()          # card state naming seats (marks are texts)
             if k not in ("card", "known", "marks") and isinstance(x, list)]
    known = top.get("known")      # on a board that hides cards: open to all, or known to you
    if known is not None:
        mark = "" if known == "all" else "*"
    elif label is None and any(lists):
        mark = "+"
    else:
        mark = "*" if any(viewer in x for x in lists) else "+" if any(lists) else ""
    text = Text(label if label is not None else BACK,
                style="bold" if label is not None else "dim")
    if mark:
        text.append(mark, style="yellow")
    if top.get("marks"):          # marked: the words are in the lines under the board
        text.append("!", style="yellow")
    if len(stack) > 1:
        text.append(str(len(stack)), style="cyan")
    if (owner := owner_of(top, seats)) is not None:      # whose card it is, in the square
        text.append(marker_tag([[owner, None]], seats), style="magenta")
    return text


# ------------------------------------------------------------------ hex
@lru_cache(maxsize=16)
def _geometry(rows: tuple, faces: tuple, remove: tuple, orientation: str, places: str):
    return hexboard("view", rows, list(faces), remove, orientation, places)


def geometry(board: dict):
    return _geometry(tuple(board["rows"]), tuple(board["faces"]), tuple(board["remove"]),
                     board["orientation"], board["places"])


def render_hex(board: dict, viewer: str, title: str, tags: dict, seats: list) -> Group:
    geo = geometry(board)
    parts = [literal(title, "bold")] if title else []
    drawn = hex_lines(board, geo, tags, seats)
    if drawn is not None:
        parts += drawn
    parts += hex_list(board, geo, viewer, seats)
    cards = card_lines(board, BACK)      # each card's shown state (show: true), one a line
    if cards:
        parts.append(Text("\n".join(cards)))
    key = legend(board, tags, seats)
    if key:
        parts.append(Text(key, style="dim"))
    return Group(*parts)


def _row_of(y: int) -> int:
    """Pointy: lattice y -> text row. A hex's side levels are two rows apart (a slanted line
    between), its centre level sits between its two vertical sides."""
    return 4 * (y // 3) + (0, 2, 3)[y % 3]


def screen(geo, flat: bool):
    """place or face -> (text row, lattice column), and the lattice span across the screen.
    Pointy: columns are the lattice's x, rows come from its y (_row_of). Flat (the lattice
    turned a quarter): columns are the lattice's y, and each lattice x is two rows (a slanted
    line between), so a hexagon's top and bottom sides are rows of dashes."""
    unit = math.sqrt(3) / 2
    out = {}
    for p, (x, y) in geo.xy.items():
        if flat:
            lx, ly = round(y / unit), round(x * 2)
            out[p] = (2 * lx, ly)
        else:
            lx, ly = round(x / unit), round(y * 2)
            out[p] = (_row_of(ly), lx)
    cols = [c for _, c in out.values()]
    lo = min(cols)
    return {p: (r, c - lo) for p, (r, c) in out.items()}, max(cols) - lo


def hex_lines(board: dict, geo, tags: dict, seats: list) -> list | None:
    """The map drawn with / \\ | - between its corners, a face's name at its centre; None
    when it does not fit in 80 columns."""
    flat = board["orientation"] == "flat"
    at, span = screen(geo, flat)
    scale = next((s for s in ((5, 4, 3) if flat else (7, 6, 5, 4)) if span * s + 10 <= WIDTH),
                 None)
    if scale is None:
        return None
    height = max(r for r, _ in at.values()) + 1
    grid = [[(" ", None)] * WIDTH for _ in range(height)]

    def put(row, col, text, style):
        for i, ch in enumerate(text):
            if 0 <= col + i < WIDTH:
                grid[row][col + i] = (ch, style)

    def col_of(p):
        return 4 + at[p][1] * scale

    for v, w in geo.edges:
        (ra, ca), (rb, cb) = sorted(((at[v][0], col_of(v)), (at[w][0], col_of(w))))
        if ra == rb:                                   # a flat hexagon's top or bottom
            put(ra, min(ca, cb) + 1, "-" * (abs(cb - ca) - 1), "dim")
        elif ca == cb:                                 # a pointy hexagon's side
            for r in range(ra + 1, rb):
                put(r, ca, "|", "dim")
        else:
            put((ra + rb) // 2, (ca + cb) // 2, "\\" if cb > ca else "/", "dim")
    for a, b, who, _ in board.get("links") or ():    # a rail: its owner's number along it
        if a in at and b in at:
            mark = marker_tag([[who, None]], seats)[1:] if who else "="
            (ra, ca), (rb, cb) = (at[a][0], col_of(a)), (at[b][0], col_of(b))
            steps = max(abs(rb - ra), abs(cb - ca))
            for i in range(1, steps):
                r, c = ra + (rb - ra) * i / steps, ca + (cb - ca) * i / steps
                r, c = round(r), round(c)
                if 0 <= c < WIDTH and grid[r][c][0] == " ":
                    put(r, c, mark, "magenta")
    markers = board.get("markers") or {}
    on_vertices = board["places"] == "vertices"
    room = 2 * scale - 2 if not flat else 3 * scale - 2
    for f in geo.faces:
        token = f
        if not on_vertices:
            token += " " + place_tag(board["cells"][f], tags, markers.get(f, []), seats)
        elif (board.get("face_features") or {}).get(f) or f in markers:
            token += " " + place_tag({"features": (board.get("face_features") or {}).get(f),
                                      "cards": ()}, tags, markers.get(f, []), seats)
        token = token.strip()[:room]
        put(at[f][0], col_of(f) - len(token) // 2, token, "bold cyan")
    for v in geo.vertices:
        token = place_tag(board["cells"][v], tags, markers.get(v, []), seats) if on_vertices \
            and v in board["cells"] else ""
        style = "bold" if token else "dim"
        token = (token or "·")[:2 * scale - 2]
        put(at[v][0], col_of(v) - len(token) // 2, token, style)
    lines = []
    for row in grid:
        t = Text()
        for ch, style in row:
            t.append(ch, style=style)
        t.rstrip()
        lines.append(t)
    return lines


def hex_list(board: dict, geo, viewer: str, seats: list) -> list:
    """One line per place (and face) holding something: its other names, features, cards
    (## for one this seat may not see) and markers."""
    markers = board.get("markers") or {}
    lines = []
    face_features = board.get("face_features") or {}
    for f in geo.faces:
        feats = face_features.get(f) or {}
        if (feats or f in markers) and board["places"] == "vertices":
            t = Text.assemble((f"{f:<5}", "bold cyan"), " ", _features(feats))
            if f in markers:
                t.append((" | " if feats else "") + _who(markers[f]), style="magenta")
            lines.append(t)
    for p, cell in board["cells"].items():
        if not (cell.get("features") or cell["cards"] or p in markers):
            continue
        names = [a for a, c in geo.alias.items() if c == p and a != p]
        t = Text.assemble((f"{p:<5}", "bold"), (f" ({', '.join(names)})" if names else "", "dim"))
        parts = [(_features(cell.get("features") or {}), ""),
                 (", ".join(_cards(cell["cards"], viewer)), ""),
                 (_who(markers.get(p, ())), "magenta")]
        for i, (text, style) in enumerate(x for x in parts if x[0]):
            t.append(" " if i == 0 else " | ")
            t.append(text, style=style)
        lines.append(t)
    return lines


def _who(markers) -> str:
    return ", ".join(f"{w} {v}" if w else v for w, v in markers)


def _features(feats: dict) -> str:
    return ", ".join(named(k, x) for k, x in feats.items() if x is not False)


def _cards(stack: list, viewer: str) -> list:
    counts: dict = {}
    for c in stack:
        label = c.get("card")
        key = BACK if label is None else _COPY.sub("", label)
        counts[key] = counts.get(key, 0) + 1
    return [f"{n} x {k}" if n > 1 else k for k, n in counts.items()]
