"""Zone keys: how state["z"] (and a card's place in state["loc"]) names one zone. The only
module that builds or reads their raw form.

A key is "SEAT.ZONE" for a seat's zone ("0.hand"), "SEAT.GROUP.SUB" for one zone of a seat's
keyed group ("1.slots.fame"), "ZONE" for a game zone ("market") and "GROUP.SUB" for one zone of
a game zone group or a board's cell ("nobles.ready", "board.d4"). A seat is a number and a zone
name never starts with a digit, so the first character tells a seat's zone from the game's.
"""
from __future__ import annotations


def make(seat: int | None, zone: str, sub=None) -> str:
    """The key of a zone: a seat's (or the game's, seat None), `sub` naming one zone of a group.
    `zone` may already hold its sub key ("slots.fame", as `card.zone` reads)."""
    key = zone if sub is None else f"{zone}.{sub}"
    return key if seat is None else f"{seat}.{key}"


def parse(key: str) -> tuple:
    """(seat or None, zone group name, sub key or None): "1.slots.fame" -> (1, "slots", "fame")."""
    seat = None
    if key[0].isdigit():
        head, _, key = key.partition(".")
        seat = int(head)
    name, _, sub = key.partition(".")
    return seat, name, sub or None


def seat_of(key: str) -> int | None:
    """The seat owning a zone, or None for a game zone."""
    return int(key[:key.index(".")]) if key[0].isdigit() else None


def without_seat(key: str) -> str:
    """The key as its owner names it ("1.slots.fame" -> "slots.fame"; a game zone's unchanged):
    what `card.zone` reads and what a seat's view lists."""
    return key[key.index(".") + 1:] if key[0].isdigit() else key


def group_name(key: str) -> str:
    """The declared zone (or board) a key belongs to: "2.slots.fame" -> "slots", "board.d4" ->
    "board"."""
    return parse(key)[1]


def group_keys(name: str, subs, seat: int | None = None) -> list:
    """Every key of one declared zone (a keyed group: one key per sub key) for a seat or the
    game."""
    return [make(seat, name, sub) for sub in subs] if subs else [make(seat, name)]


def all_keys(g, n: int) -> list:
    """Every zone key of a game with n seats: the game's zones, then each seat's, in declared
    order (the order a new state's zones are made in)."""
    keys = []
    for name, spec in g.game_zones.items():
        keys.extend(group_keys(name, spec.keys))
    for p in range(n):
        for name, spec in g.player_zones.items():
            keys.extend(group_keys(name, spec.keys, p))
    return keys
