"""What the table's looking words show, each drawn from one seat's view only: `rim` (a grid
board's distances from the rim and their worth), `card N` / `card LABEL` / `details LABEL`
(a card's declared details: option N's card, a card on screen) and `card PLACE` (the cards
on a board's place). The words plain mode has (commands/human.py), read the same way."""
from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .. import terminal
from ..card_details import once
from ...errors import did_you_mean
from ..typed import card_named, exact_label, whole

CARD_HOW = ("Type card N (option N's card), card PLACE (the cards on a board's place), "
            "card LABEL or details LABEL (a card on screen), or card alone: every card on "
            "screen.")


def rim(v: dict):
    """Every grid board of the view with each square's distance from the rim (and what it is
    worth, when the board declares rim_worth); a sentence when the game has none."""
    boards = {k: b for k, b in (v.get("boards") or {}).items() if b["shape"] == "grid"}
    if not boards:      # a hex map has no rim
        return None, "This game has no grid board."
    parts = []
    for name, board in boards.items():
        says = f", and after the colon {board['rim_says']}" if board.get("rim_says") else ""
        parts.append(terminal.render_board(board, v["seat_label"],
                                           title=f"{name}: distance from the rim{says}",
                                           rim=True))
    return Group(*parts), ""


def cards(v: dict, arg: str):
    """(what to show, or None; what to say): the details of the cards `card ARG` names in
    this view (its card_details only: never a card the seat may not see)."""
    details = v.get("card_details") or {}
    arg = arg.strip()
    if not arg:
        if not details:
            return None, "No card on screen has details to open."
        said: set = set()       # a type's text once in the list
        return Group(*(terminal.card_details(c, once(details[c], said) or ["(as above)"])
                       for c in details)), ""
    n = whole(arg)
    if n is not None:   # option N (the table numbers options over the whole menu)
        options = v.get("options") or []
        if not 1 <= n <= len(options):
            return None, f"There is no option {arg[:12]}. {CARD_HOW}"
        found = card_named(options[n - 1], details, option=True)
        if found is None:
            return None, f"Option {n} names no card with details."
        return terminal.card_details(found, details[found]), ""
    here = at_place(v, arg)
    if here is not None:
        place, labels = here
        if not labels:
            return None, f"No card you may see lies on {place}."
        said = set()
        return Group(Text(f"On {place}:", style="bold cyan"),
                     *(terminal.card_details(c, once(details.get(c, []), said) or
                                             (["(as above)"] if details.get(c) else []))
                       for c in labels)), ""
    found = card_named(arg, details)
    if found is None:
        hint = did_you_mean(arg, list(details)) if len(arg) < 200 else ""
        return None, (f"{hint}. " if hint else "") + CARD_HOW
    return terminal.card_details(found, details[found]), ""


def at_place(v: dict, text: str):
    """(place, [card labels the seat sees there, top last]) for a board place typed by its
    name (any case), or None when no board has such a place."""
    for board in (v.get("boards") or {}).values():
        place = exact_label(text, list(board["cells"]))
        if place is not None:
            stack = board["cells"][place]["cards"]
            return place, list(dict.fromkeys(c["card"] for c in stack if c.get("card")))
    return None
