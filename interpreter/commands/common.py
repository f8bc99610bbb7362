"""What every command shares: clear errors instead of tracebacks, loading a game."""
from __future__ import annotations

import functools
import os
import sys

import click

from ..errors import GameDefError, RulebookError
from ..load import game_options
from ..load.documents import resolve_game_path
from ..load.game_options import SetupError
from ..safe_text import spelled


class Failed(RulebookError):
    """Raised by a command to stop with a message on stderr and exit status 1."""


def reports_errors(fn):
    """Turn every error meant for a person into 'error: ...' on stderr and exit 1."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GameDefError as e:
            click.echo("error: the game definition has errors:", err=True)
            for f in e.findings:
                click.echo(f.format(), err=True)
            sys.exit(1)
        except RulebookError as e:
            click.echo(spelled(f"error: {e}"), err=True)
            sys.exit(1)
        except OSError as e:
            if isinstance(e, BrokenPipeError) and stdout_closed():
                leave_quietly()
            name = f" {e.filename}" if getattr(e, "filename", None) else ""
            click.echo(spelled(f"error: cannot use{name}: {e.strerror or e}"), err=True)
            sys.exit(1)
    return wrapper


def stdout_closed() -> bool:
    """Whether standard output is a pipe whose reader has gone (`rulebook simulate | head -1`):
    then a BrokenPipeError is the reader's choice, not an error (another broken pipe, a Dask
    worker's socket, still is one). Where poll cannot tell, a broken pipe is taken as stdout's."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):   # a test's captured output: not a pipe
        return False
    try:
        import select
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True


def leave_quietly() -> None:
    """Exit 0 as Unix tools do when their reader stops reading: nothing more is printed, and
    Python's last flush of stdout (to the gone reader) goes to /dev/null instead."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


_loaded: dict = {}   # (game.yaml, its files' mtimes) -> Game: many commands in one process


def load_game(name: str):
    """Game.load, reused while none of the game's YAML files has changed (a definition
    never changes once loaded, so sharing it is safe)."""
    from ..runtime.game import Game   # here: `validate` needs no driver
    path = resolve_game_path(name).resolve()
    files = [*path.parent.glob("*.y*ml"), *path.parent.glob("*/*.y*ml"),   # not a whole tree
             *path.parent.glob("*.csv"), *path.parent.glob("*/*.csv")]
    stamp = tuple(sorted((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))
    key = (str(path), stamp)
    if key not in _loaded:
        _loaded.clear()
        _loaded[key] = Game.load(str(path))
        for w in _loaded[key].g.warnings:     # shown, but they do not stop a game
            click.echo(w.format(), err=True)
    return _loaded[key]


def seat_arg(game, text: str, n: int) -> int:
    """A 1-based seat number (or a seat label like P2) -> 0-based seat."""
    labels = {game.g.seat_label(p).lower(): p for p in range(n)}
    t = text.strip().lower()
    if t in labels:
        return labels[t]
    if t.isdigit() and 1 <= int(t) <= n:
        return int(t) - 1
    raise Failed(f"no seat '{text}': seats are 1 to {n}")


def bot_args(game, kinds: list, bot_specs) -> list:
    """The kind of player at each seat after --bot SEAT=KIND (repeatable) set single seats."""
    kinds = list(kinds)
    for spec in bot_specs or ():
        seat, eq, kind = spec.partition("=")
        if not eq or not kind.strip():
            raise Failed(f"--bot {spec!r}: write SEAT=KIND, e.g. --bot 2=greedy")
        kinds[seat_arg(game, seat, len(kinds))] = kind.strip()
    return kinds


def option_args(game, given) -> dict:
    """--option NAME=VALUE (repeatable) -> {name: value}: each name looked up and each value
    read by game_options (the option's declared type, range and choices)."""
    specs, out = game.g.option_specs, {}
    for text in given or ():
        name, eq, value = text.partition("=")
        name = name.strip()
        if not eq or not name:
            raise Failed(f"--option {text!r}: write NAME=VALUE, e.g. --option turn_cap=50")
        try:
            out[name] = game_options.parse(game_options.spec_named(game.g.name, specs, name),
                                           value)
        except SetupError as e:
            raise Failed(f"--option {name}: {e.reason}") from None
    return out


def seed_option(ctx, param, value):
    """click callback: a --seed within the generator's range (a 5000-digit seed is refused
    here, not deep inside a game)."""
    from ..effects.rng import seed_problem
    if value is not None and seed_problem(value):
        raise click.BadParameter(seed_problem(value))
    return value
