"""The command line, end to end through click's runner: clear errors, never a traceback."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.load.documents import GAMEDEFS
from places import at

ROOT = Path(__file__).resolve().parent.parent
FAMILY_A1 = "family servant A [fame 1 wealth 3 expl 2 esp 4]"


def run(*args, input=None):
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def bot_game(tmp_path, seed=3, *more):
    save = tmp_path / "game.json"
    r = run("play", "metras", "--humans", 0, "--bots", "random", "--json", "--seed", seed, "--save", save, *more)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), save


# ------------------------------------------------------------------ list, validate
def test_list_shows_games_with_players_and_variants():
    r = run("list")
    assert r.exit_code == 0
    assert "metras" in r.output and "3-4" in r.output and "balanced" in r.output


def test_list_survives_a_broken_game(monkeypatch, tmp_path, broken):
    from interpreter.commands import list_games
    shutil.copytree(GAMEDEFS / "metras", tmp_path / "metras")
    monkeypatch.setattr(list_games, "GAMEDEFS", tmp_path)
    r = run("list")
    assert r.exit_code == 0
    assert "metras" in r.output and "has errors" in r.output and "validate broken" in r.output


def test_validate_metras_is_clean():
    r = run("validate", "metras")
    assert r.exit_code == 0
    assert r.output == "0 errors, 0 warnings\n"


@pytest.fixture
def broken(tmp_path):
    game = tmp_path / "broken"
    shutil.copytree(GAMEDEFS / "metras", game)
    yaml = game / "game.yaml"
    text = yaml.read_text()
    assert "gain IP my.fame * card.multiplier" in text
    yaml.write_text(text.replace("gain IP my.fame * card.multiplier",
                                 "gain IP my.fam * card.multiplier"))
    return game


def fam(broken) -> tuple:
    """The place of the misspelt counter in the broken copy: (line, col)."""
    return at((broken / "game.yaml").read_text(), "gain IP my.fam *", "fam")


def test_validate_broken_copy_fails_with_position(broken):
    r = run("validate", broken)
    assert r.exit_code == 1
    line, col = fam(broken)
    assert r.output.splitlines()[:2] == [
        (f"{broken / 'game.yaml'}:{line}:{col}: error REF-UNDEF players have no counter, value, "
         "stat or zone 'fam' (did you mean 'fame'?) (see docs/reference/findings.md#REF-UNDEF)"),
        "1 error, 0 warnings"]


def test_validate_json_lists_findings(broken):
    r = run("validate", "metras", broken / "game.yaml", "--format", "json")
    assert r.exit_code == 1
    findings = json.loads(r.stdout)
    assert [(Path(f["file"]).resolve(), f["line"], f["col"], f["code"]) for f in findings] == [
        ((broken / "game.yaml").resolve(), *fam(broken), "REF-UNDEF")]


def test_validate_missing_path_is_an_error_not_a_crash(tmp_path):
    r = run("validate", tmp_path / "nope")
    assert r.exit_code == 1 and "nope" in r.output


def test_playing_a_broken_game_lists_its_findings(broken):
    r = run("play", broken, "--bots", "random")
    assert r.exit_code == 1
    line, col = fam(broken)
    assert f"{broken / 'game.yaml'}:{line}:{col}: error REF-UNDEF players have no counter" in r.stderr


# ------------------------------------------------------------------ play
def test_bot_game_json(tmp_path):
    result, _ = bot_game(tmp_path)
    assert result["game"] == "metras" and result["seed"] == 3 and result["players"] == 3
    assert result["winners"] and all(1 <= w <= 3 for w in result["winners"])
    assert len(result["scores"]) == 3 and result["decisions"] > 50
    again, _ = bot_game(tmp_path)
    assert again["state_hash"] == result["state_hash"]   # same seed, same bots, same game


def test_save_then_replay_ok(tmp_path):
    result, save = bot_game(tmp_path, 5, "--players", "4", "--bot", "2=greedy")
    data = json.loads(save.read_text())
    assert data["format"] == 2 and data["players"] == 4 and data["seed"] == 5
    assert len(data["decisions"]) == result["decisions"]
    assert data["state_hash"] == result["state_hash"]
    r = run("replay", save)
    assert r.exit_code == 0 and r.output.startswith("OK")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """The text of one finished bot game's save file (played once for all these tests)."""
    _, save = bot_game(tmp_path_factory.mktemp("saved"))
    return save.read_text()


@pytest.mark.parametrize("corrupt", [
    lambda d: "{not json",
    lambda d: json.dumps([1, 2]),
    lambda d: json.dumps({**d, "format": 99}),
    lambda d: json.dumps({**d, "decisions": [["x", 1]]}),
    lambda d: json.dumps({**d, "decisions": [[9, "pass"]]}),
    lambda d: json.dumps({**d, "decisions": [[1, "no such move"]]}),
    lambda d: json.dumps({**d, "game": "chess"}),
    lambda d: json.dumps({**d, "variant": "nope"}),
    lambda d: json.dumps({**d, "options": {"nope": 1}}),
])
def test_corrupt_save_is_a_clear_error(tmp_path, saved, corrupt):
    save = tmp_path / "corrupt.json"
    save.write_text(corrupt(json.loads(saved)))
    for args in (("replay", save), ("play", "metras", "--load", save, "--bots", "random")):
        r = run(*args)
        assert r.exit_code == 1
        assert r.stderr.startswith("error:"), r.output


def test_tampered_hash_is_a_mismatch(tmp_path, saved):
    save = tmp_path / "tampered.json"
    data = json.loads(saved)
    data["decisions"] = data["decisions"][:-1]    # still replayable, but another state
    save.write_text(json.dumps(data))
    r = run("replay", save)
    assert r.exit_code == 1 and "MISMATCH" in r.output
    r = run("play", "metras", "--load", save, "--bots", "random", "--json")
    assert r.exit_code == 1 and "does not match" in r.stderr


def test_moves_file_with_an_illegal_label(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text(f"# P1 places a family servant\n{FAMILY_A1}\n\nespionage\nfly away\n")
    r = run("play", "metras", "--seed", 1, "--moves", moves, "--bots", "random", "--json")
    assert r.exit_code == 1
    assert "moves.txt:5" in r.stderr and "'fly away' is not a legal option" in r.stderr


def test_moves_then_bots_finish(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text(f"{FAMILY_A1}\nespionage\n")
    save = tmp_path / "s.json"
    r = run("play", "metras", "--seed", 1, "--moves", moves, "--humans", 0, "--bots", "random",
            "--json", "--save", save)
    assert r.exit_code == 0, r.output
    decisions = json.loads(save.read_text())["decisions"]
    assert decisions[:2] == [[1, FAMILY_A1], [1, "espionage"]]


def test_moves_running_out_for_a_human_without_terminal(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text(f"{FAMILY_A1}\n")
    r = run("play", "metras", "--seed", 1, "--moves", moves)
    assert r.exit_code == 1 and "must decide" in r.stderr


@pytest.mark.parametrize("args,message", [
    (("play", "metrass"), "did you mean 'metras'"),
    (("play", "metras", "--bot", "2greedy"), "SEAT=KIND"),
    (("play", "metras", "--bot", "9=greedy"), "no seat '9'"),
    (("play", "metras", "--bot", "2=smart"), "no bot 'smart'"),
    (("play", "metras", "--variant", "quick", "--bots", "random"), "no variant 'quick'"),
    (("play", "metras", "--players", "7", "--bots", "random"), "3-4 players"),
    (("play", "metras", "--load", "/no/such/file.json"), "no save file"),
    (("play", "metras", "--moves", "/no/such/moves.txt"), "moves file"),
    (("simulate", "metras", "-n", "2", "--bots", "smart"), "no bot 'smart'"),
    (("simulate", "metras", "-n", "2", "--bot", "2greedy"), "SEAT=KIND"),   # parsed as in play
    (("simulate", "metras", "-n", "2", "--bot", "9=greedy"), "no seat '9'"),
    (("replay", "/no/such/file.json"), "no save file"),
])
def test_bad_input_is_a_clear_error(args, message):
    r = run(*args)
    assert r.exit_code == 1
    assert r.stderr.startswith("error:") and message in r.stderr


# ------------------------------------------------------------------ a person at the prompt
def test_human_plays_undoes_and_quits(tmp_path):
    save = tmp_path / "h.json"
    # family servant 1, espionage; undo (nothing random since) and choose again; quit
    r = run("play", "metras", "--seed", 1, "--save", save,
            input="1\n4\nundo\nhelp\nzzz\n99\n4\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "P1: which family servant first?" in out and "P1> " in out
    assert re.search(r"Undone: \d+ decisions\.", out)   # P1's and the bots' after it
    assert "undo " in out and "'zzz' is not an option" in out and "no option 99" in out
    assert "Saved to" in out
    data = json.loads(save.read_text())
    assert data["decisions"][:2] == [[1, FAMILY_A1], [1, "espionage"]]
    # continue that game with a bot in seat 1
    r = run("play", "metras", "--load", save, "--humans", 0, "--bots", "random", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["winners"]


def test_undo_is_refused_after_cards_were_drawn():
    # after the third decision the market is drawn from the (hidden) deck: no undo past it
    r = run("play", "metras", "--seed", 1, input="1\n4\n1\nundo\nquit\n")
    assert r.exit_code == 0
    assert "cannot undo: since that decision hidden cards were shown to every seat" in r.output
    assert "#" in r.output and "market" in r.output          # the player's view is shown


def test_the_view_shows_only_the_seat_s_own_hidden_zones():
    r = run("play", "metras", "--seed", 1, input="quit\n")
    assert "ally bag" in r.output and "32 hidden" in r.output
    assert "ally01" not in r.output


def test_input_ending_early_saves_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("play", "metras", "--seed", 1, input="1\n")
    assert r.exit_code == 130 and "Input ended: the game is saved to metras-save.json" in r.stderr


def test_hot_seat_passes_the_device(tmp_path):
    r = run("play", "metras", "--seed", 1, "--bot", "2=human", input="\n1\n4\n\n1\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the device to P2" in r.output
    assert "P2: which family servant first?" in r.output


def test_game_over_prints_winners_and_scores():
    r = run("play", "metras", "--seed", 2, "--humans", 0, "--bots", "random")
    assert r.exit_code == 0
    assert "Metras: game over" in r.output and ("wins!" in r.output or "Shared" in r.output)
    assert "score" in r.output


# ------------------------------------------------------------------ simulate
def test_simulate_json():
    r = run("simulate", "metras", "-n", 5, "--json", "--seed", 10)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["errors"] == 0 and report["games"] == 5 and report["error_samples"] == []
    assert sum(s["wins"] for s in report["seats"]) + report["draws"] + report["capped"] == 5
    for seat in report["seats"]:
        lo, hi = seat["win_interval"]
        assert 0 <= lo <= seat["win_rate"] <= hi <= 1
    assert report["length"]["mean"] > 0 and report["decisions_per_s"] > 0


def test_simulate_text_report():
    r = run("simulate", "metras", "-n", 3, "--players", 4)
    assert r.exit_code == 0
    assert "win rate" in r.output and "95% interval" in r.output and "decisions/s" in r.output


def test_simulate_counts_a_broken_game_as_an_error(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)          # a save of a game in error goes to the current folder
    from interpreter.analysis import runner, seat_bots
    real = seat_bots.make_bot

    from interpreter.effects.rng import derive_seed
    broken = derive_seed(0, 1)     # the run's second game

    class Broken:
        def choose(self, game, state, seat):
            raise KeyError("boom")

    def flaky(kind, game, seed):   # the bots of the run's second game break
        return Broken() if seed // runner.BOT_SEED_STRIDE == broken else real(kind, game, seed)
    monkeypatch.setattr(seat_bots, "make_bot", flaky)
    r = run("simulate", "metras", "-n", 3, "--json", "--jobs", 1)
    assert r.exit_code == 1
    report = json.loads(r.stdout)
    assert report["errors"] == 1 and report["error_samples"][0]["seed"] == broken
    assert report["completed"] == 2


def test_wilson_interval():
    from interpreter.analysis.intervals import wilson
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_cli_py_runs_as_a_script():
    r = subprocess.run([sys.executable, "cli.py", "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0
    for command in ("list", "validate", "play", "simulate", "replay"):
        assert command in r.stdout


def test_secret_choices_of_two_humans_each_behind_a_pass_screen():
    # Etheria's first turn is a sealed bid by every seat at once: P1 bids, the device
    # passes to P2, who bids without having seen P1's screen
    r = run("play", "etheria", "--seed", 4, "--bot", "2=human", input="\n1\n\n1\n\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    first, second = out.index("Pass the device to P1"), out.index("Pass the device to P2")
    assert first < second
    assert "sealed bid for" in out[second:]


def test_option_flag_sets_a_game_option_and_rejects_unknown_ones():
    r = run("simulate", "metscri", "-n", 2, "--players", 2, "--option", "turn_cap=3", "--json")
    assert r.exit_code == 0
    report = json.loads(r.stdout)
    assert report["options"] == {"turn_cap": 3} and report["capped"] == 2
    r = run("simulate", "metscri", "-n", 1, "--option", "turncap=3")
    assert r.exit_code == 1 and "no option 'turncap'" in r.stderr and "turn_cap" in r.stderr
    r = run("simulate", "metscri", "-n", 1, "--option", "turn_cap=many")
    assert r.exit_code == 1 and "not a whole number" in r.stderr
    r = run("play", "metscri", "--players", 2, "--seed", 1, "--humans", 0, "--bots", "random",
            "--option", "turn_cap=2", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)
