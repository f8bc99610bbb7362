"""Who may see what: the one place that answers whether a seat may look at a zone's cards
or at one card, and what a decision revealed (undo's test). Views, the terminal, bots'
imagined worlds and the play session ask here."""
from __future__ import annotations

from .. import zone_keys
from .evaluation import Evaluator


def card_test(g, evaluator, zone_name, seat):
    """For a zone with visible_if: card -> may this seat see it; else None."""
    fn = g.exprs.get("visible:" + zone_name)
    return None if fn is None else evaluator.test(fn, "card", viewer=seat)


def can_see(g, key: str, seat: int | None) -> bool:
    """Whether a seat may look at all the cards of one zone (key as in state["z"])."""
    spec = g.zone_spec(key)
    if spec.visible_if:      # some of its cards may be hidden from this seat
        return False
    vis = spec.visibility
    if vis == "owner":
        owner = zone_keys.seat_of(key)
        if owner is not None:
            return seat is not None and owner == seat
    return vis == "all"


def visible_cards(game, s: dict, seat: int | None) -> set:
    """The cards whose identity this seat's view shows (the same rules as view(): a player
    zone by its visibility, a game zone if "all" and its visible_if, a board by its
    visible_if). What undo compares: a card entering this set is a card revealed."""
    g = game.g
    evaluator = Evaluator(g, s)
    out = set()
    for p in range(s["n"]):
        for name, spec in g.player_zones.items():
            if spec.visibility == "all" or (spec.visibility == "owner" and seat == p):
                for key in zone_keys.group_keys(name, spec.keys, p):
                    out.update(s["z"][key])
    for name, spec in g.game_zones.items():
        if name not in g.boards and spec.visibility != "all":
            continue
        see = card_test(g, evaluator, name, seat)
        keys = [board.zone_key[c] for board in [g.boards[name]] for c in board.cells] \
            if name in g.boards else zone_keys.group_keys(name, spec.keys)
        for key in keys:
            out.update(c for c in s["z"][key] if see is None or see(c))
    return out


def reveal(game, before: dict, after: dict) -> str:
    """What one decision (state `before` -> state `after`) showed to a seat that could not
    see it before, in words naming no secret; "" when nothing. Two kinds: a card entering a
    seat's visible_cards (drawn, turned, peeked at, shown), and a simultaneous choice
    settled with the secret answers of several seats (each now acts on the others')."""
    p, q = before["pending"], after["pending"]
    # (a secret sequence settles only when its last seat commits: see sequence.py)
    if p is not None and p["each"] and len(p["seats"]) > 1 and \
            len(p["ans"]) + 1 == len(p["seats"]) and \
            ("seq" not in p or q is None or len(q["ans"]) < len(p["ans"])):
        return "the secret choices of a simultaneous decision were revealed"
    saw = [game.g.seat_label(seat) for seat in range(before["n"])
           if visible_cards(game, after, seat) - visible_cards(game, before, seat)]
    if len(saw) == before["n"] and len(saw) > 1:
        return "hidden cards were shown to every seat"
    return f"{', '.join(saw)} saw a card hidden from them before" if saw else ""
