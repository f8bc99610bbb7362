"""Who may see what: the one place that answers "may this seat see it, now" for zones and
their cards, counters and values, log lines, and what a decision revealed (undo's test).
Views, the terminal, bots' imagined worlds and the play session ask here, so a rule about
secrets is written once.

The rule: a thing's declared `visibility` says who may look at it at all ("all": everyone;
"owner": the seat it belongs to; "none": nobody; a game's own things have no owner), and a
zone's `visible_if` (an expression of `card` and `viewer`) narrows that card by card, for
player zones, game zones and boards alike.
"""
from __future__ import annotations

from .. import zone_keys
from ..model import visible_key
from . import decisions
from .evaluation import Evaluator


def declared(visibility: str, owner: int | None, seat: int | None) -> bool:
    """May `seat` (None: a spectator) see a thing declared with this visibility that belongs
    to `owner` (None: the game's, which only "all" shows)?"""
    if visibility == "all":
        return True
    return visibility == "owner" and owner is not None and owner == seat


def card_test(g, evaluator, zone_name: str, seat, owner: int | None = None):
    """For a zone with visible_if: card -> may this seat see it; else None (every card the
    zone's visibility shows)."""
    fn = g.exprs.get(visible_key(zone_name, owner))
    return None if fn is None else evaluator.test(fn, "card", viewer=seat)


def zone_sight(g, evaluator, zone_name: str, owner: int | None, seat):
    """How `seat` sees the cards of one zone (a board counts as a game zone that shows its
    cards): (shows, test): shows is False when no card's identity is shown; otherwise test
    is None (every card) or card -> bool (visible_if)."""
    shows = _shows(g, zone_name, owner, seat)
    return shows, (card_test(g, evaluator, zone_name, seat, owner) if shows else None)


def _shows(g, zone_name: str, owner: int | None, seat) -> bool:
    if owner is None and zone_name in g.boards:
        return True
    spec = g.player_zones[zone_name] if owner is not None else g.game_zones[zone_name]
    return declared(spec.visibility, owner, seat)


def sees_whole(g, key: str, seat) -> bool:
    """Whether `seat` sees every card of zone `key`, whatever it holds (no visible_if to ask):
    a fact of the game, the key and the seat only, so callers may keep it."""
    owner, name, _ = zone_keys.parse(key)
    return _shows(g, name, owner, seat) and visible_key(name, owner) not in g.exprs


def hidden_in(g, evaluator, key: str, cards: list, seat) -> list:
    """The indices of the cards of zone `key` whose identity `seat` may not see."""
    owner, name, _ = zone_keys.parse(key)
    shows, test = zone_sight(g, evaluator, name, owner, seat)
    if not shows:
        return list(range(len(cards)))
    if test is None:
        return []
    return [i for i, c in enumerate(cards) if not test(c)]


def may_read(line, seat) -> bool:
    """Whether a seat (None: a spectator) may read a log line: a private line (vm.Line)
    only its audience."""
    audience = getattr(line, "audience", None)
    return audience is None or seat in audience


def visible_cards(game, s: dict, seat: int | None) -> set:
    """The cards whose identity this seat's view shows (the rules of zone_sight, as view()
    applies them). What undo compares: a card entering this set is a card revealed."""
    g = game.g
    evaluator = Evaluator(g, s)
    out = set()
    for key, cards in s["z"].items():
        if cards:
            hidden = set(hidden_in(g, evaluator, key, cards, seat))
            out.update(c for i, c in enumerate(cards) if i not in hidden)
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
