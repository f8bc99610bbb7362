"""Marks: public knowledge about cards (`mark CARDS "text" | known | shows ATTR [to P]
[kept]`, `unmark CARDS`), kept in state["mk"] as {card: [[kind, payload, seats or None
(everyone), kept], ...]}: written here for the VM (vm.mark, vm.unmark; a card changing zone
calls moved), read here for runtime/visibility.py, which answers who sees what with them.
A new mapping is made at each change, so clones of a state may share it.
"""
from __future__ import annotations

from ..errors import GameError


EVERYONE = object()     # a mark without `to`


def mark(vm, cards, kind: str, payload, kept: bool, to=EVERYONE) -> None:
    """`mark CARDS ...`: public knowledge about cards, kept in state["mk"] as {card:
    [[kind, payload, seats or None (all), kept], ...]} (a new mapping at each change,
    so clones may share it). kind "text": payload is the text; "known": the card
    itself; "attr": payload is an attribute's name, stored with the card's value."""
    s = vm.s
    seats = None if to is EVERYONE else sorted({p for p in (to if isinstance(to, (list, tuple))
                                                             else [to]) if type(p) is int})
    marks = dict(s.get("mk") or {})
    for card in (cards if type(cards) is list else [cards]):
        if card is None:
            continue
        if card not in vm.g.cards:
            raise GameError(f"{card!r} is not a card: only cards are marked")
        what = [payload, vm.g.cards[card].get(payload)] if kind == "attr" else payload
        entry = [kind, what, seats, kept]
        old = [m for m in marks.get(card, ()) if m[:3] != entry[:3]]
        marks[card] = old + [entry]
    s["mk"] = marks


def unmark(vm, cards) -> None:
    """`unmark CARDS`: every mark on them gone."""
    marks = vm.s.get("mk")
    if marks:
        gone = set(cards if type(cards) is list else [cards])
        vm.s["mk"] = {c: m for c, m in marks.items() if c not in gone}


def moved(vm, card: str) -> None:
    """A card changed zone: its marks go, but those declared kept."""
    marks = vm.s["mk"]
    kept = [m for m in marks[card] if m[3]]
    marks = dict(marks)
    if kept:
        marks[card] = kept
    else:
        del marks[card]
    vm.s["mk"] = marks


# ------------------------------------------------------------------ reading them
def _told(mark, seat) -> bool:
    return mark[2] is None or (seat is not None and seat in mark[2])


def known_cards(s: dict, seat) -> set:
    """The cards a `mark ... known` has shown to this seat (they stay shown until they
    change zone, unless kept)."""
    marks = s.get("mk")
    if not marks:
        return set()
    return {c for c, ms in marks.items() if any(m[0] == "known" and _told(m, seat)
                                               for m in ms)}


def mark_words(s: dict, card, seat) -> list:
    """What the seat is told of a card by marks, as texts ("red", "colour red"); a known
    card's mark says nothing more than the card itself, which the seat then sees."""
    out = []
    for kind, payload, seats, _ in (s.get("mk") or {}).get(card, ()):
        if _told([kind, payload, seats], seat):
            if kind == "text":
                out.append(payload)
            elif kind == "attr":
                out.append(f"{payload[0]} {payload[1]}")
    return out


def attr_marks(s: dict, card, seat) -> list:
    """[attribute, value] of every `mark ... shows ATTR` on a card told to the seat: what
    an imagined world keeps true of the card dealt to its place."""
    return [m[1] for m in (s.get("mk") or {}).get(card, ())
            if m[0] == "attr" and _told(m, seat)]


def shown(vm, card, attribute: str, seat=None):
    """`shown(card, "colour" [, seat])`: the value a `mark ... shows ATTR` gave of the card,
    told to everyone (or, with a seat, to that seat); none without such a mark. The rules
    and a bot's rules read hints this way: in a bot's imagined world only its own marks
    remain (forget_marks), so a bot reads what it was told and nothing more."""
    for kind, payload, seats, _ in (vm.s.get("mk") or {}).get(card, ()):
        if kind == "attr" and payload[0] == attribute and \
                (seats is None or (seat is not None and seat in seats)):
            return payload[1]
    return None


def forget_marks(s: dict, seat) -> None:
    """Drop from a copy of the state every mark the seat was not told (an imagined world
    knows only its own)."""
    marks = s.get("mk")
    if marks:
        s["mk"] = {c: kept for c, ms in marks.items()
                   if (kept := [m for m in ms if _told(m, seat)])}
