"""Plain (line-by-line) play, issue 24: Ctrl-D saves, labels typed whole or in part pick
their option, "done" too early says what is missing, the log stays readable, a long pile's
top is listed right."""
from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from interpreter.commands import human as human_mod
from interpreter.commands.human import Human, containing, exact_label
from interpreter.present import terminal
from interpreter.runtime.game import Game
from interpreter.runtime.play_session import Session
from interpreter.runtime.vm import Line

from test_cli import FAMILY_A1, run

FAMILY_B1 = "family servant B [fame 4 wealth 2 expl 3 esp 1]"


@pytest.fixture(scope="module")
def mid_sequence(tmp_path_factory):
    """A Metropolis game saved while Red (seat 1) composes its 2-point program with one
    step taken."""
    from test_save_fuzz import stopped_save

    def red_has_one_step(s, k):
        p = s["pending"] or {}
        return bool(p.get("so_far")) and len(p["so_far"].get("0", [])) == 1 \
            and "0" not in p["ans"]
    path = tmp_path_factory.mktemp("mid") / "mid.json"
    path.write_text(stopped_save("metropolis", 5, 3, red_has_one_step))
    return path


# ------------------------------------------------------------------ Ctrl-D saves
def test_ctrl_d_saves_as_ctrl_c_does_and_names_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "metras", "--seed", 1, input="1\n4\n")      # then the input ends
    assert r.exit_code == 130, r.output
    assert "Input ended: the game is saved to metras-save.json" in r.stderr
    assert "rulebook play metras --load metras-save.json" in r.stderr
    assert "input ended before the game did" not in r.output
    saved = json.loads((tmp_path / "metras-save.json").read_text())
    assert saved["decisions"][:2] == [[1, FAMILY_A1], [1, "espionage"]]
    # Ctrl-C at the same place: the same exit status and the same game saved
    lines = ["1", "4"]

    def read(con, prompt):
        if not lines:
            raise KeyboardInterrupt
        return lines.pop(0)
    monkeypatch.setattr(human_mod, "read", read)
    r = run("play", "metras", "--seed", 1)
    assert r.exit_code == 130 and "Interrupted: the game is saved to metras-save-2.json" \
        in r.stderr
    assert json.loads((tmp_path / "metras-save-2.json").read_text()) == saved


def test_ctrl_d_after_load_saves_back_to_the_loaded_file_or_to_save(tmp_path, monkeypatch):
    """(issue 33 item 3: a loaded game was saved to metras-save-2.json beside its file)"""
    monkeypatch.chdir(tmp_path)
    run("play", "metras", "--seed", 1, input="1\n")
    first = json.loads((tmp_path / "metras-save.json").read_text())["decisions"]
    r = run("play", "metras", "--load", "metras-save.json", input="4\n")
    assert r.exit_code == 130 and "saved to metras-save.json" in r.stderr
    assert not (tmp_path / "metras-save-2.json").exists()
    again = json.loads((tmp_path / "metras-save.json").read_text())["decisions"]
    assert again[:len(first)] == first and again[len(first)] == [1, "espionage"]
    r = run("play", "metras", "--load", "metras-save.json", "--save", "mine.json", input="")
    assert r.exit_code == 130 and "Input ended: the game is saved to mine.json" in r.stderr
    assert json.loads((tmp_path / "mine.json").read_text())["decisions"] == again


def test_ctrl_d_inside_a_secret_program_keeps_its_steps(tmp_path, monkeypatch, mid_sequence):
    monkeypatch.chdir(tmp_path)
    # the program menu comes in groups; option 1 is picked by its number at the group step
    (tmp_path / "mid.json").write_text(mid_sequence.read_text())   # saved back to: a copy
    r = run("play", "metropolis", "--load", "mid.json", input="1\n")
    assert r.exit_code == 130 and "saved to mid.json" in r.stderr
    r = run("play", "metropolis", "--load", "mid.json", input="quit\n")
    assert r.exit_code == 0
    assert "Your sequence so far: 1. invest 3 in E  2. " in r.output


# ------------------------------------------------------------------ labels typed
def _p1_choices(tmp_path, typed: str) -> tuple:
    """Metras, seed 1: what P1 chose (from the save written on quit) and the output."""
    save = tmp_path / "typed.json"
    r = run("play", "metras", "--seed", 1, "--save", save, input=typed + "quit\n")
    assert r.exit_code == 0, r.output
    return [label for seat, label in json.loads(save.read_text())["decisions"]
            if seat == 1], r.output


def test_an_exact_label_in_any_case_or_the_only_label_containing_the_text_is_chosen(
        tmp_path):
    # the label with other capitals and spaces around it
    chosen, out = _p1_choices(tmp_path, f"  {FAMILY_B1.upper()}  \nESPIONAGE\n")
    assert chosen == [FAMILY_B1, "espionage"] and "not an option" not in out
    # a part of one label only ("wealth" is in one option of the second decision)
    chosen, out = _p1_choices(tmp_path, "servant A\nWealth\n")
    assert chosen == [FAMILY_A1, "wealth"] and "containing" not in out
    # a part of several labels: listed, nothing chosen
    chosen, out = _p1_choices(tmp_path, "family\n")
    assert chosen == [] and "2 options containing 'family' (above)" in out


def test_an_exact_label_wins_over_the_labels_containing_it():
    options = ["bid 1", "bid 10", "Pass"]
    assert exact_label(" BID 1 ".strip(), options) == "bid 1"
    assert exact_label("pass", options) == "Pass"
    assert exact_label("bid", options) is None
    assert [i for i, _ in containing("bid 1", options)] == [1, 2]
    # two labels differing only in case: the one typed as written, else neither
    assert exact_label("A", ["a", "A"]) == "A" and exact_label("b", ["a", "A"]) is None


def test_done_before_a_program_is_long_enough_says_how_many_steps_are_missing(mid_sequence):
    r = run("play", "metropolis", "--load", mid_sequence, input="done\n DONE \nquit\n")
    assert r.exit_code == 0
    said = "Not done yet: your sequence has 1 step and needs 1 more step before done."
    assert r.output.count(said) == 2
    game = Game.load("metropolis")
    state = Session.from_save(game, json.loads(mid_sequence.read_text())).state
    assert game.steps_needed(state, 0) == 1 and "done" not in game.options(state, 0)


# ------------------------------------------------------------------ the log
def _human(seat_log: list):
    """A Human at a StringIO console for seat 1 of Metras, its session log extended."""
    buf = io.StringIO()
    con = Console(file=buf, width=100, highlight=False, markup=False)
    session = Session(Game.load("metras"), 3, 1)
    session.log.extend(seat_log)
    return Human(con, session, {0}), session, buf


def test_log_shows_the_seat_only_its_own_private_lines_and_pages():
    lines = [f"public {i}" for i in range(50)] + [Line("P2 draws ally07", 1),
                                                 Line("P1 draws ally03", 0), "the end"]
    human, session, buf = _human(lines)
    readable = [x for x in session.log if getattr(x, "audience", None) in (None, (0,))]
    human.show_log(0, "all")
    out = buf.getvalue()
    assert "P1 draws ally03" in out and "ally07" not in out
    assert f"(log lines 1 to {len(readable)} of {len(readable)})" in out
    buf.truncate(0), buf.seek(0)
    human.show_log(0, "")                        # the last 40 lines, and how to see more
    out = buf.getvalue().splitlines()
    assert len(out) == 41 and out[-2] == "the end" and out[0] == "public 12"
    assert out[-1] == (f"(log lines {len(readable) - 39} to {len(readable)} of {len(readable)};"
                       " log all: every line, log N: the last N)")
    buf.truncate(0), buf.seek(0)
    human.show_log(0, "2")
    assert buf.getvalue().splitlines()[:2] == ["P1 draws ally03", "the end"]
    buf.truncate(0), buf.seek(0)
    human.show_log(0, "-3")
    assert "log N (the last N) or log all" in buf.getvalue()


def test_the_log_command_at_the_prompt_and_the_summary_says_how_to_read_cut_lines(
        mid_sequence):
    r = run("play", "metropolis", "--load", mid_sequence, input="log all\nquit\n")
    # (Red's 18 lines include two trades offered to it that it could not accept, issue 25)
    assert "... 4 earlier lines (type log to read them)" in r.output
    after = r.output.split("Red> ", 1)[1]
    assert after.startswith("Pregame auction: the highest bid is")   # a cut line, read
    assert "(log lines 1 to 18 of 18)" in after


# ------------------------------------------------------------------ a long pile's top
def test_a_long_pile_lists_exactly_its_top_cards_the_top_one_last():
    # a copy of the top card lies at the bottom: grouped over the whole pile first, the
    # two were listed together far from the top, and nine cards were listed as "top 8"
    pile = ["k-1"] + [f"c{i}" for i in range(19)] + ["k-2"]
    text = terminal._cards({"count": len(pile), "cards": pile}).plain
    assert text.startswith(f"{len(pile)} cards, top 8: ")
    listed = text.split(": ", 1)[1].split("; ")
    assert listed == [f"c{i}" for i in range(12, 19)] + ["k-2"]
    # neighbouring copies in the top are still counted once, in their place
    pile = [f"c{i}" for i in range(20)] + ["s-1", "s-2", "s-3", "top"]
    listed = terminal._cards({"count": len(pile), "cards": pile}).plain.split(": ", 1)[1]
    assert listed == "c16; c17; c18; c19; 3 x s; top"
