"""Issue 32 item 9: the commands rulebook prints to continue or reproduce a game named a
game loaded from a path by its id ("rulebook play metras --load ...", "rulebook replay
...": refused for a game played from ./mygame). Every printed command runs as printed: it
is run here by a shell, from the folder the user was in, in a folder whose name needs
quoting."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "switchback"
CARD_LABELS = Path(__file__).parent / "games" / "card_labels"
BIN = str(Path(sys.executable).parent)       # where pip put the rulebook command


def sh(command: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": BIN + os.pathsep + os.environ.get("PATH", "")}
    return subprocess.run(command, shell=True, cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


@pytest.fixture
def here(tmp_path) -> Path:
    """The user's folder (its name needs quoting), with ./mygame: a copy of an example."""
    folder = tmp_path / "my games (copy)"
    folder.mkdir()
    shutil.copytree(EXAMPLE, folder / "mygame")
    return folder


def printed(pattern: str, text: str) -> str:
    found = re.search(pattern + r"(rulebook .*)$", text, re.M)
    assert found, text
    return found.group(1)


def test_the_command_printed_when_play_stops_continues_the_game(here):
    first = sh("rulebook play ./mygame --plain --seed 4", here, stdin="1\n")   # then end of input
    assert first.returncode == 130, first.stderr
    command = printed(r"Continue it with: ", first.stderr)
    assert "--load" in command and "mygame" in command
    again = sh(command, here, stdin="")
    assert "error" not in again.stderr.lower(), (command, again.stderr)
    assert again.returncode == 130 and "Continue it with: " in again.stderr   # loaded, stopped again
    assert "mygame" in printed(r"Continue it with: ", again.stderr)


def test_the_command_printed_by_save_at_the_table_continues_the_game(here):
    first = sh("rulebook play ./mygame --plain --seed 4", here, stdin="save\nquit\n")
    command = printed(r"Continue later with: ", first.stdout + first.stderr)
    again = sh(command, here, stdin="quit\n")
    assert "error" not in again.stderr.lower(), (command, again.stderr)


def test_the_command_printed_for_a_game_in_error_reproduces_it(here):
    game = here / "broken game"
    shutil.copytree(CARD_LABELS, game)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("by p prompt",
                                             "by players[count(p.kept) * 5] prompt"))
    sim = sh(f"rulebook simulate './broken game' -n 1 -j 1 --no-cards", here)
    assert "who chooses c is none" in sim.stdout + sim.stderr
    command = printed(r"reproduce it: ", sim.stdout + sim.stderr)
    assert "--game" in command
    again = sh(command, here)
    assert again.stdout.startswith("STOPPED AT THE ERROR"), (command, again.stdout, again.stderr)
    assert "who chooses c is none, not a player" in again.stdout
