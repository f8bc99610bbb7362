"""What a seat (or a spectator) is sent, the one object of the HTTP API and the websockets:

    {"decision": D, "view": VIEW, "log": [LINES], "waiting": [seats], "over": bool,
     "result": RESULT | null, ...}

VIEW is present/views.view(game, state, seat) itself (None: a spectator's, the view of no
seat); D is the decision number that view counts (other seats' secret steps not counted:
runtime/decisions.seen_decisions); LINES the log lines this seat may read, worded for it
(runtime/redaction). Besides: the table, the seat, where the lines since its last decision
start, who plays each seat and who is connected, and each board drawn as SVG from the view.
Never a state, a save, a seed or another seat's view."""
from __future__ import annotations

from ..present import views
from ..runtime.redaction import line_text, may_read
from .board_svg import board_svg


def message(table, seat) -> dict:
    session, game = table.session, table.game
    s = session.state
    v = views.view(game, s, seat)
    log = session.log
    lines = [line_text(x, seat) for x in log if may_read(x, seat)]
    g = game.g
    players = [{"seat": p + 1, "label": g.seat_label(p), "kind": k,
                "connected": bool(table.connected.get(p))}
               for p, k in enumerate(table.kinds)]
    seats = [x["label"] for x in v["seats"]]
    return {
        "decision": v["decisions"],
        "view": v,
        "log": lines,
        "waiting": [p + 1 for p in game.waiting(s)],
        "over": bool(s["over"]),
        "result": v.get("result"),
        "table": table.id,
        "version": table.version,       # a client keeps the newest message it got
        "game": table.name,
        "seat": None if seat is None else seat + 1,
        "since": _since(session, seat),
        "players": players,
        "ended": table.ended,
        "failure": table.failure or None,
        "svg": {name: board_svg(b, v["seat_label"], seats)
                for name, b in (v.get("boards") or {}).items()},
    }


def _since(session, seat) -> int | None:
    """How many of the seat's log lines came before its last decision (the lines after it
    are "since your last decision"); None for a spectator or before its first decision."""
    if seat is None:
        return None
    last = next((i for i in range(len(session.decisions) - 1, -1, -1)
                 if session.decisions[i][0] == seat), None)
    if last is None:
        return None
    cut = session.marks[last]
    return sum(1 for x in session.log[:cut] if may_read(x, seat))
