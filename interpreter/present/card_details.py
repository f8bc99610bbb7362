"""Card details in a seat's view: for every card label the view shows (hands, zones, boards,
values, options), the lines a person reads on opening that card (g.card_details, declared by
its type's `details:`, build/card_details.py).

Only cards the seat may see are opened: a label gets its details when a card bearing it is
among the cards runtime/visibility.py says the seat sees; and a label two cards share gets
them only when those cards read alike (else opening it could tell which card lies there)."""
from __future__ import annotations

import re

from ..runtime.visibility import visible_cards

_cache: dict = {}    # id(GameDef) -> (GameDef, {label: [ids]}, a pattern finding labels)


def card_details(game, s: dict, seat, v: dict) -> dict:
    """{label: [detail line, ...]} for the card labels in view `v` of this seat."""
    g = game.g
    ids_of, pattern = _labels(g)
    shown = set()
    _collect(v, ids_of, shown)
    for text in [*v.get("options", ()), *v.get("steps", ())]:   # an option naming a card
        if text not in ids_of and pattern is not None:
            shown.update(m.group(0) for m in pattern.finditer(text))
    if not shown:
        return {}
    seen = visible_cards(game, s, seat)
    out = {}
    for label in sorted(shown):
        ids = [c for c in ids_of[label] if c in seen]
        if not ids:
            continue
        lines = {g.card_details.get(c, ()) for c in ids_of[label]}
        if len(lines) == 1:
            out[label] = list(lines.pop())
    return out


def _collect(x, ids_of: dict, out: set) -> None:
    """Every text of the view that is a card label (zones, boards, values), walked."""
    if isinstance(x, str):
        if x in ids_of:
            out.add(x)
    elif isinstance(x, dict):
        for k, y in x.items():
            if k not in ("options", "steps", "prompt", "status", "name", "game"):
                _collect(y, ids_of, out)
    elif isinstance(x, list):
        for y in x:
            _collect(y, ids_of, out)


def _labels(g):
    hit = _cache.get(id(g))
    if hit is None or hit[0] is not g:
        ids_of: dict = {}
        for cid, label in g.card_labels.items():
            ids_of.setdefault(label, []).append(cid)
        # a label inside an option's text, as a whole (not "Red" in "Redeem"), longest first
        words = sorted(ids_of, key=len, reverse=True)
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words)) \
            if words else None
        hit = _cache[id(g)] = (g, ids_of, pattern)
    return hit[1], hit[2]


def once(lines, said: set) -> list:
    """A card's detail lines in a list of cards: those an earlier card of the list showed
    (its type's description, "One card of the two decks.") are not repeated; `said` keeps
    what the list has shown."""
    out = [x for x in lines or () if x not in said]
    said.update(out)
    return out
