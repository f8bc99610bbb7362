"""The cookbook's roll-and-write (examples/keep_dice) and sowing game (examples/sow) against
their hand-written twins (benchmarks/reference/keep_dice.py, sow.py), in lockstep: the same
seeded random decisions, and after every decision the same seats asked, the same options in
the same order, the same generator state (the same dice rolled), the same scores and tallies
(keep_dice) or seeds in every house and store (sow); at the end the same result. A test fails
at the first decision where the two part, naming the seed and the decision's number.

tests/test_reference_games.py checks the same pairing more briefly for every reference game
(60 seeds); this runs some hundreds of seeds per player count, and thousands under `-m slow`."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reference import REFERENCE_GAMES  # noqa: E402
from interpreter.analysis.overrides import board_overrides, load_with_overrides  # noqa: E402
from interpreter.runtime.game import Game  # noqa: E402


def keep_dice_state(yaml_s: dict, hand_s: dict) -> tuple:
    """What both versions hold of the game: scores, each seat's tally (the YAML's mapping keys
    are texts), and the generator's state."""
    yaml = ([p["score"] for p in yaml_s["pl"]],
            [{int(k): v for k, v in p["tally"].items()} for p in yaml_s["pv"]], yaml_s["rng"])
    hand = (hand_s["score"], hand_s["tally"], hand_s["rng"])
    return yaml, hand


def sow_state(yaml_s: dict, hand_s: dict) -> tuple:
    """Every place's seeds by its cell name, and whose turn it is."""
    yaml = (dict(yaml_s["v"]["seeds"]), yaml_s["pending"]["seats"] if yaml_s["pending"] else [])
    hand = ({name: hand_s["pits"][i] for i, name in enumerate(hand_s["names"])},
            [] if hand_s["over"] else [hand_s["p"]])
    return yaml, hand


STATE = {"keep_dice": keep_dice_state, "sow": sow_state}


def lockstep(name: str, yaml_game, players: int, seed: int, options: dict | None = None) -> dict:
    """One seeded random game in both versions; fails at the first difference. Returns the
    result."""
    hand_game = REFERENCE_GAMES[name][1]()
    extra = {"options": options} if options else {}
    a = yaml_game.new_state(players, seed=seed, **extra)
    b = hand_game.new_state(players, seed=seed, **extra)
    state = STATE[name]
    r = random.Random(seed)
    step = 0
    where = f"{name}, {players} players, seed {seed}"
    while True:
        y, h = state(a, b)
        assert h == y, f"{where}, after decision {step}: hand {h} != YAML {y}"
        if yaml_game.is_over(a):
            break
        assert not hand_game.is_over(b), f"{where}: the hand version ended after decision {step}"
        seats = yaml_game.waiting(a)
        assert hand_game.waiting(b) == seats, f"{where}, decision {step + 1}: seats"
        seat = seats[0]
        labels = yaml_game.options(a, seat)
        mine = hand_game.options(b, seat)
        assert mine == labels, f"{where}, decision {step + 1}: hand {mine} != YAML {labels}"
        assert hand_game.option_count(b, seat) == yaml_game.option_count(a, seat) == len(labels)
        i = r.randrange(len(labels))
        yaml_game.apply(a, seat, i)
        hand_game.apply(b, seat, i)
        step += 1
    assert hand_game.is_over(b), f"{where}: the YAML version ended after decision {step}"
    assert hand_game.result(b) == yaml_game.result(a), f"{where}: results"
    assert b["decisions"] == a["decisions"] == step
    return yaml_game.result(a)


def _play_seeds(name: str, seeds: range, options: dict | None = None, game=None) -> list:
    yaml_game = game or Game.load(str(REFERENCE_GAMES[name][0]))
    results = []
    for players in range(yaml_game.g.players_min, yaml_game.g.players_max + 1):
        results += [lockstep(name, yaml_game, players, seed, options) for seed in seeds]
    return results


@pytest.mark.parametrize("name", ["keep_dice", "sow"])
def test_cookbook_twins_agree_move_for_move(name):
    results = _play_seeds(name, range(300))
    # not all alike: the random decisions lead to different winners and scores
    assert len({str(r["winners"]) for r in results}) > 1
    assert len({str(r["scores"]) for r in results}) > 10


@pytest.mark.slow
@pytest.mark.parametrize("name", ["keep_dice", "sow"])
def test_cookbook_twins_agree_move_for_move_on_more_seeds(name):
    _play_seeds(name, range(300, 5000))


def test_keep_dice_scores_every_kind_of_set():
    """Seeds where the random keeper kept one die, a pair, three of a kind and a mixed set
    whose dice above 3 beat its highest die, all agreeing: the twin's scoring is exercised,
    not only its dice."""
    kinds = set()
    game = Game.load(str(REFERENCE_GAMES["keep_dice"][0]))
    for seed in range(300):
        s = game.new_state(2, seed=seed)
        r = random.Random(seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            i = r.randrange(game.option_count(s, seat))
            label = game.options(s, seat)[i].split(" #")[0]      # "4, 4 #2": the set 4, 4
            kept = [int(d) for d in label.split(", ")]
            if len(set(kept)) == 1:
                kinds.add(f"{len(kept)} alike")
            elif sum(d for d in kept if d > 3) > max(kept):
                kinds.add("mixed, high dice")
            else:
                kinds.add("mixed, highest die")
            game.apply(s, seat, i)
    assert kinds == {"1 alike", "2 alike", "3 alike", "mixed, high dice", "mixed, highest die"}


@pytest.mark.parametrize("houses", [2, 3, 6, 12])
def test_sow_twin_agrees_on_other_board_sizes(houses):
    """`--option houses=N` builds the board for N houses (the game loaded again with that
    option, as play and simulate load it): the ring, the labels and the games agree."""
    base = Game.load(str(REFERENCE_GAMES["sow"][0]))
    game = load_with_overrides(str(REFERENCE_GAMES["sow"][0]),
                               board_overrides(base, {"houses": houses}))
    _play_seeds("sow", range(60), {"houses": houses}, game)


def test_sow_twin_agrees_when_the_turn_cap_stops_the_game():
    """A cap of 30 turns stops about half the games undecided (`end game as capped`: no
    winner, the stores as they are)."""
    results = _play_seeds("sow", range(100), {"turn_cap": 30})
    assert any(r.get("capped") for r in results)
    assert any(not r.get("capped") for r in results)


def test_sow_ends_by_its_rules_on_the_last_turn_the_cap_allows():
    """A move that empties a side ends the game (the sides swept into the stores, the fuller
    store wins) even when it is the last turn of the cap: with `turn_cap` set to the number of
    moves a game takes, the game has the same result as without a cap, not 'capped'. (The
    YAML checked for an empty side at the start of the next turn, which the cap never let
    come: seed 1's 30th move left P1's side empty and the game was called stopped.)"""
    game = Game.load(str(REFERENCE_GAMES["sow"][0]))
    for seed in range(40):
        r = random.Random(seed)
        s = game.new_state(2, seed=seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            game.apply(s, seat, r.randrange(game.option_count(s, seat)))
        uncapped, moves = game.result(s), s["decisions"]
        assert lockstep("sow", game, 2, seed, {"turn_cap": moves}) == uncapped, f"seed {seed}"
        assert lockstep("sow", game, 2, seed, {"turn_cap": moves - 1})["capped"], f"seed {seed}"
