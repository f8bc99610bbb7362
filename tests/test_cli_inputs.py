"""What a person types at the command line is checked before a game starts (issue 12 items
6 and 11): player counts, options against their declared type and range, seeds."""
from __future__ import annotations

import json
import secrets
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.build.game_loader import check_game
from places import at, places

METRAS = Path(__file__).resolve().parent.parent / "gamedefs" / "metras"


def run(*args, input=None):
    r = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r


@pytest.mark.parametrize("command", [["simulate", "metras", "-n", 1],
                                     ["play", "metras", "--bots", "random", "--humans", "0", "--json"]])
def test_zero_or_negative_players_are_refused(command):
    for n in (0, -2):
        r = run(*command, "--players", n)
        assert r.exit_code == 2 and "--players" in r.output and "range x>=1" in r.output


@pytest.mark.parametrize("value,words", [
    ("-5", "expected a whole number from 0 to 10000, got -5"),
    ("10001", "from 0 to 10000, got 10001"),
    ("1" * 5000, "is not a whole number from 0 to 10000"),
    ("1e9", "is not a whole number"),
    ("²", "is not a whole number"),
    ("", "is not a whole number"),
])
def test_an_option_outside_its_declared_type_or_range_is_refused(value, words):
    for command in (["simulate", "metscri", "-n", 1], ["play", "metscri", "--json",
                                                       "--bots", "random", "--humans", "0"]):
        r = run(*command, "--option", f"turn_cap={value}")
        assert r.exit_code == 1 and words in r.output, r.output
        assert r.output.startswith("error: --option turn_cap: ")


def test_declared_option_types_ranges_and_choices(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(METRAS, game)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("\noptions:\n", """
options:
  pace: {default: slow, type: text, choices: [slow, fast]}
  audit: {default: false}
  bonus: {default: 2, min: 1, max: 3}
""", 1))
    r = run("simulate", game, "-n", 1, "--option", "pace=medium")
    assert r.exit_code == 1 and "expected one of slow, fast, got the text 'medium'" in r.output
    r = run("simulate", game, "-n", 1, "--option", "audit=maybe")
    assert r.exit_code == 1 and "'maybe' is not true or false" in r.output
    r = run("simulate", game, "-n", 1, "--option", "bonus=4")
    assert r.exit_code == 1 and "from 1 to 3, got 4" in r.output
    r = run("simulate", game, "-n", 1, "--json", "--option", "pace=fast", "--option",
            "audit=yes", "--option", "bonus=3")
    assert r.exit_code == 0
    got = json.loads(r.stdout)["options"]
    assert {k: got[k] for k in ("pace", "audit", "bonus")} == {"pace": "fast", "audit": True, "bonus": 3}


# each declaration; its finding's place (at the option's name, or at its default) and message
@pytest.mark.parametrize("decl,token,words", [
    ("{default: 5, min: 6}", "default", ("its default does not fit its own declaration: "
                                         "expected a whole number from 6 to 1000000000, got 5")),
    ("{default: 5, min: 9, max: 2}", "x", "min 9 is above max 2"),
    ("{default: yes, max: 2}", "x", "min and max are for number options, this one is a text"),
    ("{default: 1, choices: [a]}", "x", "choices are for text options, this one is a whole number"),
    ("{default: 1, type: text}", "default",
     "its default does not fit its own declaration: expected a text, got 1"),
])
def test_validate_reports_an_option_declaration_that_contradicts_itself(tmp_path, decl, token,
                                                                         words):
    game = tmp_path / "g"
    shutil.copytree(METRAS, game)
    text = (game / "game.yaml").read_text().replace("\noptions:\n", f"\noptions:\n  x: {decl}\n", 1)
    (game / "game.yaml").write_text(text)
    found = check_game(str(game))
    assert places(found, game) == sorted([("game.yaml", *at(text, f"  x: {decl}", "x"), "ORPHAN"),
                                          ("game.yaml", *at(text, f"  x: {decl}", token),
                                           "SCHEMA-VALUE")])
    [error] = [f for f in found if f.severity == "error"]
    assert error.message == f"option 'x': {words}"
    r = run("validate", game)
    assert r.exit_code == 1 and error.format() in r.output.splitlines()


def test_a_seed_too_large_is_refused_at_the_command_line():
    for command in (["simulate", "metras", "-n", 1], ["play", "metras", "--json",
                                                      "--bots", "random", "--humans", "0"]):
        r = run(*command, "--seed", "9" * 5000)
        assert r.exit_code == 2 and "--seed" in r.output
        r = run(*command, "--seed", 2 ** 130)
        assert r.exit_code == 2 and "too large" in r.output


def test_the_default_seed_is_64_bits_from_the_os(monkeypatch):
    drawn = []

    def randbits(k):
        drawn.append(k)
        return 2 ** 63 + 12345
    monkeypatch.setattr(secrets, "randbits", randbits)
    r = run("play", "metras", "--bots", "random", "--humans", "0", "--json")
    assert r.exit_code == 0
    assert drawn == [64] and json.loads(r.stdout)["seed"] == 2 ** 63 + 12345


def test_the_seed_is_never_shown_during_a_game_only_at_its_end(monkeypatch, tmp_path):
    seed = 2 ** 63 + 777
    monkeypatch.setattr(secrets, "randbits", lambda k: seed)
    monkeypatch.chdir(tmp_path)
    # a person saves (default file name), then quits before the end
    r = run("play", "metras", input="save\nquit\n")
    assert r.exit_code == 0, r.output
    assert str(seed) not in r.output
    assert "metras-save.json" in r.output
    assert json.loads((tmp_path / "metras-save.json").read_text())["seed"] == seed  # saves may
    r = run("play", "metras", "--bots", "random", "--humans", "0")                           # the end may
    assert r.exit_code == 0 and f"seed {seed}" in r.output.splitlines()[-1]


# ---------------------------------------------------------------- hostile input at the table
# (the games with hex boards, numbers to type and secret sequences). Every line typed gets an
# answer and the game goes on: the prompt comes back after each.

def prompts(output: str, seat: str) -> int:
    return output.count(f"{seat}> ")


def test_nonsense_at_the_meta_table_gets_an_answer_and_keeps_the_game():
    junk = ["xyzzy", "0", "9" * 40, "-1", "1.5", "²", "a" * 100_000, "c3", "A.se", "undo",
            "\x1b[2J", "[/bold]", "save /nonexistent/dir/x.json"]
    r = run("play", "meta", "--seed", "3", input="\n".join(junk + ["quit"]) + "\n")
    assert r.exit_code == 0, r.output[-2000:]
    out = r.output
    assert "'xyzzy' is not an option" in out and "There is no option 0: choose 1 to 4." in out
    assert "There is no option 999999999999...: choose 1 to 4." in out
    assert "'aaaaaaaaaa" in out and "a" * 200 not in out            # a long line is cut short
    assert "'c3' is not an option" in out and "P1 has no decision to undo" in out
    assert "Cannot save to /nonexistent/dir/x.json" in out
    assert "Quit: no decision was made, so nothing was saved." in out
    assert prompts(out, "P1") == len(junk) + 1


def test_a_number_choice_is_typed_as_the_number_not_the_option_position(tmp_path):
    """`choose number from 0 to me.coins`: "20" is a bid of 20 (it was option 20, the bid
    19), and a number outside the range is refused with the range, whatever its length."""
    save = tmp_path / "m.json"
    lines = ["-1", "21", "9" * 40, "1e3", "20", "E.n", "quit"]
    r = run("play", "metropolis", "--seed", "1", "--bots", "random", "--save", save,
            input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output[-2000:]
    assert "Type a number from 0 to 20." in r.output
    assert "-1 is not allowed. Type a number from 0 to 20." in r.output
    assert "21 is not allowed. Type a number from 0 to 20." in r.output
    assert "999999999999... is not allowed. Type a number from 0 to 20." in r.output
    red = [label for seat, label in json.loads(save.read_text())["decisions"] if seat == 1]
    # the bid, then the vertex typed in another spelling: E.n is the corner A.se
    assert red[:2] == ["20", "A.se"]


@pytest.fixture(scope="module")
def mid_sequence_save(tmp_path_factory):
    """A Metropolis game saved while Red composes its program (one step taken), some other
    seats done: written as `play` writes it."""
    from test_save_fuzz import stopped_save

    def red_has_one_step(s, k):
        p = s["pending"] or {}
        return bool(p.get("so_far")) and len(p["so_far"].get("0", [])) == 1 and "0" not in p["ans"]
    path = tmp_path_factory.mktemp("mid") / "mid.json"
    path.write_text(stopped_save("metropolis", 5, 3, red_has_one_step))
    return path


def test_undo_inside_a_sequence_takes_back_steps_then_never_brings_one_back(mid_sequence_save,
                                                                            tmp_path,
                                                                            monkeypatch):
    monkeypatch.chdir(tmp_path)   # the input ends: the game is saved back to its file, a copy
    (tmp_path / "mid.json").write_text(mid_sequence_save.read_text())
    r = run("play", "metropolis", "--load", "mid.json", input="undo\nundo\nundo\n")
    out = r.output
    assert r.exit_code == 130 and "Input ended: the game is saved to" in out
    assert "Your sequence so far: 1. invest 3 in E" in out
    after = out.split("Your sequence so far: 1. invest 3 in E")[-1]
    # the step goes; a second and third undo find no step and refer to the decision before
    # the sequence, which cannot be taken back (the sealed bids were revealed since)
    assert after.count("Your sequence so far: (empty)") == 3
    assert after.count("cannot undo: since that decision the secret choices") == 2
    assert "Undone" not in out


def test_input_ending_mid_sequence_saves_and_the_game_continues_from_there(tmp_path,
                                                                       mid_sequence_save):
    save = tmp_path / "again.json"
    # the program menu comes in groups; option 1 is picked by its number at the group step
    r = run("play", "metropolis", "--load", mid_sequence_save, "--save", save, input="1\n")
    assert r.exit_code == 130 and f"Input ended: the game is saved to {save}" in r.output
    assert run("replay", save).exit_code == 0
    from interpreter.runtime.play_session import Session
    from scenario import load
    data = json.loads(save.read_text())
    state = Session.from_save(load("metropolis"), data).state
    assert data["decisions"][-1][0] == 1 and len(state["pending"]["so_far"]["0"]) == 2
    r = run("play", "metropolis", "--load", save, input="done\nquit\n")
    assert r.exit_code == 0 and "Your sequence so far: 1. invest 3 in E  2. " in r.output


def test_a_moves_file_with_a_bad_line_mid_sequence_names_its_line(tmp_path, mid_sequence_save):
    moves = tmp_path / "moves.txt"
    moves.write_text("# Red's program\nundo last\nfly to the moon\n")
    r = run("play", "metropolis", "--load", mid_sequence_save, "--moves", moves, "--json")
    assert r.exit_code == 1
    assert f"{moves}:3: Red cannot choose 'fly to the moon'" in r.output


@pytest.mark.parametrize("args,words", [
    (["metropolis", "--players", "3"], "error: Metropolis is for 5 players, not 3"),
    (["meta", "--players", "4"], "error: M.E.T.A. is for 2 players, not 4"),
    (["meta", "--variant", "fondry"], "has no variant 'fondry'; it has open, foundry (did you mean 'foundry'?)"),
    (["meta", "--option", "counterattack=xx"], "expected one of distance, range, got the text 'xx'"),
    (["metropolis", "--bot", "0=random"], "no seat '0': seats are 1 to 5"),
])
def test_the_new_games_refuse_bad_settings_in_words(args, words):
    r = run("play", *args, "--humans", "0", "--json")
    assert r.exit_code == 1 and words in r.output, r.output
