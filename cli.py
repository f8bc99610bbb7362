"""rulebook's command line: a thin group over interpreter/commands (one module per command).

A command's module is imported only when that command runs, so `validate` never pays for
rich, the bots or the terminal (see LazyGroup)."""
from __future__ import annotations

import importlib

import click

# name -> (module under interpreter.commands, the click command in it, one-line help)
COMMANDS = {
    "list": ("list_games", "list_games", "List the games under gamedefs/ with players and variants."),
    "validate": ("validate", "validate", "Check game definitions."),
    "play": ("play", "play", "Play a game against bots or people."),
    "simulate": ("simulate", "simulate", "Run N bot games of GAME: win rates, draws, game length."),
    "compare": ("compare", "compare", "Play two versions of a game on the same seeds; differences."),
    "sweep": ("sweep", "sweep", "One simulation per value of a game setting (--set PATH=V1,V2)."),
    "describe": ("describe", "describe", "The game for a person: components, flow, cards."),
    "replay": ("replay", "replay", "Replay a save file and check it reaches the same state."),
    "tune": ("tune", "tune", "Search a game's values for those that meet objectives (balance, ...)."),
    "new": ("new_game", "new", "Make a new game folder that validates and plays (--from EXAMPLE)."),
    "serve": ("serve", "serve", "Serve games to play together in browsers and terminals."),
    "join": ("join", "join", "Take a seat of a served table at the full-screen terminal table."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module, attr, _ = COMMANDS[name]
        return getattr(importlib.import_module(f"interpreter.commands.{module}"), attr)

    def invoke(self, ctx):
        """A reader that stops reading (`| head -1`) ends the command quietly with status 0,
        as Unix tools do (click's own handling exits 1)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            from interpreter.commands.common import leave_quietly, stdout_closed
            if stdout_closed():
                leave_quietly()
            raise

    def format_commands(self, ctx, formatter):
        """The command list without importing every command."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, text) for name, (_, _, text) in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main():
    """A data-driven rules interpreter for tabletop games declared in YAML."""


if __name__ == "__main__":
    main()
