"""A board of a seat's view (views._board) drawn as SVG for the browser, from the geometry
the terminal draws with (present/board_draw: a grid's squares by column and row; a hex map's
places, faces and edges by boards/hex's coordinates) and its tags (features, markers, ## for
a card the seat may not see). Every text is escaped; each place carries data-place (a click
opens its cards' details) and a <title> listing what lies there."""
from __future__ import annotations

from html import escape

from ..present.board_draw import (BACK, feature_tags, geometry, marker_tag, place_tag,
                                  legend)

CELL = 56       # a grid square's side, in SVG units
HEX = 46        # a hex side, in SVG units


def board_svg(board: dict, viewer: str, seats: list) -> str:
    tags = feature_tags(board)
    if board.get("shape", "grid") == "hex":
        return _hex(board, viewer, tags, seats)
    return _grid(board, viewer, tags, seats)


def _a(x) -> str:
    return escape(str(x), quote=True)


def _top(stack: list) -> str:
    if not stack:
        return ""
    label = stack[-1].get("card")
    text = BACK if label is None else label
    return text + (f" ({len(stack)})" if len(stack) > 1 else "")


def _about(place: str, cell: dict, markers: list) -> str:
    """The place's title: its name, features, cards bottom first, markers."""
    parts = [place]
    feats = [f"{k} {x}" for k, x in (cell.get("features") or {}).items()
             if x is not False and x is not None]
    if feats:
        parts.append(", ".join(feats))
    cards = [c.get("card") or BACK for c in cell.get("cards") or ()]
    if cards:
        parts.append("cards: " + ", ".join(cards))
    if markers:
        parts.append(", ".join(f"{w} {v}" if w else v for w, v in markers))
    return " | ".join(parts)


def _grid(board, viewer, tags, seats) -> str:
    rows, cols = board["rows"], board["cols"]
    w, h = cols * CELL + 24, rows * CELL + 24
    markers = board.get("markers") or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board grid" viewBox="0 0 {w} {h}" '
           f'role="img" aria-label="{_a(legend(board, tags, seats))}">']
    letters = "abcdefghijklmnopqrstuvwxyz"
    for c in range(cols):
        out.append(f'<text class="axis" x="{24 + c * CELL + CELL // 2}" y="{h - 4}">'
                   f'{letters[c % 26]}</text>')
    for r in range(rows):
        out.append(f'<text class="axis" x="10" y="{(rows - 1 - r) * CELL + CELL // 2 + 4}">'
                   f'{r + 1}</text>')
    for place, cell in board["cells"].items():
        x, y = 24 + cell["col"] * CELL, (rows - 1 - cell["row"]) * CELL
        stack = cell["cards"]
        kind = "empty" if not stack else "hidden" if stack[-1].get("card") is None else "card"
        text = _top(stack) or place_tag(cell, tags, [], seats)
        mark = marker_tag(markers.get(place, []), seats)
        out.append(f'<g class="place {kind}" data-place="{_a(place)}" tabindex="0">'
                   f'<title>{_a(_about(place, cell, markers.get(place, [])))}</title>'
                   f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="4"/>'
                   f'{_label(x + CELL / 2, y + CELL / 2, text, CELL - 6)}'
                   + (f'<text class="marker" x="{x + CELL - 4}" y="{y + 12}" '
                      f'text-anchor="end">{_a(mark)}</text>' if mark else "") + '</g>')
    out.append("</svg>")
    return "".join(out)


def _label(cx, cy, text: str, width: float) -> str:
    """A text centred in a place, cut to what fits (the title holds it whole)."""
    fits = max(3, int(width / 6.5))
    shown = text if len(text) <= fits else text[:fits - 1] + "\u2026"
    return (f'<text class="label" x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle">'
            f'{_a(shown)}</text>') if shown else ""


def _hex(board, viewer, tags, seats) -> str:
    geo = geometry(board)
    xs = [x for x, _ in geo.xy.values()]
    ys = [y for _, y in geo.xy.values()]
    pad = 1.2

    def at(p):
        x, y = geo.xy[p]
        return (x - min(xs) + pad) * HEX, (y - min(ys) + pad) * HEX

    w = (max(xs) - min(xs) + 2 * pad) * HEX
    h = (max(ys) - min(ys) + 2 * pad) * HEX
    markers = board.get("markers") or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board hex" '
           f'viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
           f'aria-label="{_a(legend(board, tags, seats))}">']
    for v, u in geo.edges:
        (x1, y1), (x2, y2) = at(v), at(u)
        out.append(f'<line class="edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                   f'y2="{y2:.1f}"/>')
    for a, b, who, _ in board.get("links") or ():
        if a in geo.xy and b in geo.xy:
            (x1, y1), (x2, y2) = at(a), at(b)
            seat = seats.index(who) + 1 if who in seats else 0
            out.append(f'<line class="link seat{seat}" x1="{x1:.1f}" y1="{y1:.1f}" '
                       f'x2="{x2:.1f}" y2="{y2:.1f}"><title>{_a(who or "")}</title></line>')
    on_vertices = board["places"] == "vertices"
    face_features = board.get("face_features") or {}
    for f in geo.faces:
        x, y = at(f)
        cell = board["cells"].get(f) if not on_vertices else \
            {"features": face_features.get(f) or {}, "cards": []}
        token = place_tag(cell, tags, markers.get(f, []), seats) if cell else ""
        out.append(f'<g class="face" data-place="{_a(f)}"><title>'
                   f'{_a(_about(f, cell or {}, markers.get(f, [])))}</title>'
                   f'<text class="face-name" x="{x:.1f}" y="{y - 4:.1f}" '
                   f'text-anchor="middle">{_a(f)}</text>'
                   + (f'<text class="tag" x="{x:.1f}" y="{y + 12:.1f}" '
                      f'text-anchor="middle">{_a(token)}</text>' if token else "") + "</g>")
    if on_vertices:
        for v in geo.vertices:
            cell = board["cells"].get(v)
            if cell is None:
                continue
            x, y = at(v)
            token = place_tag(cell, tags, markers.get(v, []), seats)
            busy = bool(cell["cards"] or markers.get(v))
            out.append(f'<g class="place{" busy" if busy else ""}" data-place="{_a(v)}" '
                       f'tabindex="0"><title>{_a(_about(v, cell, markers.get(v, [])))}</title>'
                       f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{9 if busy else 4}"/>'
                       + (f'<text class="tag" x="{x:.1f}" y="{y - 12:.1f}" '
                          f'text-anchor="middle">{_a(token)}</text>' if token else "")
                       + "</g>")
    out.append("</svg>")
    return "".join(out)
