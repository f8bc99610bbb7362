"""rulebook list: the games under gamedefs/."""
from __future__ import annotations

import click
from rich.table import Table
from rich.text import Text

from .. import terminal
from ..errors import RulebookError
from ..game import Game
from ..loader import GAMEDEFS
from .common import reports_errors


@click.command("list")
@reports_errors
def list_games():
    """List the games under gamedefs/ with players and variants."""
    con = terminal.console()
    dirs = sorted(d for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file()) \
        if GAMEDEFS.is_dir() else []
    if not dirs:
        con.print(f"No games under {GAMEDEFS}.")
        return
    t = Table(header_style="bold")
    for col in ("game", "name", "players", "variants"):
        t.add_column(col)
    for d in dirs:
        try:
            g = Game.load(str(d)).g
        except RulebookError:   # one broken game must not hide the others
            t.add_row(Text(d.name), Text("has errors", style="red"), "",
                      Text(f"see: rulebook validate {d.name}"))
            continue
        players = str(g.players_min) if g.players_min == g.players_max else \
            f"{g.players_min}-{g.players_max}"
        variants = ", ".join(v + (" (default)" if v == g.default_variant else "")
                             for v in g.variants)
        t.add_row(*(Text(x) for x in (g.id, g.name, players, variants)))
    con.print(t)
