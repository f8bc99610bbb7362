"""Issue 32 item 3, issue 33 items 2 and 3: no way of ending `rulebook play` loses the game.
The terminal closed (SIGHUP), SIGTERM, Ctrl-C, Ctrl-D, Ctrl-Q and `quit`, at the full-screen
table and in --plain: the game so far is saved first and the file named; a game loaded
from a file is saved back to it; and once the table has closed, nothing of its last frame
is left on the terminal, even after the window was resized."""
from __future__ import annotations

import json
import re
import signal
import time

import pytest

from interpreter.commands.common import load_game
from interpreter.runtime.play_session import Session

from play_pty import Played
from test_cli import FAMILY_A1, run
from test_table_tui_cli import at_a_terminal  # noqa: F401  (a fixture)

# what each table shows once it asks the person (the typed line's placeholder, the prompt)
ASKED = {"full": b"type a number", "plain": b"P1> "}
BLANK = b"\x1b[0m\x1b[H\x1b[2J"


def decisions(path) -> list:
    return json.loads(path.read_text())["decisions"]


def first_decision_made(tmp_path, table, *extra) -> Played:
    """`play metras --seed 1` at a terminal, the first decision made (familyA-1) and the bots'
    answers after it, P1 asked again."""
    args = ["play", "metras", "--seed", "1", *extra] + (["--plain"] if table == "plain" else [])
    p = Played(args, tmp_path)
    assert p.read(90, ASKED[table]), p.text()[-2000:]
    seen = len(p.out)
    p.type("1\r")
    assert p.read(60, ASKED[table], after=seen), p.text()[-2000:]
    time.sleep(0.5)
    return p


@pytest.mark.parametrize("table", ["full", "plain"])
@pytest.mark.parametrize("how, code, said", [
    ("hangup", (129, 130), None),               # the window closed: nobody reads the message
    ("sighup", (129,), "The terminal closed: the game is saved to mine.json."),
    ("sigterm", (143,), "Stopped (SIGTERM): the game is saved to mine.json."),
    ("sigint", (130,), "Interrupted: the game is saved to mine.json."),
])
def test_a_signal_or_a_closed_terminal_saves_the_game_and_says_where(tmp_path, table, how,
                                                                      code, said):
    p = first_decision_made(tmp_path, table, "--save", "mine.json")
    if how == "hangup":
        p.hang_up()
    else:
        p.signal({"sighup": signal.SIGHUP, "sigterm": signal.SIGTERM,
                  "sigint": signal.SIGINT}[how])
    status = p.wait()
    assert status in code, p.text()[-2000:]
    saved = decisions(tmp_path / "mine.json")
    assert saved[0] == [1, FAMILY_A1] and len(saved) >= 1
    if said:
        assert said in " ".join(p.text().split()).replace("\x1b", ""), p.text()[-1500:]
    assert "Traceback" not in p.text()
    # the save is a game that goes on
    game = load_game("metras")
    assert Session.from_save(game, json.loads((tmp_path / "mine.json").read_text()))


@pytest.mark.parametrize("table", ["full", "plain"])
def test_a_loaded_game_is_saved_back_to_its_file(tmp_path, table):
    game = load_game("metras")
    s = Session(game, None, 1)
    s.decide(0, FAMILY_A1)
    s.save(str(tmp_path / "mine.json"))
    args = ["play", "metras", "--load", "mine.json"] + (["--plain"] if table == "plain" else [])
    p = Played(args, tmp_path)
    assert p.read(90, ASKED[table]), p.text()[-2000:]
    p.signal(signal.SIGTERM)
    assert p.wait() == 143
    assert decisions(tmp_path / "mine.json")[0] == [1, FAMILY_A1]
    assert sorted(x.name for x in tmp_path.iterdir()) == ["mine.json"]     # no metras-save-2
    assert "the game is saved to mine.json" in " ".join(p.text().split())


def test_after_a_resize_the_table_leaves_a_blank_screen_behind(tmp_path):
    """The window grows (80x24 to 120x40) and Ctrl-C: the table blanks the screen, cursor
    at its top, before it leaves the alternate screen, so a terminal that carries rows
    over (tmux) has none of the last frame to carry."""
    p = first_decision_made(tmp_path, "full")
    seen = len(p.out)
    p.resize((120, 40))         # the kernel tells the program (SIGWINCH)
    assert p.read(30, ASKED["full"], after=seen)
    p.type("\x03")
    assert p.wait() == 130
    out = p.out
    leave = out.rindex(b"\x1b[?1049l")
    blank = out.rindex(BLANK, 0, leave)
    between = re.sub(rb"\x1b\[[0-9;?<>]*[A-Za-z]", b"", out[blank + len(BLANK):leave])
    assert between.strip() == b"", between       # nothing drawn after the blank
    assert b"Interrupted: the game is saved to metras-save.json" in out[leave:]


# ------------------------------------------------------------------ quit saves
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_ctrl_q_at_the_table_saves_and_says_where(tmp_path, monkeypatch, size):
    import asyncio
    from interpreter.commands import table_play
    from interpreter.present.table import TableApp

    def run_app(self):       # the app headless at this size, the bots in their worker
        async def go():
            async with self.run_test(size=size) as pilot:
                for keys in (["1", "enter"], ["ctrl+q"]):
                    await self.workers.wait_for_complete()
                    await pilot.pause()
                    await pilot.press(*keys)
                await pilot.pause()
            return self.return_value
        return asyncio.run(go())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(table_play, "wanted", lambda plain, *a: not plain)
    monkeypatch.setattr(TableApp, "run", run_app)
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 0, r.output
    assert "Quit. Saved to metras-save.json." in r.stdout
    assert "rulebook play metras --load metras-save.json" in " ".join(r.stdout.split())
    assert decisions(tmp_path / "metras-save.json")[0] == [1, FAMILY_A1]


def test_ctrl_q_saves_a_loaded_game_back_to_its_file(at_a_terminal, tmp_path):  # noqa: F811
    game = load_game("metras")
    s = Session(game, None, 1)
    s.decide(0, FAMILY_A1)
    s.save(str(tmp_path / "mine.json"))
    before = len(decisions(tmp_path / "mine.json"))
    at_a_terminal([["1", "enter"], ["ctrl+q"]])
    r = run("play", "metras", "--load", "mine.json")
    assert r.exit_code == 0, r.output
    assert "Quit. Saved to mine.json." in r.stdout
    assert len(decisions(tmp_path / "mine.json")) > before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["mine.json"]


def test_quit_in_plain_mode_saves_and_says_where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "metras", "--seed", 1, "--plain", input="1\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Quit. Saved to metras-save.json." in r.output
    assert decisions(tmp_path / "metras-save.json")[0] == [1, FAMILY_A1]


def test_quit_before_any_decision_has_nothing_to_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "metras", "--seed", 1, "--plain", input="quit\n")
    assert r.exit_code == 0 and "Quit: no decision was made, so nothing was saved." in r.output
    assert list(tmp_path.iterdir()) == []


def test_a_rules_error_at_the_table_keeps_the_game_before_it_is_reported(
        at_a_terminal, tmp_path, monkeypatch):  # noqa: F811
    from interpreter.commands import table_play
    from interpreter.errors import GameError

    def broken(self):
        if self.session.decisions:
            raise GameError("the rules went wrong here")
    monkeypatch.setattr(table_play.TableDriver, "advance", broken)
    at_a_terminal([["1", "enter"], ["1", "enter"]])
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 1 and "error: the rules went wrong here" in r.stderr
    assert "The game so far is saved to metras-save.json." in r.stderr
    assert decisions(tmp_path / "metras-save.json") == [[1, FAMILY_A1]]
