"""Issue 33 item 8: the rules in reach of a player. Each game's How to play (game.how_to_play,
or a summary made from the YAML) fits one screen at 80x24; F1 shows it at the full-screen
table, `help rules` in plain mode, and `rulebook describe GAME --for players` reads as rules
in words, while `describe` for designers stays as it was."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from interpreter.build.how_to_play import ROWS, WIDTH, wrapped
from interpreter.commands.common import load_game
from interpreter.load.documents import GAMEDEFS
from interpreter.present.table.rules_screen import RulesScreen
from interpreter.present.table.screens import HelpScreen

from test_cli import run
from tui_table import plain, press, sync, table

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(d.name for d in GAMEDEFS.iterdir() if (d / "game.yaml").is_file())
EXAMPLES = sorted(f"examples/{d.name}" for d in (ROOT / "examples").iterdir()
                  if (d / "game.yaml").is_file())


@pytest.mark.parametrize("name", GAMES + EXAMPLES)
def test_every_game_declares_a_how_to_play_that_fits_one_screen(name):
    path = (GAMEDEFS / name if "/" not in name else ROOT / name) / "game.yaml"
    declared = yaml.safe_load(path.read_text())["game"]["how_to_play"]
    g = load_game(name).g
    assert g.how_to_play == declared.strip()
    lines = wrapped(g.how_to_play)
    assert len(lines) <= ROWS and max(map(len, lines)) <= WIDTH
    assert re.search(r"\b(win|wins|Goal)\b", g.how_to_play)      # the goal is said


def _game(tmp_path, game_extra: str, end: str = "end: {score: it.points}\n") -> Path:
    (tmp_path / "game.yaml").write_text(
        "game:\n  id: tiny\n  name: Tiny\n  description: Race to the top.\n"
        "  players: {min: 2, max: 3}\n" + game_extra +
        "counters:\n  player:\n    points: {start: 0, description: Points earned by racing}\n"
        "rounds:\n  count: 3\n  phases:\n    - name: race\n      do: |\n"
        "        for each p in players:\n            gain points 1 to p\n" + end)
    return tmp_path / "game.yaml"


def test_a_game_without_how_to_play_gets_a_summary_from_its_declarations(tmp_path):
    g = load_game(str(_game(tmp_path, ""))).g
    lines = g.how_to_play.splitlines()
    assert lines[0] == "Tiny: Race to the top."
    assert "Players: 2 to 3." in lines
    assert "The game lasts 3 rounds." in lines
    assert "The highest score wins. Score: Points earned by racing." in lines
    assert len(wrapped(g.how_to_play)) <= ROWS


def test_a_how_to_play_longer_than_a_screen_is_a_located_warning(tmp_path):
    path = _game(tmp_path, "  how_to_play: |\n" + "".join(
        f"    line {i} of the rules\n\n" for i in range(12)))
    r = run("validate", str(path))
    assert r.exit_code == 0, r.output       # a warning, not an error
    assert re.search(r"game\.yaml:6:\d+: .*HOWTO", r.output), r.output
    assert "23 lines at 76 columns" in r.output     # 12 paragraphs and 11 blank lines


def test_a_field_in_how_to_play_is_reported_as_shown_as_written(tmp_path):
    r = run("validate", str(_game(tmp_path, "  how_to_play: Reach {goal} points.\n")))
    assert "TEXT" in r.output and "'how_to_play' is shown as written" in r.output


def test_wrapping_flows_paragraphs_and_hangs_bullets():
    text = "Goal: a long first line that goes on\nand on.\n\n- a bullet whose text is " \
           "long enough to wrap past the width\n  and its own second line\nAfter."
    assert wrapped(text, 30) == [
        "Goal: a long first line that", "goes on and on.", "",
        "- a bullet whose text is long", "  enough to wrap past the", "  width and its own second",
        "  line", "After."]


# ------------------------------------------------------------------ F1 at the table
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@sync
async def test_f1_shows_how_to_play_then_the_keys_then_the_table(size):
    app = table("etheria", seed=7)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        shown = plain(app.screen.query_one("#rules-text").content)
        assert shown.startswith("Goal: win the loyalty of nobles.")
        assert "From round 2 everyone draws 3" in shown
        assert len(shown.splitlines()) <= ROWS
        assert app.screen.query_one("#rules-box").border_title == "How to play Etheria"
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert not isinstance(app.screen, (RulesScreen, HelpScreen))
        await press(pilot, *"help", "enter")
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "escape")
        assert [d for d in app.driver.session.decisions if d[0] == 0] == []   # none of yours


# ------------------------------------------------------------------ plain mode
def test_help_rules_in_plain_mode_prints_how_to_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)      # (where a save would go)
    r = run("play", "metscri", "--plain", "--seed", 7, input="help rules\nquit\n")
    assert "Metscri: how to play" in r.output
    assert "Goal: collect sets of playing cards on the 7x7 board" in r.output
    r = run("play", "metscri", "--plain", "--seed", 7, input="help\nquit\n")
    assert "help rules: how to play this game" in r.output


# ------------------------------------------------------------------ describe --for players
@pytest.mark.parametrize("name", GAMES)
def test_describe_for_players_reads_as_rules_without_code(name):
    r = run("describe", name, "--for", "players", "--format", "markdown")
    assert r.exit_code == 0, r.output
    sheet = r.output
    g = load_game(name).g
    assert sheet.startswith(f"# {g.name}\n")
    assert sheet.index("## How to play") < sheet.index("## Components")
    for part in ("## Setup", "## A round", "## End and scoring"):
        assert part in sheet
    rules = sheet[sheet.index("## Variants"):]    # (How to play quotes what to type)
    assert "`" not in rules, rules
    for code in ("Effect:", "Ability at", "## Procedures", " = choose ", "for each"):
        assert code not in sheet
    assert not re.search(r"\bit\.[a-z]", sheet)        # no expression about `it`


def test_describe_for_designers_stays_as_it_was():
    r = run("describe", "metras", "--format", "markdown")
    assert "## Procedures" in r.output and "```" in r.output
    assert run("describe", "metras", "--for", "designers", "--format",
               "markdown").output == r.output


# ------------------------------------------------------------------ the games' READMEs
@pytest.mark.parametrize("name", GAMES)
def test_game_readmes_send_no_player_outside_the_project(name):
    text = (GAMEDEFS / name / "README.md").read_text()
    assert "../shared" not in text and "shared/seeds" not in text and "shared/rules" not in text
    assert f"rulebook describe {name} --for players" in text
