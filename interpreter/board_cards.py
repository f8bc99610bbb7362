"""Board cards drawn with their state: a board's squares show only labels, so each card on
it whose `show: true` card state differs from its start gets one line under the board,
e.g. "c2 Rivet Brawler 2/3: controller P1, damage 1, exhausted" (from views._board)."""
from __future__ import annotations


def _value(name: str, value) -> str:
    words = name.replace("_", " ")
    if value is True:
        return words
    if isinstance(value, list):
        return f"{words} {', '.join(map(str, value))}"
    return f"{words} {value}"


def card_lines(board: dict, back: str = "##") -> list:
    """One line per board card with shown state off its start, top row first."""
    shown = board.get("shown") or {}
    if not shown:
        return []
    out = []
    cells = sorted(board["cells"].items(), key=lambda kv: (-kv[1]["row"], kv[1]["col"]))
    for cell, info in cells:
        for entry in info["cards"]:
            state = [_value(k, entry[k]) for k, start in shown.items()
                     if k in entry and entry[k] != start and entry[k] not in (None, False)]
            if state:
                label = entry.get("card") or back
                out.append(f"{cell} {label}: {', '.join(state)}")
    return out
