"""Undo for a person, with the words every table says (the terminal's two tables, the
server's seats): in a secret sequence its last step, else the seat's last decision and the
bots' after it, refused in words when another person decided since or something was revealed
(play_session.Session.undo)."""
from __future__ import annotations

from ..errors import IllegalMove
from ..runtime import decisions
from ..runtime.decisions import UNDO as UNDO_STEP
from .terminal import plural


def undo_note(session, seat, humans) -> str:
    """Undo for a person (both tables): in a secret sequence its last step, else the seat's
    last decision and the bots' after it. Returns what to tell the person."""
    if UNDO_STEP in session.game.options(session.state, seat):
        session.decide(seat, UNDO_STEP)
        return "Undone: the last step of your sequence."
    try:
        done = len(session.decisions)
        undone = list(zip(session.decisions, session.before))
        n = session.undo(seat, humans)
    except IllegalMove as e:
        return str(e)
    # other seats' secret answers taken back are not counted: their number is theirs
    secret = sum(1 for (p, _), before in undone[len(session.decisions):done]
                 if p != seat and decisions.is_secret(before))
    return (f"Undone: {plural(n - secret, 'decision')}"
            + (" (and other seats' secret choices)." if secret else "."))
