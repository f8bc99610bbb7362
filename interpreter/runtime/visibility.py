"""Who may see what: the one place that answers whether a seat may look at a zone's cards
or at one card, and what a decision revealed (undo's test). Views, the terminal, bots'
imagined worlds and the play session ask here."""
from __future__ import annotations

from . import decisions
from .vm import VM


def zone_keys(name, spec, prefix):
    if spec.keys:
        return [(f"{name}.{k}", f"{prefix}{name}.{k}") for k in spec.keys]
    return [(name, f"{prefix}{name}")]


def card_test(g, vm, zone_name, seat):
    """For a zone with visible_if: card -> may this seat see it; else None."""
    fn = g.exprs.get("visible:" + zone_name)
    if fn is None:
        return None

    def test(card):
        vm.l = {"card": card, "viewer": seat}
        return bool(fn(vm))
    return test


def can_see(g, key: str, seat: int | None) -> bool:
    """Whether a seat may look at all the cards of one zone (key as in state["z"])."""
    spec = g.zone_spec(key)
    if spec.visible_if:      # some of its cards may be hidden from this seat
        return False
    vis = spec.visibility
    if vis == "owner" and key[0].isdigit():
        return seat is not None and int(key.split(".", 1)[0]) == seat
    return vis == "all"


def visible_cards(game, s: dict, seat: int | None) -> set:
    """The cards whose identity this seat's view shows (the same rules as view(): a player
    zone by its visibility, a game zone if "all" and its visible_if, a board by its
    visible_if). What undo compares: a card entering this set is a card revealed."""
    g = game.g
    vm = VM(g, s)
    out = set()
    for p in range(s["n"]):
        for name, spec in g.player_zones.items():
            if spec.visibility == "all" or (spec.visibility == "owner" and seat == p):
                for _, key in zone_keys(name, spec, f"{p}."):
                    out.update(s["z"][key])
    for name, spec in g.game_zones.items():
        if name not in g.boards and spec.visibility != "all":
            continue
        see = card_test(g, vm, name, seat)
        keys = [board.zone_key[c] for board in [g.boards[name]] for c in board.cells] \
            if name in g.boards else [key for _, key in zone_keys(name, spec, "")]
        for key in keys:
            out.update(c for c in s["z"][key] if see is None or see(c))
    return out


def reveal(game, before: dict, after: dict) -> str:
    """What one decision (state `before` -> state `after`) showed to a seat that could not
    see it before, in words naming no secret; "" when nothing. Two kinds: a card entering a
    seat's visible_cards (drawn, turned, peeked at, shown), and a simultaneous choice
    settled with the secret answers of several seats (each now acts on the others')."""
    if decisions.settles_secrets(before, after):
        return "the secret choices of a simultaneous decision were revealed"
    saw = [game.g.seat_label(seat) for seat in range(before["n"])
           if visible_cards(game, after, seat) - visible_cards(game, before, seat)]
    if len(saw) == before["n"] and len(saw) > 1:
        return "hidden cards were shown to every seat"
    return f"{', '.join(saw)} saw a card hidden from them before" if saw else ""
