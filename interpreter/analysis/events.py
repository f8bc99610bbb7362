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
    (a seat appears once per time)."""
    __slots__ = ("acquired", "played")

    def __init__(self):
        self.acquired: dict = {}
        self.played: dict = {}

    def __call__(self, kind, card, a, b):
        if kind == "move":
            seat = zone_keys.seat_of(b)
            if seat is not None and zone_keys.seat_of(a) != seat:
                self.acquired.setdefault(card, []).append(seat)
        elif kind == "play":
            self.played.setdefault(card, []).append(a)
