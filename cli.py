"""rulebook's command line: a thin group over interpreter/commands (one module per command)."""
from __future__ import annotations

import click

from interpreter.commands.compare import compare
from interpreter.commands.describe import describe
from interpreter.commands.list_games import list_games
from interpreter.commands.play import play
from interpreter.commands.replay import replay
from interpreter.commands.simulate import simulate
from interpreter.commands.sweep import sweep
from interpreter.commands.validate import validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main():
    """A data-driven rules interpreter for tabletop games declared in YAML."""


for command in (list_games, validate, play, simulate, compare, sweep, describe, replay):
    main.add_command(command)


if __name__ == "__main__":
    main()
