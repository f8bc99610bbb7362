"""Save files are untrusted input (issue 12 items 4 and 12, issue 10's game given by path):
limits, a schema checked field by field, the definition's hash, names told from paths."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.runtime import saves as savefile

ROOT = Path(__file__).resolve().parent.parent
METRAS = ROOT / "gamedefs" / "metras"


def run(*args, input=None):
    r = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> dict:
    """A finished 2-player Metscri game (capped at 2 rounds: a few dozen decisions)."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    r = run("play", "metscri", "--players", 2, "--seed", 9, "--bots", "random", "--humans", "0",
            "--option", "turn_cap=2", "--json", "--save", path)
    assert r.exit_code == 0, r.output
    return json.loads(path.read_text())


def replay_text(tmp_path, text: str):
    f = tmp_path / "s.json"
    f.write_text(text)
    return run("replay", f), run("play", "metscri", "--load", f, "--bots", "random", "--humans", "0", "--json")


def test_a_save_names_its_game_the_definition_hash_and_the_generator(good_save):
    assert good_save["format"] == 2 and good_save["game"] == "metscri"
    assert good_save["source"] == "metscri" and good_save["generator"] == 2
    assert len(good_save["game_hash"]) == 64


# (what is tampered, the new value or a function of the save, words the message must hold)
TAMPERED = [
    ("format true", lambda d: {**d, "format": True}, "field 'format': expected a whole number, got true"),
    ("format 3", lambda d: {**d, "format": 3}, "field 'format'"),
    ("5000-digit seed", "SEED5000", "field 'seed': expected a whole number, got a number of 5000"),
    ("seed 2**200", lambda d: {**d, "seed": 2 ** 200}, "field 'seed'"),
    ("seed text", lambda d: {**d, "seed": "1"}, "field 'seed': expected a whole number, got the text"),
    ("seed float", lambda d: {**d, "seed": 1.5}, "field 'seed'"),
    ("seed 3.0", lambda d: {**d, "seed": 3.0}, "field 'seed': expected a whole number, got 3.0"),
    ("seat 1.0", lambda d: {**d, "decisions": [[1.0, "x"]]}, "field 'decision 1 (its seat)'"),
    ("option 2.0", lambda d: {**d, "options": {"turn_cap": 2.0}}, "field 'options.turn_cap'"),
    ("no seed", lambda d: {k: v for k, v in d.items() if k != "seed"}, "field 'seed' is missing"),
    ("unknown field", lambda d: {**d, "cheat": 1}, "unknown field 'cheat'"),
    ("players 0", lambda d: {**d, "players": 0}, "field 'players'"),
    ("players 9", lambda d: {**d, "players": 9}, "field 'players': Metscri is for 2-8 players, not 9"),
    ("variant", lambda d: {**d, "variant": "nope"}, "field 'variant'"),
    ("variant empty", lambda d: {**d, "variant": ""}, "field 'variant'"),    # issue 32 item 11:
    ("variant null", lambda d: {**d, "variant": None}, "field 'variant'"),   # not the default
    ("option type", lambda d: {**d, "options": {"turn_cap": "x"}}, "field 'options.turn_cap'"),
    ("option range", lambda d: {**d, "options": {"turn_cap": -5}}, "from 0 to 10000, got -5"),
    ("option unknown", lambda d: {**d, "options": {"speed": 1}}, "field 'options.speed'"),
    ("decision shape", lambda d: {**d, "decisions": [[1]]}, "field 'decision 1'"),
    ("decision seat", lambda d: {**d, "decisions": [["1", "x"]]}, "field 'decision 1 (its seat)'"),
    ("decision label", lambda d: {**d, "decisions": [[1, 5]]}, "decision 1 (its label)"),
    ("illegal decision", lambda d: {**d, "decisions": [[1, "fly away"]]}, "decision 1"),
    ("hash form", lambda d: {**d, "game_hash": "abc"}, "field 'game_hash'"),
    ("other definition", lambda d: {**d, "game_hash": "0" * 64}, "another definition of metscri"),
    ("generator", lambda d: {**d, "generator": 9}, "field 'generator'"),
    ("state hash", lambda d: {**d, "state_hash": "0" * 16}, "0000000000000000"),
    ("not an object", lambda d: [d], "not a JSON object"),
    ("deep nesting", "DEEP", "nested 100000 deep"),
    ("NaN", lambda d: {**d, "seed": float("nan")}, "NaN is not a JSON value"),
    ("duplicate key", "DUPKEY", "the field 'seed' appears twice"),
    ("not JSON", "TRUNCATED", "not valid JSON"),
    ("not UTF-8", "LATIN1", "not UTF-8"),
    ("long label", lambda d: {**d, "decisions": [[1, "x" * 20000]]}, "longer than the limit"),
    ("other game", lambda d: {**d, "game": "metras"}, "a game of 'metras', not 'metscri'"),
]


def tampered_text(save: dict, how) -> str:
    if how == "SEED5000":
        return json.dumps(save).replace(f'"seed": {save["seed"]}', '"seed": ' + "7" * 5000)
    if how == "DEEP":
        return "[" * 100000 + "]" * 100000
    if how == "DUPKEY":
        return json.dumps(save)[:-1] + ', "seed": 1}'
    if how == "TRUNCATED":
        return json.dumps(save)[:-20]
    if how == "LATIN1":
        return None
    return json.dumps(how(save))


@pytest.mark.parametrize("name,how,words", TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_save_gets_a_clear_error_naming_what_is_wrong(tmp_path, good_save, name,
                                                                 how, words):
    text = tampered_text(good_save, how)
    if text is None:
        f = tmp_path / "s.json"
        f.write_bytes(json.dumps(good_save).replace('"metscri"', '"m\xe9tscri"', 1)
                      .encode("latin-1"))
        results = [run("replay", f)]
    elif name == "other game":
        f = tmp_path / "s.json"
        f.write_text(text)
        results = [run("play", "metscri", "--load", f, "--json")]
    else:
        results = replay_text(tmp_path, text)
    for r in results:
        assert r.exit_code == 1
        message = r.output
        assert words in message, message
        assert message.startswith(("error: ", "MISMATCH")) or "\nerror: " in message


def test_a_save_larger_than_the_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    monkeypatch.setattr(savefile, "MAX_BYTES", 1000)
    f = tmp_path / "big.json"
    f.write_text('{"decisions": [' + ",".join(['[1, "x"]'] * 500) + "]}")
    r = run("replay", f)
    assert r.exit_code == 1 and "larger than 1,000 bytes" in r.output


def test_a_folder_or_a_device_is_not_a_save_file(tmp_path):
    r = run("replay", tmp_path)
    assert r.exit_code == 1 and "not a regular file" in r.output
    if os.path.exists("/dev/zero"):
        r = run("replay", "/dev/zero")
        assert r.exit_code == 1 and "not a regular file" in r.output


# ------------------------------------------------------------- a game given by path
@pytest.fixture
def own_game(tmp_path):
    """gamedefs/metras copied outside gamedefs/, as a designer's own game."""
    folder = tmp_path / "mine"
    shutil.copytree(METRAS, folder)
    return folder


def test_a_game_outside_gamedefs_works_with_every_command(tmp_path, own_game, monkeypatch):
    save = tmp_path / "g.json"
    assert run("validate", own_game).exit_code == 0
    assert run("simulate", own_game / "game.yaml", "-n", 2, "--json").exit_code == 0
    r = run("play", own_game, "--players", 3, "--seed", 4, "--bots", "random", "--humans", "0",
            "--json", "--save", save)
    assert r.exit_code == 0, r.output
    data = json.loads(save.read_text())
    assert data["source"] == str((own_game / "game.yaml").resolve())
    monkeypatch.chdir(tmp_path.parent)          # the save works from anywhere
    r = run("replay", save)                     # a path in a save is not loaded on its own
    assert r.exit_code == 1 and "give the game with --game PATH" in r.output
    r = run("replay", save, "--game", own_game)
    assert r.exit_code == 0 and r.output.startswith("OK:"), r.output
    assert run("play", own_game, "--load", save, "--json").exit_code == 0


def test_replay_refuses_a_definition_that_changed_since(tmp_path, own_game):
    save = tmp_path / "g.json"
    run("play", own_game, "--players", 3, "--seed", 4, "--bots", "random", "--humans", "0",
        "--json", "--save", save)
    cards = own_game / "cards" / "actions.yaml"     # an included file counts too
    cards.write_text(cards.read_text() + "\n# a comment is a change as well\n")
    for r in (run("replay", save, "--game", own_game),
              run("play", own_game, "--load", save, "--json")):
        assert r.exit_code == 1
        assert "another definition of metras" in r.output and "--game" in r.output


def test_a_moved_game_is_named_with_game(tmp_path, own_game):
    save = tmp_path / "g.json"
    run("play", own_game, "--players", 3, "--seed", 4, "--bots", "random", "--humans", "0",
        "--json", "--save", save)
    moved = tmp_path / "moved"
    own_game.rename(moved)
    r = run("replay", save)
    assert r.exit_code == 1 and "--game PATH" in r.output
    r = run("replay", save, "--game", moved)
    assert r.exit_code == 0 and r.output.startswith("OK:")
    r = run("replay", save, "--game", "metras")   # same id, but not the same definition?
    assert r.exit_code in (0, 1) and ("OK:" in r.output or "another definition" in r.output)


def test_names_and_paths_are_told_apart_and_a_clash_is_reported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "metras").mkdir()
    (tmp_path / "metras" / "game.yaml").write_text("not: a game\n")
    r = run("validate", "metras")               # the name: the game under gamedefs/
    assert r.exit_code == 0
    assert r.output.splitlines() == [
        "metras:1:1: warning NAME-CLASH 'metras' names the game under gamedefs/; the folder "
        "'metras' in the current directory is not used (write ./metras to use it) "
        "(see docs/reference/findings.md#NAME-CLASH)",
        "0 errors, 1 warning"]
    r = run("validate", "./metras")             # the path: the folder here
    assert r.exit_code == 1
    assert [line.split(" ")[:3] for line in r.output.splitlines()] == [
        ["metras/game.yaml:1:1:", "error", "SCHEMA-TYPE"],           # not a game at all
        ["1", "error,", "0"]]
    shutil.copytree(METRAS, tmp_path / "mygame")
    r = run("validate", "mygame")               # a name, and no such game under gamedefs/
    assert r.exit_code == 1 and "write ./mygame" in r.output
    assert run("validate", "mygame/game.yaml").exit_code == 0
    assert run("validate", "./mygame").exit_code == 0
