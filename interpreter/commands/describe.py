"""rulebook describe: a game's rules sheet, generated from its YAML."""
from __future__ import annotations

import click
from rich.markdown import Markdown

from ..present import terminal
from ..analysis.describe import rules_sheet
from .common import load_game, reports_errors
from ..safe_text import spelled


@click.command("describe")
@click.argument("game_name", metavar="GAME")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text",
              show_default=True, help="text: for the terminal; markdown: a rules sheet file.")
@reports_errors
def describe(game_name, fmt):
    """Print GAME for a person: components, setup, a round, cards, options, variants."""
    sheet = spelled(rules_sheet(load_game(game_name)))
    if fmt == "markdown":
        click.echo(sheet, nl=False)
    else:
        terminal.console().print(Markdown(sheet))
