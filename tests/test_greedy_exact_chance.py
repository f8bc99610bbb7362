"""The greedy bot scores an option that consults chance by the exact expectation over its
outcome paths when they number at most `bots: samples` (bots/chance_paths.py), and by the mean
over `samples` imagined worlds otherwise. Game: tests/games/chance_choices (`samples: 11`, so
a sampled mean is a multiple of 1/11 and never one of the expectations below)."""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from interpreter.bots import chance_paths, greedy, make_bot
from interpreter.bots.worlds import determinize
from interpreter.effects import rng
from interpreter.runtime.game import Game

GAME = Path(__file__).resolve().parent / "games" / "chance_choices" / "game.yaml"
SURE3, ONE_DIE, AGAIN, TWO_DICE, TWENTY = range(5)


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def at_pick(game, points: int):
    """Seat 0's first pick, after `points` points given to it by hand (the die's 1 wipes them)."""
    s = game.new_state(2, seed=4)
    s["pl"][0]["points"] = points
    return s


def ready(game, s, seat: int, seed: int = 3):
    """A greedy bot as choose() leaves it set up for a decision, and the decision's world."""
    bot = make_bot("greedy", game, seed)
    bot.rng = random.Random(seed)
    world = determinize(game, s, seat, bot.rng)
    bot.before = bot.evaluate(game, world, seat)
    return bot, world


def sampled(bot, game, s, seat: int, index: int, world) -> float:
    """The mean over `samples` worlds, as the greedy bot scored every roll before the exact
    expectation: the decision's world, then fresh worlds from the bot's stream."""
    values = [bot.sample(game, game.clone(world), seat, index)[0]]
    for _ in range(bot.samples - 1):
        got = bot.sample(game, bot.determinize(game, s, seat), seat, index)
        if got is not None:
            values.append(got[0])
    return sum(max(-greedy.SURE, min(greedy.SURE, v)) for v in values) / len(values)


@pytest.mark.parametrize("points", [0, 7])
def test_a_die_is_scored_by_its_exact_expectation(game, points):
    s = at_pick(game, points)
    for seed in (3, 4, 5):        # the expectation owes nothing to the bot's stream
        bot, world = ready(game, s, 0, seed)
        assert bot.value(game, s, 0, SURE3, world) == points + 3
        # a 1 wipes the points, 2-6 add themselves
        assert bot.value(game, s, 0, ONE_DIE, world) == float(Fraction(5 * points + 20, 6))
        # 1-5 with 1/6 each; a 6 rolls again: 7-12 with 1/36 each (11 paths, at the cap)
        again = Fraction(15, 6) + Fraction(sum(range(7, 13)), 36)
        assert bot.value(game, s, 0, AGAIN, world) == float(points + again)


def test_the_paths_and_their_probabilities(game):
    s = at_pick(game, 2)
    world = game.clone(s)
    before = game.state_hash(world)
    leaves = chance_paths.outcome_paths(game, world, 0, AGAIN, 11)
    assert sorted(p for p, _ in leaves) == [Fraction(1, 36)] * 6 + [Fraction(1, 6)] * 5
    assert sorted(s2["pl"][0]["points"] for _, s2 in leaves) == [3, 4, 5, 6, 7] + list(range(9, 15))
    assert game.state_hash(world) == before                    # the world is left as it was
    assert chance_paths.outcome_paths(game, world, 0, AGAIN, 10) is None   # 11 > 10
    sure = chance_paths.outcome_paths(game, world, 0, SURE3, 1)
    assert [(p, s2["pl"][0]["points"]) for p, s2 in sure] == [(1, 5)]


def test_the_walk_stops_as_soon_as_the_paths_exceed_the_cap(game, monkeypatch):
    s = at_pick(game, 0)
    calls = []
    apply = game.apply

    def counted(*a, **k):
        calls.append(1)
        return apply(*a, **k)
    monkeypatch.setattr(game, "apply", counted)
    # a shuffle of twenty: its first draw is 20 outcomes, stopped there
    assert chance_paths.outcome_paths(game, s, 0, TWENTY, 11) is None and len(calls) == 1
    calls.clear()
    # two dice: the first draw (6), then two of its paths each stopped at the second die
    # (6 + 5 = 11 paths to come, then 16 > 11)
    assert chance_paths.outcome_paths(game, s, 0, TWO_DICE, 11) is None and len(calls) == 3


@pytest.mark.parametrize("index", [TWO_DICE, TWENTY])
def test_more_paths_than_samples_are_sampled_as_before(game, index):
    s = at_pick(game, 1)
    bot, world = ready(game, s, 0)
    ref, ref_world = ready(game, s, 0)
    got = bot.value(game, s, 0, index, world)
    assert got == sampled(ref, game, s, 0, index, ref_world)
    assert (got * 11) == pytest.approx(round(got * 11))        # a mean of 11 worlds
    assert bot.rng.getstate() == ref.rng.getstate()           # the same stream used


def test_a_path_the_rules_fail_on_is_left_out_and_the_rest_weighed(game, monkeypatch):
    """An imagined world where one outcome breaks the rules (worlds.WORLD_ERRORS): the
    expectation is over the outcomes that hold, as a failed sample was left out of the mean."""
    s = at_pick(game, 0)
    bot, world = ready(game, s, 0)
    apply = game.apply

    def failing_on_a_six(*a, **k):
        given = rng._forced.get()
        if given is not None and given[0][:1] == [5]:
            raise KeyError("an impossible world")
        return apply(*a, **k)
    monkeypatch.setattr(game, "apply", failing_on_a_six)
    leaves = chance_paths.outcome_paths(game, world, 0, AGAIN, 11)
    assert sum(p for p, _ in leaves) == Fraction(5, 6) and len(leaves) == 5
    assert bot.value(game, s, 0, AGAIN, world) == 3.0          # (1 + ... + 5) / 5


def test_same_seed_same_choices(game):
    def play(seed):
        s = game.new_state(2, seed=seed)
        bots = [make_bot("greedy", game, 10 + p) for p in range(2)]
        picks = []
        while not s["over"]:
            seat = game.waiting(s)[0]
            picks.append(bots[seat].choose(game, s, seat))
            game.apply(s, seat, picks[-1])
        return picks, game.state_hash(s)
    assert play(6) == play(6)


def at_bid(game):
    s = game.new_state(2, seed=4)
    game.apply(s, 0, SURE3)
    game.apply(s, 1, SURE3)
    assert s["pending"]["each"] and game.waiting(s) == [0, 1]
    return s


def test_a_secret_join_is_still_sampled(game, monkeypatch):
    """A bid among secret bids: the others' picks are imagined, not drawn, so the option is
    scored over imagined worlds as before, and its paths are never walked."""
    s = at_bid(game)
    bot, world = ready(game, s, 0)
    ref, ref_world = ready(game, s, 0)
    bot.others = ref.others = 99

    def refused(*a, **k):
        raise AssertionError("a secret join's paths walked")
    monkeypatch.setattr(greedy, "outcome_paths", refused)
    for index in range(game.bot_option_count(s, 0)):
        assert bot.value(game, s, 0, index, world) == sampled(ref, game, s, 0, index, ref_world)
    bot.choose(game, s, 0)


def test_one_sample_never_walks_paths(game, monkeypatch, tmp_path):
    """`samples: 1`: an option that rolls is scored in the decision's world alone, as ever."""
    one = tmp_path / "game.yaml"
    one.write_text(GAME.read_text().replace("samples: 11", "samples: 1"))
    game1 = Game.load(str(one))

    def refused(*a, **k):
        raise AssertionError("paths walked with samples: 1")
    monkeypatch.setattr(greedy, "outcome_paths", refused)
    s = at_pick(game1, 0)
    bot, world = ready(game1, s, 0)
    for index in (ONE_DIE, AGAIN, TWO_DICE):
        v = bot.value(game1, s, 0, index, world)
        assert v == bot.sample(game1, game1.clone(world), 0, index)[0] and v == int(v)
