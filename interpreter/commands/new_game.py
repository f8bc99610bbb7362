"""rulebook new NAME [--from EXAMPLE]: a new game folder that validates and plays at once.

The folder holds game.yaml (its `$schema` line pointing at this install's schema, for an
editor's completion), a README with the rules-coverage table to fill in, and a test file
that runs the shared random-playout checks on the game. The starter is the files beside this
module (new_game_files/), or an example under examples/ copied with the new id."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import click

from ..files import write_text
from ..load.documents import ROOT, SCHEMA_PATH
from .common import Failed, reports_errors

STARTER = Path(__file__).resolve().parent / "new_game_files"
EXAMPLES = ROOT / "examples"
ID_FORM = re.compile(r"^[a-z][a-z0-9_-]*$")      # the schema's game.id pattern
SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=.*$", re.M)
GAME_ID_LINE = re.compile(r"^(game:\s*\n(?:[ \t]+.*\n|\s*\n)*?[ \t]+id:[ \t]*)\S.*$", re.M)
GAME_NAME_LINE = re.compile(r"^(game:\s*\n(?:[ \t]+.*\n|\s*\n)*?[ \t]+name:[ \t]*)\S.*$", re.M)


def game_id(folder: Path) -> str:
    """The folder's name as a game id: lower case, other characters as '_'."""
    text = re.sub(r"[^a-z0-9_-]+", "_", folder.name.lower()).strip("_-")
    if not text or not text[0].isalpha():
        text = "game_" + text
    return text


def schema_ref(folder: Path) -> str:
    """The schema's path as the new game.yaml sees it: relative inside this checkout (the
    games here move with it), absolute elsewhere."""
    place = folder.resolve()
    if place.is_relative_to(ROOT):
        return Path(os.path.relpath(SCHEMA_PATH, place)).as_posix()
    return SCHEMA_PATH.as_posix()


def shown_path(folder: Path) -> str:
    """How the README and the test name the folder: a path rulebook reads as a path."""
    text = folder.as_posix()
    return text if "/" in text else f"./{text}"


def example_folder(name: str) -> Path:
    folder = EXAMPLES / name if "/" not in name else Path(name)
    if not (folder / "game.yaml").is_file():
        known = ", ".join(sorted(d.name for d in EXAMPLES.iterdir() if (d / "game.yaml").is_file()))
        raise Failed(f"no example '{name}' (the examples: {known})")
    return folder


def fill(text: str, words: dict) -> str:
    for key, value in words.items():
        text = text.replace(f"__{key}__", value)
    return text


def from_example(source: Path, folder: Path, words: dict) -> None:
    """The example's files copied; game.yaml with the new schema line, id and name."""
    shutil.copytree(source, folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "README.md"))
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    schema = f"# yaml-language-server: $schema={words['SCHEMA']}"
    text = SCHEMA_LINE.sub(lambda m: schema, text, count=1) if SCHEMA_LINE.search(text) \
        else schema + "\n" + text
    text = GAME_ID_LINE.sub(lambda m: m.group(1) + words["ID"], text, count=1)
    text = GAME_NAME_LINE.sub(lambda m: m.group(1) + words["NAME"], text, count=1)
    write_text(game_yaml, text)


@click.command("new")
@click.argument("folder", metavar="NAME", type=click.Path(path_type=Path))
@click.option("--from", "example", metavar="EXAMPLE",
              help="Start from an example under examples/ (e.g. bust, pick_and_pass) "
                   "instead of the starter game.")
@reports_errors
def new(folder: Path, example):
    """Make a new game folder NAME: game.yaml, README.md and a test file, ready to play."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise Failed(f"'{folder}' already exists and is not empty: choose a new name")
    ident = game_id(folder)
    if not ID_FORM.match(ident):
        raise Failed(f"cannot make a game id from '{folder.name}'")
    words = {"ID": ident, "NAME": folder.name.replace("_", " ").replace("-", " ").title(),
             "SCHEMA": schema_ref(folder), "PATH": shown_path(folder)}
    source = example_folder(example) if example else None
    folder.mkdir(parents=True, exist_ok=True)
    if source is not None:
        from_example(source, folder, words)
    else:
        write_text(folder / "game.yaml", fill((STARTER / "game.yaml").read_text("utf-8"), words))
    write_text(folder / "README.md", fill((STARTER / "README.md").read_text("utf-8"), words))
    write_text(folder / f"test_{ident.replace('-', '_')}.py",
               fill((STARTER / "test_game.py").read_text("utf-8"), words))
    from ..build.game_loader import check_game
    findings = [f for f in check_game(str(folder / "game.yaml")) if f.severity == "error"]
    if findings:        # an example that no longer validates: say so, keep the files
        for f in findings:
            click.echo(f.format(), err=True)
        raise Failed(f"'{folder}' was made, but its game.yaml has errors")
    path = words["PATH"]
    click.echo(f"made {path}/ (game id '{ident}'): game.yaml, README.md, test_{ident}.py\n"
               f"next: rulebook validate {path}   rulebook play {path}   "
               f"python -m pytest {path}")
