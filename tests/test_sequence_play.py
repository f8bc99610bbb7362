"""Secret sequences at the table and with bots: one pass-screen per person per sequence,
undo inside a sequence, saves and replays, and every bot composing its own program
(tests/games/relay_programs)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from interpreter.bots import make_bot
from interpreter.bots.worlds import determinize
from interpreter.runtime.play_session import Session
from interpreter.errors import IllegalMove
from interpreter.runtime.game import Game

GAME = Path(__file__).parent / "games" / "relay_programs"
PASS = "Pass the device to"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def play(args, lines):
    return CliRunner().invoke(main, ["play", str(GAME), *args], input="\n".join(lines) + "\n")


def test_one_pass_screen_per_person_per_sequence():
    # two people and a bot, three rounds: each person composes a whole program behind one
    # pass-screen (Enter), not one per action
    per_round = ["", "run", "trip", "done", "", "jump", "done"]
    r = play(["--players", "3", "--humans", "2", "--seed", "1", "--bots", "random"],
             per_round * 3)
    assert r.exit_code == 0, r.output
    assert r.output.count(PASS) == 6
    assert r.output.count("Your sequence so far: 1. run  2. trip\n") == 3   # P1 sees its own
    assert "Your sequence so far: 1. jump" in r.output
    # each screen shows the private lines of the seat in front of it only
    screens = r.output.split(PASS)[1:]
    for screen in screens:
        seat, other = ("P1", "P2") if screen.startswith(" P1") else ("P2", "P1")
        assert f"{other}: your energy is" not in screen
    assert "P1: your energy is" in "".join(screens[2:])


def test_undo_at_the_terminal_takes_back_the_last_step_only():
    r = play(["--players", "2", "--seed", "1", "--bots", "random"],
             ["run", "trip", "undo", "jump", "done"] + ["run", "done"] * 2)
    assert r.exit_code == 0, r.output
    assert "Your sequence so far: 1. run  2. jump" in r.output
    assert "round 1: programs run+jump" in r.output


def test_undo_after_the_programs_were_revealed_is_refused(game):
    s = Session(game, 2, seed=1)
    for seat, label in ((1, "run"), (1, "done"), (0, "run"), (0, "done")):
        s.decide(seat, label)
    with pytest.raises(IllegalMove, match="secret choices"):
        s.undo(0, {0})
    s.decide(0, "trip")
    assert s.undo(0, {0}) == 1 and game.steps(s.state, 0) == []


def test_a_game_saved_mid_sequence_replays_and_continues(tmp_path):
    save = tmp_path / "relay.json"
    r = play(["--players", "2", "--seed", "3", "--bots", "greedy", "--save", str(save)],
             ["run", "charge", "save", "quit"])
    assert r.exit_code == 0, r.output
    data = json.loads(save.read_text())
    assert [d[1] for d in data["decisions"]][-2:] == ["run", "charge"]
    r = CliRunner().invoke(main, ["replay", str(save), "--game", str(GAME)])
    assert r.exit_code == 0 and "OK:" in r.output, r.output
    r = play(["--load", str(save), "--bots", "greedy"], ["run", "done"] + ["run", "done"] * 2)
    assert r.exit_code == 0, r.output
    assert "Your sequence so far: 1. run  2. charge  3. run" in r.output


def test_a_replay_keeps_each_steps_label_and_hides_private_lines(tmp_path):
    save = tmp_path / "bots.json"
    r = CliRunner().invoke(main, ["play", str(GAME), "--players", "4", "--humans", "0",
                                  "--bots", "random", "--seed", "9", "--json", "--save",
                                  str(save)])
    assert r.exit_code == 0, r.output
    assert "energy" not in r.output                  # --json prints the result only
    r = CliRunner().invoke(main, ["replay", str(save), "--show-log", "--game", str(GAME)])
    assert r.exit_code == 0 and "OK:" in r.output
    assert "your energy" not in r.output and "(a line for P1 only)" in r.output
    r = CliRunner().invoke(main, ["replay", str(save), "--show-log", "--seat", "2",
                                  "--game", str(GAME)])
    assert r.exit_code == 0 and "P2: your energy is" in r.output
    assert "P1: your energy" not in r.output and "(a line for P1 only)" in r.output


@pytest.mark.parametrize("kind", ["random", "greedy", "ismcts:iterations=60", "policy:runner"])
def test_every_bot_composes_whole_programs(game, kind, tmp_path):
    g = game if not kind.startswith("policy") else Game.load(str(policy_game(tmp_path)))
    for seed in range(2):
        bots = [make_bot(kind, g, seed * 10 + p) for p in range(3)]
        s = g.new_state(3, seed=seed)
        steps = 0
        while not g.is_over(s):
            seat = g.waiting(s)[0]
            choice = bots[seat].choose(g, s, seat)
            assert g.options(s, seat)[choice] != "undo last"   # a bot never steps back
            g.apply(s, seat, choice)
            steps += 1
        assert steps >= 3 * 3 * 2      # at least one action and "done" per seat per round
    if kind.startswith("policy"):      # its rules read so_far: programs of runs only
        log: list = []
        s = g.new_state(3, seed=0, listener=log.append)
        while not g.is_over(s):
            seat = g.waiting(s)[0]
            g.apply(s, seat, bots[seat].choose(g, s, seat), listener=log.append)
        programs = [x.split("programs ")[1] for x in log if "programs" in x]
        assert programs and set(", ".join(programs).replace("+", ", ").split(", ")) == {"run"}


def policy_game(tmp_path) -> Path:
    """The test game with a bot policy that always runs (a rule about `so_far`)."""
    text = (GAME / "game.yaml").read_text().replace("\nbots:\n", """
bots:
  policies:
    runner:
      rules:
        - match: 'option == "run" and count(so_far) < 2'
        - match: 'option == "done"'
      otherwise: random
""")
    (tmp_path / "game.yaml").write_text(text)
    return tmp_path


def test_a_bots_imagined_world_forgets_the_other_seats_steps(game):
    import random
    s = game.new_state(3, seed=1)
    for label in ("charge", "jump", "done"):
        game.apply_label(s, 1, label)
    game.apply_label(s, 0, "trip")
    w = determinize(game, s, 0, random.Random(1))
    assert game.waiting(w) == [0, 1, 2]                 # P2's commit is forgotten
    assert game.steps(w, 0) == ["trip"] and game.steps(w, 1) == []
    assert game.options(w, 1) == game.options(game.new_state(3, seed=1), 1)


def test_ismcts_decides_each_seats_step_blind_to_the_others(game):
    bot = make_bot("ismcts:iterations=40", game, 5)
    s = game.new_state(3, seed=2)
    game.apply_label(s, 1, "trip")
    bot.choose(game, s, 0)
    # the root node's children are joint steps of all three seats (decoupled selection)
    assert bot.tree.kids and all(len(key) == 3 for key in bot.tree.kids)
    assert set(bot.tree.tables) == {0, 1, 2}


def test_states_differing_in_other_seats_steps_get_the_same_choice_from_every_bot(game):
    """Another seat's steps (their content, their number, its commit) are invisible to a
    bot: its imagined world and its choice are the same either way."""
    import random
    a, b = game.new_state(3, seed=5), game.new_state(3, seed=5)
    for label in ("charge", "jump", "undo last", "run", "done"):
        game.apply_label(a, 1, label)
    game.apply_label(b, 1, "trip")
    for s in (a, b):
        game.apply_label(s, 0, "run")
    wa = determinize(game, a, 0, random.Random(1))
    wb = determinize(game, b, 0, random.Random(1))
    assert game.state_hash(wa) == game.state_hash(wb)
    for spec in ("random", "greedy", "ismcts:iterations=30"):
        assert make_bot(spec, game, 3).choose(game, a, 0) == \
            make_bot(spec, game, 3).choose(game, b, 0), spec


def test_greedy_scores_a_program_by_the_evaluation_of_its_steps(game):
    # the test game's evaluation values a jump 2 and a run 1 (bots: evaluation reads so_far):
    # with energy 2 the best program is two jumps, then done at the maximum
    bot = make_bot("greedy", game, 1)
    s = game.new_state(2, seed=1)
    while 0 in game.waiting(s):
        game.apply(s, 0, bot.choose(game, s, 0))
    assert s["stack"] and "0" in s["pending"]["ans"] and \
        s["pending"]["so_far"]["0"] == ["jump", "jump"]
