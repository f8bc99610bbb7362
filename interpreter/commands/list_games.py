"""rulebook list: the games under gamedefs/, with their variants and options."""
from __future__ import annotations

import click
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..present import terminal
from ..errors import RulebookError
from ..runtime.game import Game
from ..load.documents import GAMEDEFS
from ..load.game_options import descriptions
from .common import reports_errors
from ..safe_text import spelled


@click.command("list")
@reports_errors
def list_games():
    """List the games under gamedefs/ with players, variants and options."""
    con = terminal.console()
    dirs = sorted(d for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file()) \
        if GAMEDEFS.is_dir() else []
    if not dirs:
        con.print(f"No games under {GAMEDEFS}.")
        return
    t = Table(header_style="bold")
    for col in ("game", "name", "players", "variants", "options"):
        t.add_column(col)
    about = []   # (game, its options' lines), printed under the table where they have room
    for d in dirs:
        try:
            g = Game.load(str(d)).g
        except RulebookError:   # one broken game must not hide the others
            t.add_row(Text(d.name), Text("has errors", style="red"), "",
                      Text(f"see: rulebook validate {d.name}"), "")
            continue
        players = str(g.players_min) if g.players_min == g.players_max else \
            f"{g.players_min}-{g.players_max}"
        variants = ", ".join(v + (" (default)" if v == g.default_variant else "")
                             for v in g.variants)
        t.add_row(*(Text(spelled(x)) for x in (g.id, g.name, players, variants,
                                               ", ".join(g.options) or "-")))
        if g.options:
            about.append((g, options_lines(g)))
    con.print(t)
    for g, lines in about:
        con.print(Text(spelled(f"{g.name} options (play or simulate {g.id} "
                               "--option NAME=VALUE):"), style="bold"))
        for line in lines:
            con.print(Padding(Text(spelled(line)), (0, 0, 0, 2)))


def options_lines(g) -> list:
    """Each option as 'name (default D): description'."""
    described = descriptions(g.path)
    lines = []
    for name, default in g.options.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        about = described.get(name)
        lines.append(f"{name} (default {shown})" + (f": {about}" if about else ""))
    return lines
