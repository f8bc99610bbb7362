"""Board cards drawn with their state: a board's squares show only labels, so each card on
it whose `show: true` card state differs from its start, or that carries marks told to the
seat (`mark`), gets one line under the board, e.g. "c2 Rivet Brawler 2/3: controller P1,
damage 1, exhausted" or "b3 ##: colour red" (from views._board)."""
from __future__ import annotations

from .screen_words import named


def card_lines(board: dict, back: str = "##") -> list:
    """One line per board card with shown state off its start, in the board's order of places
    (a grid's top row first, a hex map's vertices or faces in reading order)."""
    shown = board.get("shown") or {}
    out = []
    for cell, info in board["cells"].items():
        for entry in info["cards"]:
            state = [named(k, entry[k]) for k, start in shown.items()
                     if k in entry and entry[k] != start and entry[k] not in (None, False)]
            state += entry.get("marks", ())       # what marks told this seat of the card
            if state:
                label = entry.get("card") or back
                out.append(f"{cell} {label}: {', '.join(state)}")
    return out
