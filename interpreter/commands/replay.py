"""rulebook replay: rebuild a saved game from its seed and decisions and check its hash."""
from __future__ import annotations

import click

from .. import terminal
from . import savefile
from .common import load_game, reports_errors
from .session import Session


@click.command("replay")
@click.argument("log", metavar="LOG")
@click.option("--show-log", is_flag=True, help="Print the game's log lines while replaying.")
@reports_errors
def replay(log, show_log):
    """Replay a save file and check it reaches the same state."""
    data = savefile.read(log)
    game = load_game(data["game"])
    session = Session.from_save(game, data)
    con = terminal.console()
    if show_log:
        for line in session.log:
            con.print(line, markup=False)
    got = game.state_hash(session.state)
    n = len(session.decisions)
    if got != data["state_hash"]:
        click.echo(f"MISMATCH: {log}: after {n} decisions the state hash is {got}, "
                   f"the file says {data['state_hash']}")
        raise SystemExit(1)
    over = "game over" if game.is_over(session.state) else "game in progress"
    click.echo(f"OK: {log}: {game.g.id}, {n} decisions, {over}, state hash {got}")
