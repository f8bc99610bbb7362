"""What a game's cards went through, from the events the engine already knows.

The VM calls `events(kind, card, a, b)`: ("move", card, from zone, to zone) whenever a card
changes zone, ("play", card, seat, None) whenever a card's effect runs. A card is
*acquired* by a seat when it enters one of that seat's zones from anywhere else (a game
zone or another seat's); moves between one seat's own zones (hand to discard) are not
acquisitions. Player zone keys start with the seat: "2.hand", "0.slots.fame".
"""
from __future__ import annotations

from .. import zone_keys


class Recorder:
    """The events of one game: card id -> the seats that acquired / played it, in order
    (a seat appears once per time). A game's `card_stats` may name the zones that count:
    `acquired` (a seat's zones a card enters from anywhere else), `played` (zones a card
    enters, by their owner or, for a game zone, by the seat whose zone it left); a
    declared `played` replaces the effect-runs count."""
    __slots__ = ("acquired", "played", "into", "played_into")

    def __init__(self, zones: dict | None = None):
        self.acquired: dict = {}
        self.played: dict = {}
        zones = zones or {}
        self.into = frozenset(zones["acquired"]) if zones.get("acquired") else None
        self.played_into = frozenset(zones["played"]) if zones.get("played") else None

    def __call__(self, kind, card, a, b):
        if kind == "move":
            seat = zone_keys.seat_of(b)
            into = self.into
            if seat is None:
                pass
            elif into is None:
                if zone_keys.seat_of(a) != seat:
                    self.acquired.setdefault(card, []).append(seat)
            elif zone_keys.group_name(b) in into and not (
                    zone_keys.seat_of(a) == seat and zone_keys.group_name(a) in into):
                self.acquired.setdefault(card, []).append(seat)
            if self.played_into is not None and zone_keys.group_name(b) in self.played_into:
                who = seat if seat is not None else zone_keys.seat_of(a)
                if who is not None:
                    self.played.setdefault(card, []).append(who)
        elif kind == "play" and self.played_into is None:
            self.played.setdefault(card, []).append(a)
