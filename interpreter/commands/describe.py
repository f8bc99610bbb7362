"""rulebook describe: a game's rules sheet, generated from its YAML."""
from __future__ import annotations

import click
from rich.markdown import Markdown

from ..present import terminal
from ..analysis.describe import rules_sheet
from ..analysis.players_sheet import players_sheet
from .common import load_game, reports_errors
from ..safe_text import spelled


@click.command("describe")
@click.argument("game_name", metavar="GAME")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text",
              show_default=True, help="text: for the terminal; markdown: a rules sheet file.")
@click.option("--for", "reader", type=click.Choice(["designers", "players"]),
              default="designers", show_default=True,
              help="designers: everything, with the scripts; players: the rules in words "
                   "(how to play, components, setup, a round, scoring).")
@reports_errors
def describe(game_name, fmt, reader):
    """Print GAME for a person: components, setup, a round, cards, options, variants."""
    game = load_game(game_name)
    sheet = spelled(players_sheet(game) if reader == "players" else rules_sheet(game))
    if fmt == "markdown":
        click.echo(sheet, nl=False)
    else:
        terminal.console().print(Markdown(sheet))
