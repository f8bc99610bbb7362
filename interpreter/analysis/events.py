"""What a game's cards went through, from the events the engine already knows.

The VM calls `events(kind, card, a, b)`: ("move", card, from zone, to zone) whenever a card
changes zone, ("play", card, seat, None) whenever a card's effect runs. A card is
*acquired* by a seat when it enters one of that seat's zones from anywhere else (a game
zone or another seat's); moves between one seat's own zones (hand to discard) are not
acquisitions. Player zone keys start with the seat: "2.hand", "0.slots.fame".
"""
from __future__ import annotations


def zone_seat(key: str):
    """The seat owning a zone key, or None for a game zone."""
    if key[0].isdigit():
        return int(key[:key.index(".")])
    return None


class Recorder:
    """The events of one game: card id -> the seats that acquired / played it, in order
    (a seat appears once per time)."""
    __slots__ = ("acquired", "played")

    def __init__(self):
        self.acquired: dict = {}
        self.played: dict = {}

    def __call__(self, kind, card, a, b):
        if kind == "move":
            if b[0].isdigit():
                seat = b[:b.index(".") + 1]   # "2." : the owner's prefix
                if not a.startswith(seat):
                    self.acquired.setdefault(card, []).append(int(seat[:-1]))
        elif kind == "play":
            self.played.setdefault(card, []).append(a)
