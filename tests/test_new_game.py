"""rulebook new: a game folder that validates with --strict, plays, and carries a test file
running the shared random-playout checks; --from copies an example under a new id."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter import Game, check_game
from interpreter.analysis import playout_checks

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(d.name for d in (ROOT / "examples").iterdir() if (d / "game.yaml").is_file())


def new(*args, cwd: Path, monkeypatch):
    """`rulebook new ARGS` run in the folder cwd."""
    monkeypatch.chdir(cwd)
    return CliRunner().invoke(main, ["new", *args])


def test_the_starter_validates_strictly_and_plays(tmp_path, monkeypatch):
    res = new("my_game", cwd=tmp_path, monkeypatch=monkeypatch)
    assert res.exit_code == 0, res.output
    folder = tmp_path / "my_game"
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "game.yaml",
                                                         "test_my_game.py"]
    text = (folder / "game.yaml").read_text()
    schema = text.splitlines()[0].split("$schema=")[1]
    assert Path(schema).is_absolute() and Path(schema).is_file()   # outside the checkout
    assert "id: my_game" in text and "name: My Game" in text
    assert check_game(str(folder)) == []                            # no error, no warning
    game = Game.load(str(folder))
    assert playout_checks.check_game(game, seeds=3, round_trips=1, view_seeds=1) == 3 * 4
    readme = (folder / "README.md").read_text()
    assert "| rule | what it says | where in game.yaml | test |" in readme
    assert "rulebook play ./my_game --players 3" in readme and "__" not in readme
    assert "made ./my_game/ (game id 'my_game')" in res.output


def test_its_test_file_runs_the_shared_checks(tmp_path, monkeypatch):
    assert new("duel", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-n", "0", "duel"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout


@pytest.mark.parametrize("example", EXAMPLES)
def test_from_each_example(tmp_path, monkeypatch, example):
    res = new(f"mine-{example}", "--from", example, cwd=tmp_path, monkeypatch=monkeypatch)
    assert res.exit_code == 0, res.output
    folder = tmp_path / f"mine-{example}"
    text = (folder / "game.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=/")
    assert f"  id: mine-{example}\n" in text
    assert [f for f in check_game(str(folder)) if f.severity == "error"] == []
    Game.load(str(folder)).new_state(seed=1)


def test_refusals(tmp_path, monkeypatch):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x.txt").write_text("mine")
    res = new("taken", cwd=tmp_path, monkeypatch=monkeypatch)
    assert res.exit_code == 1 and "already exists and is not empty" in res.output
    assert (tmp_path / "taken" / "x.txt").read_text() == "mine"
    res = new("other", "--from", "no_such", cwd=tmp_path, monkeypatch=monkeypatch)
    assert res.exit_code == 1 and "no example 'no_such' (the examples: bust," in res.output
    assert not (tmp_path / "other").exists()


def test_a_folder_name_becomes_an_id(tmp_path, monkeypatch):
    res = new("My Great Game!", cwd=tmp_path, monkeypatch=monkeypatch)
    assert res.exit_code == 0, res.output
    assert "  id: my_great_game\n" in (tmp_path / "My Great Game!" / "game.yaml").read_text()
