"""Run-time and load errors reported at their place (issue 26, items 15 and 17): a chooser
that is not a seat and a none list position are located run-time errors, an error save
replays to its error, loop-budget errors name the loop's YAML place (not "line 0"), a
bad character or byte is reported at its line and column, and an included FIFO is "not a
regular file"."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.errors import GameDefError, GameError
from interpreter.runtime import vm as vm_module
from interpreter.runtime.game import Game
from places import edited_copy

CARD_LABELS = Path(__file__).resolve().parent / "games" / "card_labels"
CHOOSE = 'c = choose one of p.hand by p prompt "{p}: keep which card?"'


def game_copy(tmp_path, old, new) -> Path:
    return edited_copy(CARD_LABELS, tmp_path, old, new)


def place(game: Path, text: str) -> str:
    """"file:line:col" of the first line holding `text` (col: where the line's text starts)."""
    lines = (game / "game.yaml").read_text().splitlines()
    n = next(i for i, line in enumerate(lines, 1) if text in line)
    col = len(lines[n - 1]) - len(lines[n - 1].lstrip()) + 1
    return f"{game / 'game.yaml'}:{n}:{col}"


def play_until_error(game: Game, seed: int = 3, decisions: int = 50) -> GameError:
    r = random.Random(seed)
    with pytest.raises(GameError) as e:
        s = game.new_state(2, seed=seed)
        for _ in range(decisions):
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)))
    return e.value


# ------------------------------------------------------------------ item 15
def test_a_chooser_that_is_none_is_a_located_error_where_the_decision_is_asked(tmp_path):
    """`by players[5]` of 2 players is none (a position past the end reads as none): the
    decision cannot be asked, and says so at the choose statement, with seed and decision."""
    game = game_copy(tmp_path, "by p prompt", "by players[count(p.kept) * 5] prompt")
    err = play_until_error(Game.load(str(game)))
    assert str(err) == (f"{place(game, 'c = choose one of')}: who chooses c is none, not a "
                        f"player (seed 3, decision 2)")


def test_a_none_list_position_is_a_located_error(tmp_path):
    game = game_copy(tmp_path, CHOOSE,
                     "c = choose one of p.hand by players[first([])]")
    err = play_until_error(Game.load(str(game)))
    assert str(err).startswith(f"{place(game, 'c = choose one of')}: a list position is none")


def test_past_the_end_still_reads_as_none(tmp_path):
    """README: a position past a list's end reads as none; only a none position is an error.
    (Were it an error, this game could not end: every pick reads players[7].)"""
    game = game_copy(tmp_path, "gain points c.rank to p",
                     "gain points (c.rank if players[7] == none else 100) to p")
    g = Game.load(str(game))
    s = g.new_state(2, seed=1)
    while not s["over"]:
        g.apply(s, g.waiting(s)[0], 0)
    assert s["decisions"] == 4


def test_play_with_no_humans_reports_a_bad_chooser_without_a_traceback(tmp_path):
    game = game_copy(tmp_path, "by p prompt", "by players[count(p.kept) * 5] prompt")
    result = CliRunner().invoke(main, ["play", str(game), "--humans", "0", "--seed", "3"])
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "who chooses c is none, not a player" in result.output
    assert "Traceback" not in result.output


def test_an_error_save_replays_to_its_error_not_to_a_mismatch(tmp_path, monkeypatch):
    game = game_copy(tmp_path, "by p prompt", "by players[count(p.kept) * 5] prompt")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    sim = runner.invoke(main, ["simulate", str(game), "-n", "1", "-j", "1", "--no-cards"])
    assert "who chooses c is none" in sim.output
    saves = sorted(tmp_path.glob("card_labels-error-seed*.json"))
    assert len(saves) == 1
    result = runner.invoke(main, ["replay", str(saves[0]), "--game", str(game)])
    assert "MISMATCH" not in result.output
    assert result.output.startswith(f"STOPPED AT THE ERROR: {saves[0]}: decision 2")
    assert "who chooses c is none, not a player" in result.output
    assert result.exit_code == 1


# ------------------------------------------------------------------ item 17
def test_a_repeat_over_the_budget_is_placed_at_its_statement_without_a_script_line(tmp_path):
    game = game_copy(tmp_path, "            draw 2 from deck to p.hand\n",
                     "            draw 2 from deck to p.hand\n"
                     "            repeat 20000 + count(p.hand):\n                log \"x\"\n")
    err = play_until_error(Game.load(str(game)))
    assert str(err) == (f"{place(game, 'repeat 20000')}: repeat 20002 is more than the loop "
                        f"budget of 10000 (seed 3, decision 0)")


def test_an_endless_while_is_placed_at_its_statement_without_a_script_line(tmp_path):
    game = game_copy(tmp_path, "            draw 2 from deck to p.hand\n",
                     "            draw 2 from deck to p.hand\n"
                     "            while count(p.hand) > 0:\n                log \"x\"\n")
    err = play_until_error(Game.load(str(game)))
    assert str(err) == (f"{place(game, 'while count')}: the loop ran 10000 times; is it "
                        f"endless? (seed 3, decision 0)")


def test_the_vms_step_budget_error_names_a_yaml_place(tmp_path, monkeypatch):
    """Spent between ops (no compiled loop stands in the traceback), the budget error is
    placed at the statement of the op about to run, not left without a place."""
    monkeypatch.setattr(vm_module, "STEP_BUDGET", 3)
    g = Game.load(str(CARD_LABELS))
    err = play_until_error(g)
    assert "one decision took more than 3 steps" in str(err)
    assert re.match(r"\S*card_labels/game\.yaml:\d+:\d+: one decision took", str(err))
    assert "line 0" not in str(err)


def test_a_nul_is_reported_at_its_line_and_column(tmp_path):
    game = game_copy(tmp_path, b"name: Card labels", b"name: Card\x00labels")
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    f = e.value.findings[0]
    assert (f.line, f.col, f.code) == (7, 13, "YAML-SYNTAX")
    assert "#x0000" in f.message


def test_invalid_utf8_is_reported_at_its_line_and_column(tmp_path):
    game = game_copy(tmp_path, b"name: Card labels", b"name: Card\xe9\xff labels")
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    f = e.value.findings[0]
    assert (f.line, f.col, f.code) == (7, 13, "YAML-ENCODING")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_an_included_fifo_is_not_a_regular_file_and_is_never_opened(tmp_path):
    game = game_copy(tmp_path, "setup: |", "include: [cards.yaml]\nsetup: |")
    os.mkfifo(game / "cards.yaml")
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))                 # would block for ever if the FIFO were opened
    [f] = [f for f in e.value.findings if f.code == "REF-FILE"]
    assert f.message == "included file 'cards.yaml' is not a regular file (a directory, a " \
                        "pipe or a device)"
    assert "did you mean" not in str(f.hint or "")
