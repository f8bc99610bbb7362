"""rulebook replay: rebuild a saved game from its seed and decisions and check its hash."""
from __future__ import annotations

import click

from ..errors import GameError, RulebookError, SaveFileError
from ..load.documents import is_path
from ..runtime import saves as savefile
from ..runtime.play_session import Session
from ..runtime.redaction import line_text
from ..safe_text import spelled
from .common import load_game, reports_errors, seat_arg


@click.command("replay")
@click.argument("log", metavar="LOG")
@click.option("--game", "game_ref", metavar="GAME",
              help="The game's definition (a name or a path): needed when the save was played "
                   "on a game outside gamedefs/ (a save's path is never loaded on its own); "
                   "it must be the very definition the game was played on.")
@click.option("--show-log", is_flag=True, help="Print the game's log lines while replaying.")
@click.option("--seat", "seat_text", metavar="SEAT", help="With --show-log: the log as this "
              "seat read it (its private lines too; others' stay hidden).")
@reports_errors
def replay(log, game_ref, show_log, seat_text):
    """Replay a save file and check it reaches the same state."""
    data = savefile.read(log)
    source = game_ref or savefile.source_of(data)
    if not game_ref and is_path(source):
        # a save names a game; a path read from a file is loaded only when the person gives
        # it (a save could name any file, and loading it would quote what it holds)
        raise SaveFileError(f"'{log}' was played on a game outside gamedefs/; a path in a "
                            f"save is not loaded on its own: give the game with --game PATH "
                            f"(the save names '{source[:200]}')")
    game = load_game(source)
    try:
        session = Session.from_save(game, data)
    except GameError as e:
        # A save written for a game in error (analysis/repro.py) ends with the decision that
        # failed: replaying it meets that error at its last decision, which is the point.
        n = len(data["decisions"])
        if getattr(e, "decision", None) != n:
            raise
        click.echo(spelled(f"STOPPED AT THE ERROR: {log}: decision {n}, the save's last, "
                           f"fails as when the save was written: {e}"))
        raise SystemExit(1) from None
    if show_log:
        from ..present import terminal
        con = terminal.console()
        reader = seat_arg(game, seat_text, session.players) if seat_text else None
        for line in session.log:
            audience = getattr(line, "audience", None)
            if audience is None or reader in audience:   # as the reader may read it
                con.print(spelled(line_text(line, reader)), markup=False)
            else:   # a private line is not shown to whoever reads the replay
                who = ", ".join(game.g.seat_label(p) for p in audience) or "nobody"
                con.print(spelled(f"(a line for {who} only)"), markup=False)
    got = game.position_hash(session.state)
    n = len(session.decisions)
    problem, note = savefile.hash_problem(game, session.state, data)
    if problem:
        click.echo(spelled(f"MISMATCH: {log}: after {n} decisions {problem}"))
        raise SystemExit(1)
    over = "game over" if game.is_over(session.state) else "game in progress"
    click.echo(spelled(f"OK: {log}: {game.g.id}, {n} decisions, {over}, state hash {got}"
                       + (f" ({note})" if note else "")))
