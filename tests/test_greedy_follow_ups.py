"""`bots: follow_ups: nested`: greedy looks through a follow-up choice of the same seat only
when it is asked while the rule that asked the first choice still runs (the option's own
rest, such as where to move the card chosen); one asked after that rule returned (the turn's
actions after the roll that stopped) leaves the option scored as it stands."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.greedy import GreedyBot
from interpreter.bots.worlds import Dealer
from interpreter.errors import RulebookError
from interpreter.runtime.game import Game


@pytest.fixture(scope="module")
def metscri():
    return Game.load("metscri")


def roll_or_stops(game):
    """Metscri positions (greedy in both seats from seed 4) where the seat may roll again or
    stop after a roll, and stopping opens the turn's action menu (asked by the turn's rule,
    after the rolling rule has returned): (state, seat), one after another."""
    s = game.new_state(2, 4)
    bots = [make_bot("greedy", game, 40 + p) for p in range(2)]
    while not s["over"]:
        seat = game.waiting(s)[0]
        if game.options(s, seat) == ["roll again", "stop"]:
            after = game.clone(s)
            game.apply(after, seat, 1)
            if game.waiting(after) == [seat] and game.bot_option_count(after, seat) > 1:
                assert len(after["stack"]) < len(s["stack"])
                yield game.clone(s), seat
        game.apply(s, seat, bots[seat].choose(game, s, seat))


def stop_values(game, s, seat, nested: bool):
    """(greedy's value of "stop", the evaluation of the position after stopping, the best of
    the follow-up choice's options), in one imagined world."""
    bot = GreedyBot(game, 7)
    bot.nested_only = nested
    bot.dealer = Dealer(game, s, seat)
    world = bot.determinize(game, s, seat)
    bot.set_baseline(game, world, seat)
    value = bot.value(game, s, seat, 1, world)
    after = game.clone(world)
    game.apply(after, seat, 1)
    assert bot.evaluate(game, after, seat) == bot.before    # stopping changes nothing read
    follow = [bot.sample(game, game.clone(after), seat, i, 1)
              for i in range(game.bot_option_count(after, seat))]
    best = max(f[0] for f in follow if f is not None)
    return value, bot.before, best


def test_a_choice_asked_after_the_asking_rule_returned_is_not_looked_through(metscri):
    differed = 0
    for s, seat in roll_or_stops(metscri):
        nested, here, best = stop_values(metscri, s, seat, True)
        assert nested == here                     # scored as it stands
        looked, here_again, best_again = stop_values(metscri, s, seat, False)
        assert (here_again, best_again) == (here, best)
        assert looked == best                     # `any`: the best first action of the turn
        differed += best != here
        if differed == 3:
            break
    assert differed == 3


def test_a_choice_asked_inside_the_option_is_still_looked_through(metscri):
    """"move from" a square opens the square to move to, asked by the move's own rule
    (deeper than the action menu): nested or not, the option is worth its best square."""
    s, seat = next(roll_or_stops(metscri))
    bots = [make_bot("greedy", metscri, 50 + p) for p in range(2)]
    while not any(o.startswith("move from") for o in metscri.options(s, seat)):
        seat = metscri.waiting(s)[0]
        metscri.apply(s, seat, bots[seat].choose(metscri, s, seat))
    index = next(i for i, o in enumerate(metscri.options(s, seat)) if o.startswith("move from"))
    values = []
    for nested in (True, False):
        bot = GreedyBot(metscri, 7)
        bot.nested_only = nested
        bot.dealer = Dealer(metscri, s, seat)
        world = bot.determinize(metscri, s, seat)
        bot.set_baseline(metscri, world, seat)
        values.append(bot.value(metscri, s, seat, index, world))
        after = metscri.clone(world)
        metscri.apply(after, seat, index)
        assert len(after["stack"]) > len(world["stack"])     # asked inside the move
    assert values[0] == values[1] != bot.before


def test_metscri_declares_nested_and_a_bad_word_is_a_located_error(metscri, tmp_path):
    assert metscri.g.bot_follow_ups == "nested"
    assert GreedyBot(metscri).nested_only
    folder = tmp_path / "bust"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "bust", folder)
    path = folder / "game.yaml"
    text = path.read_text()
    assert "\n  samples: 12\n" in text
    path.write_text(text.replace("\n  samples: 12\n", "\n  samples: 12\n  follow_ups: deep\n"))
    line = path.read_text().splitlines().index("  follow_ups: deep") + 1
    from interpreter.build.game_loader import load_game
    with pytest.raises(RulebookError) as e:
        load_game(str(path))
    assert f"game.yaml:{line}:" in str(e.value) and "follow_ups" in str(e.value)
    assert Game.load("examples/bust").g.bot_follow_ups == "any"     # the default


def test_inside_means_the_asking_frame_still_runs(metscri):
    """Deeper, or at the same depth in the same rule: inside. Shallower (the asking rule
    returned), or another rule at the asking depth (it returned and another was called):
    not inside."""
    bot = GreedyBot(metscri, 1)
    bot.asked_by = (2, "take_turn")

    def stack(*rules):
        return {"stack": [{"p": r} for r in rules]}
    assert bot.asked_inside(stack("round", "take_turn", "do_move"))
    assert bot.asked_inside(stack("round", "take_turn"))
    assert not bot.asked_inside(stack("round"))
    assert not bot.asked_inside(stack("round", "finish", "do_move"))
