"""`rulebook play` chooses its table (issue 24, item 1): full-screen on a terminal, the plain
one with --plain, --moves, --json or without a terminal; after the full-screen table, Ctrl-C,
Ctrl-D and quit save and say where exactly as plain mode does, and a finished game prints its
result. The app runs headless here, in a worker thread as at a terminal."""
from __future__ import annotations

import asyncio
import json
import sys

import pytest

from interpreter.commands import table_play
from interpreter.present.table import TableApp

from test_cli import FAMILY_A1, run


class Tty:
    def __init__(self, stream, tty):
        self.stream, self.tty = stream, tty

    def isatty(self):
        return self.tty

    def __getattr__(self, name):
        return getattr(self.stream, name)


@pytest.mark.parametrize("plain, moves, as_json, humans, ttys, full", [
    (False, None, False, {0}, (True, True, True), True),
    (True, None, False, {0}, (True, True, True), False),       # --plain
    (False, "m.txt", False, {0}, (True, True, True), False),   # --moves
    (False, None, True, {0}, (True, True, True), False),       # --json
    (False, None, False, set(), (True, True, True), False),    # bots only: nothing to ask
    (False, None, False, {0}, (False, True, True), False),     # piped input
    (False, None, False, {0}, (True, False, True), False),     # output to a file
    (False, None, False, {0}, (True, True, False), False),     # stderr (Textual's) elsewhere
])
def test_the_full_screen_table_only_on_a_terminal_and_without_plain_moves_json(
        monkeypatch, plain, moves, as_json, humans, ttys, full):
    for name, tty in zip(("stdin", "stdout", "stderr"), ttys):
        monkeypatch.setattr(sys, name, Tty(getattr(sys, name), tty))
    assert table_play.wanted(plain, moves, as_json, humans) is full


def headless(keys_per_turn):
    """TableApp.run replaced: the app headless at 80x24, the bots in their worker; each
    entry of keys_per_turn is pressed once the person is asked."""
    def run_app(self):
        async def go():
            async with self.run_test(size=(80, 24)) as pilot:
                for keys in keys_per_turn:
                    await self.workers.wait_for_complete()
                    await pilot.pause()
                    await pilot.press(*keys)
                await pilot.pause()
            return self.return_value
        return asyncio.run(go())
    return run_app


@pytest.fixture
def at_a_terminal(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(table_play, "wanted", lambda plain, *a: not plain)
    return lambda keys: monkeypatch.setattr(TableApp, "run", headless(keys))


@pytest.mark.parametrize("key, why", [("ctrl+c", "Interrupted"), ("ctrl+d", "Input ended")])
def test_ctrl_c_and_ctrl_d_at_the_table_save_and_say_where(at_a_terminal, tmp_path, key, why):
    at_a_terminal([["1", "enter"], [key]])
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 130, r.output
    assert f"{why}: the game is saved to metras-save.json" in r.stderr
    assert "rulebook play metras --load metras-save.json" in r.stderr
    saved = json.loads((tmp_path / "metras-save.json").read_text())
    assert saved["decisions"][0] == [1, FAMILY_A1]


def test_quit_and_save_at_the_table(at_a_terminal, tmp_path):
    at_a_terminal([["1", "enter"], [*"save mine.json", "enter"], ["ctrl+q"]])
    r = run("play", "metras", "--seed", 1, "--save", "end.json")
    assert r.exit_code == 0, r.output
    assert "Saved to end.json." in r.stdout
    mine = json.loads((tmp_path / "mine.json").read_text())["decisions"]
    assert mine[0] == [1, FAMILY_A1]
    assert json.loads((tmp_path / "end.json").read_text())["decisions"] == mine


def test_plain_flag_keeps_the_line_by_line_table(at_a_terminal):
    at_a_terminal([["ctrl+c"]])                    # would stop at once if the app ran
    r = run("play", "metras", "--seed", 1, "--plain", input="1\nquit\n")
    assert r.exit_code == 0 and "Quit. Saved to metras-save.json." in r.stdout
    assert "P1: which family servant first?" in r.stdout


def test_a_game_finished_at_the_table_prints_its_result_after_it(at_a_terminal, tmp_path):
    from interpreter.commands.common import load_game
    from interpreter.runtime.play_session import Session
    from test_table_tui import last_decision_of_seat_one
    first, (_, label) = last_decision_of_seat_one("metras", 4)
    session = Session(load_game("metras"), None, 4)
    for p, x in first:
        session.decide(p, x)
    session.save(str(tmp_path / "late.json"))
    at_a_terminal([[*label, "enter"], ["enter"]])   # the last decision; Enter leaves the result
    r = run("play", "metras", "--load", "late.json")
    assert r.exit_code == 0, r.output
    assert "Metras: game over" in r.stdout and "seed 4, " in r.stdout


def test_a_rules_error_while_bots_play_is_reported_as_in_plain_mode(at_a_terminal,
                                                                     monkeypatch):
    from interpreter.errors import GameError

    def broken(self):
        if self.session.decisions:
            raise GameError("the rules went wrong here")
    monkeypatch.setattr(table_play.TableDriver, "advance", broken)
    at_a_terminal([["1", "enter"], ["1", "enter"]])
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 1
    assert "error: the rules went wrong here" in r.stderr and "Traceback" not in r.stderr
