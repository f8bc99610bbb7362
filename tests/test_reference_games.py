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
    results = {str(_final(yaml_game, 3, seed)) for seed in range(10)}
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
