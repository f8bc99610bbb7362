"""The reference games of the benchmark (benchmarks/reference.py) play the same games in YAML
and by hand: for every seed, the same random decision indices give the same seats to decide,
the same options (labels, in the same order), the same number of decisions and the same
result. This is what makes their speed ratio a fair comparison."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reference import REFERENCE_GAMES  # noqa: E402
from interpreter.runtime.game import Game                # noqa: E402

SEEDS = 60


def play_both(yaml_game, hand_game, players: int, seed: int) -> int:
    """Play one seeded random game in both versions side by side; returns its decisions."""
    a, b = yaml_game.new_state(players, seed=seed), hand_game.new_state(players, seed=seed)
    r = random.Random(seed)
    steps = 0
    while not yaml_game.is_over(a):
        assert not hand_game.is_over(b), f"seed {seed}: the hand version ended at step {steps}"
        seats = yaml_game.waiting(a)
        assert hand_game.waiting(b) == seats, f"seed {seed}, step {steps}"
        seat = seats[0]
        labels = yaml_game.options(a, seat)
        assert hand_game.options(b, seat) == labels, f"seed {seed}, step {steps}"
        assert hand_game.option_count(b, seat) == yaml_game.option_count(a, seat) == len(labels)
        i = r.randrange(len(labels))
        yaml_game.apply(a, seat, i)
        hand_game.apply(b, seat, i)
        steps += 1
    assert hand_game.is_over(b), f"seed {seed}: the YAML version ended first"
    assert hand_game.result(b) == yaml_game.result(a), f"seed {seed}"
    assert b["decisions"] == a["decisions"] == steps
    return steps


@pytest.mark.parametrize("name", sorted(REFERENCE_GAMES))
def test_yaml_and_hand_written_versions_play_the_same_games(name):
    path, hand = REFERENCE_GAMES[name]
    yaml_game = Game.load(str(path))
    for players in range(yaml_game.g.players_min, yaml_game.g.players_max + 1):
        for seed in range(SEEDS):
            assert play_both(yaml_game, hand(), players, seed) > 0
    # the games are not all alike: the random decisions lead to different results
    players = min(max(3, yaml_game.g.players_min), yaml_game.g.players_max)
    results = {str(_final(yaml_game, players, seed)) for seed in range(10)}
    assert len(results) > 1


def _final(game, players, seed):
    s = game.new_state(players, seed=seed)
    r = random.Random(seed)
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, r.randrange(game.option_count(s, seat)))
    return game.result(s)


def test_a_wrong_decision_order_is_noticed():
    """The comparison is not vacuous: a hand version answering with another option diverges."""
    path, hand = REFERENCE_GAMES["goofspiel"]
    yaml_game, hand_game = Game.load(str(path)), hand()
    a, b = yaml_game.new_state(2, seed=3), hand_game.new_state(2, seed=3)
    for _ in range(4):
        seat = yaml_game.waiting(a)[0]
        yaml_game.apply(a, seat, 0)
        hand_game.apply(b, seat, 1)
    assert hand_game.options(b, 0) != yaml_game.options(a, 0)


@pytest.mark.parametrize("name", sorted(REFERENCE_GAMES))
def test_reference_games_validate_without_findings(name):
    """Goofspiel counts its rounds with a constant (`count: prize_count`): that is a use."""
    from interpreter.build.game_loader import check_game
    path, _ = REFERENCE_GAMES[name]
    assert [f.format() for f in check_game(str(path))] == []


@pytest.mark.parametrize("seed", [344, 563])
def test_four_in_a_line_fills_the_board_to_a_draw(seed):
    """Seeds whose random drops fill the board without a line: both versions drop 42 discs
    (the last ones unasked, into the only column left) and call it a draw with no score."""
    path, hand = REFERENCE_GAMES["fourline"]
    yaml_game = Game.load(str(path))
    assert play_both(yaml_game, hand(), 2, seed) < 42
    s = yaml_game.new_state(2, seed=seed)
    r = random.Random(seed)
    while not yaml_game.is_over(s):
        seat = yaml_game.waiting(s)[0]
        yaml_game.apply(s, seat, r.randrange(yaml_game.option_count(s, seat)))
    assert sum(len(s["z"][f"board.{col}{row}"]) for col in "abcdefg" for row in range(1, 7)) == 42
    assert yaml_game.result(s) == {"winners": [0, 1], "scores": [0, 0], "ranking": [0, 1],
                                   "draw": True}


def test_four_in_a_line_sees_every_direction():
    """Lines across, up and on both diagonals end the game in both versions, for either seat
    (the drops are cells: red, yellow, red, ... as listed)."""
    path, hand = REFERENCE_GAMES["fourline"]
    yaml_game, hand_game = Game.load(str(path)), hand()
    lines = {   # drops that make a line with the last one; the winner
        "across": (["a1", "a2", "b1", "b2", "c1", "c2", "d1"], 0),
        "up": (["a1", "b1", "a2", "b2", "a3", "b3", "g1", "b4"], 1),
        "rising": (["a1", "b1", "b2", "c1", "c2", "d1", "c3", "d2", "d3", "g1", "d4"], 0),
        "falling": (["g1", "f1", "f2", "e1", "e2", "d1", "e3", "d2", "d3", "a1", "d4"], 0),
    }
    for name, (drops, winner) in lines.items():
        a, b = yaml_game.new_state(2, seed=0), hand_game.new_state(2, seed=0)
        for i, cell in enumerate(drops):
            assert not yaml_game.is_over(a) and not hand_game.is_over(b), name
            seat = i % 2
            assert yaml_game.options(a, seat) == hand_game.options(b, seat)
            yaml_game.apply_label(a, seat, cell)
            hand_game.apply(b, seat, cell)
        assert yaml_game.result(a)["winners"] == hand_game.result(b)["winners"] == [winner], name


def test_little_hearts_makes_players_follow_suit():
    """Whenever a seat holding the led suit is asked, its options are exactly those cards;
    the points taken always add up to the 13 in the deck with 4 players (every card dealt)."""
    path, _ = REFERENCE_GAMES["hearts"]
    game = Game.load(str(path))
    suits = ("clubs", "diamonds", "spades", "hearts")
    followed = 0
    for seed in range(20):
        s = game.new_state(4, seed=seed)
        r = random.Random(seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            labels = game.options(s, seat)
            table = [game.g.cards[c] for c in s["z"]["table"]]
            if table:
                led = table[0]["suit"]
                hand = [game.g.cards[c]["suit"] for c in s["z"][f"{seat}.hand"]]
                if led in hand:
                    followed += 1
                    assert {lab.split(" of ")[1] for lab in labels} == {led}
            assert all(lab.split(" of ")[1] in suits for lab in labels)
            game.apply(s, seat, r.randrange(len(labels)))
        assert sum(game.result(s)["scores"]) == 13
    assert followed > 0
