"""The open_auction mechanic (interpreter/mechanics/auction.py), one family at a time, played
through the driver API on a tiny game (tests/games/auction_house) whose options pick the
family: direction, bidding order, overbid rule, refund on dropping out."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.errors import GameError
from interpreter.runtime.game import Game
from scenario import Log

PATH = str(Path(__file__).parent / "games" / "auction_house")


@pytest.fixture(scope="module")
def game():
    return Game.load(PATH)


def start(game, players=3, **options):
    log = Log()
    s = game.new_state(players=players, seed=1, options=options, listener=log)
    return s, log


def say(game, s, log, *labels):
    """Each label answered by whichever seat is asked; returns the seats asked."""
    seats = []
    for label in labels:
        seat = game.waiting(s)[0]
        seats.append(seat)
        game.apply_label(s, seat, label, listener=log)
    return seats


def opts(game, s):
    return game.options(s, game.waiting(s)[0])


def coins(s):
    return [p["coins"] for p in s["pl"]]


def test_ascending_clockwise_last_one_left_wins(game):
    s, log = start(game)
    assert game.prompt(s) == "P1: auction for lot vase: no bid yet (you have 10 coins)"
    assert opts(game, s) == [f"open at {b}" for b in range(1, 11)]     # must open
    assert say(game, s, log, "open at 2", "bid 3", "pass", "bid 4", "pass") == [0, 1, 2, 0, 1]
    assert log == ["P1 opens the auction for lot vase at 2 coins", "P2 bids 3 coins",
                   "P3 passes", "P1 bids 4 coins", "P2 passes", "P1 gets lot vase at 4"]
    assert coins(s) == [6, 10, 10]
    assert s["pl"][0]["lots"] == 1
    # the next lot is opened by P2
    assert game.prompt(s).startswith("P2: auction for lot clock")


def test_no_bid_above_what_one_holds_and_a_forced_pass_is_said(game):
    s, log = start(game)
    s2 = game.clone(s)
    say(game, s, log, "open at 10")
    assert log[1:3] == ["P2 cannot outbid 10 with 10 coins and passes",
                        "P3 cannot outbid 10 with 10 coins and passes"]
    assert s["pl"][0]["lots"] == 1                        # nobody could answer: P1 wins
    say(game, s2, log, "open at 9")
    assert opts(game, s2) == ["pass", "bid 10"]
    assert not any("penalty" in o for o in opts(game, s2))


def test_listed_order_follows_the_bidders_list(game):
    """order="listed": the bidders in the order given (here counter-clockwise), from the
    opener, players who passed skipped."""
    s, log = start(game, players=4, order="listed")
    assert say(game, s, log, "open at 1", "bid 2", "pass", "bid 3", "bid 4", "pass",
               "pass") == [0, 3, 2, 1, 0, 3, 1]
    assert s["pl"][0]["lots"] == 1 and coins(s)[0] == 6


def test_dropping_out_pays_part_of_ones_bid(game):
    """refund=50: a player who drops out after bidding pays their last bid less half of it
    (the refund rounds down); a player who never bid pays nothing."""
    s, log = start(game, refund=50)
    say(game, s, log, "open at 3", "bid 5", "pass", "pass")
    assert log[2:5] == ["P3 passes", "P1 passes",
                        "P1 drops out and pays 2 of their bid of 3 coins (1 refunded)"]
    assert coins(s) == [8, 5, 10]                          # P2 won at 5, P1 paid 2
    s, log = start(game, refund=100)
    say(game, s, log, "open at 3", "bid 5", "pass", "pass")
    assert coins(s) == [10, 5, 10]


def test_descending_lowest_bid_wins(game):
    """direction="down": each bid below the last, the lowest wins (here it is paid)."""
    s, log = start(game, direction="down", limited=False)
    assert game.prompt(s) == "P1: auction for lot vase: no bid yet"
    assert opts(game, s) == [f"open at {b}" for b in range(1, 10)]   # minimum 1, maximum 9
    say(game, s, log, "open at 7", "bid 5")
    assert opts(game, s) == ["pass"] + [f"bid {b}" for b in range(1, 5)]
    assert game.prompt(s) == "P3: auction for lot vase: low bid 5 by P2"
    say(game, s, log, "pass", "bid 4", "pass")
    assert log[-1] == "P1 gets lot vase at 4"
    assert coins(s) == [14, 10, 10]


def test_overbid_penalty_and_restart_without_the_punished(game):
    s, log = start(game, overbid="penalty")
    assert opts(game, s)[-1] == "open at 11 (more than your 10 coins: penalty)"
    say(game, s, log, "open at 11 (more than your 10 coins: penalty)")
    assert coins(s) == [0, 10, 10]
    assert log[-1].startswith("P1 bids 11 with only 10 coins: the penalty")
    # the opener was punished: the next bidder opens the restarted auction; P1 never bids
    assert say(game, s, log, "open at 1", "pass") == [1, 2]
    assert s["pl"][1]["lots"] == 1
    # a player with nothing is not offered the penalty (it would cost nothing): P1 is out
    # of the next auction without a question
    assert say(game, s, log, "open at 1", "pass") == [1, 2]
    assert log[-2] == "P1 cannot outbid 1 with 0 coins and passes"


def test_everyone_punished_sells_nothing(game):
    s, log = start(game, players=2, overbid="penalty")
    say(game, s, log, "open at 11 (more than your 10 coins: penalty)",
        "open at 11 (more than your 10 coins: penalty)")
    assert coins(s) == [0, 0]
    assert "nobody buys lot vase" in log
    # with 0 coins nobody can afford the minimum of 1: the other lots are not sold either
    assert "P1 cannot afford the opening bid of 1 and is out" in log
    assert s["z"]["unsold"] == ["vase", "clock", "rug"] and game.is_over(s)


@pytest.mark.parametrize("options,error", [
    ({"direction": "sideways"}, "direction='sideways' is not one of 'up', 'down'"),
    ({"order": "random"}, "order='random' is not one of 'clockwise', 'listed'"),
    ({"refund": 150}, "refund=150 must be a percentage from 0 to 100"),
    ({"overbid": "penalty", "direction": "down"}, "overbid='penalty' needs direction 'up' and a currency"),
])
def test_a_bad_parameter_is_a_clear_error(game, options, error):
    with pytest.raises(GameError, match="open_auction: " + error.replace("(", r"\(")):
        start(game, **options)


@pytest.mark.parametrize("options", [
    {}, {"order": "listed"}, {"refund": 50}, {"direction": "down", "limited": False},
    {"overbid": "penalty"}, {"direction": "down"},
])
def test_random_auctions_end_and_never_overspend(game, options):
    for seed in range(30):
        s = game.new_state(players=2 + seed % 3, seed=seed, options=options)
        bot = random.Random(seed)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            game.apply(s, seat, bot.randrange(game.option_count(s, seat)))
            assert min(coins(s)) >= 0
        lots = sum(p["lots"] for p in s["pl"])
        assert lots == len(s["z"]["sold"]) and lots + len(s["z"]["unsold"]) == 3
        if "overbid" not in options:
            assert len(s["z"]["sold"]) == 3


# ------------------------------------------------------------------ at the table
def test_a_bid_is_typed_as_a_number_with_its_bounds_shown():
    """A person types the bid itself (not the number of an option in a menu of 0..IP), and
    sees the bounds; a number out of bounds is refused with them."""
    from click.testing import CliRunner

    from cli import main
    r = CliRunner().invoke(main, ["play", PATH, "--players", "2", "--seed", "1"],
                           input="0\n3\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Type a number from 1 to 10." in r.output
    assert "0 is not allowed. Type a number from 1 to 10." in r.output
    assert "P1 opens the auction for lot vase at 3 coins" in r.output
    assert " 1 open at 1" not in r.output                  # no menu of every bid


def test_number_input_names_the_other_options(game):
    from interpreter.commands.human import typed_number
    from interpreter.present.views import number_input, view
    s, log = start(game, overbid="penalty")
    say(game, s, log, "open at 4")
    number = number_input(game, s, 1)
    assert number == {"lo": 5, "hi": 10, "fmt": "bid {}", "others": [
        ["pass", None], ["bid 11 (more than your 10 coins: penalty)", 11]]}
    assert view(game, s, 1)["number"] == number
    assert "number" not in view(game, s, 0)                # not P1's decision
    assert typed_number(number, 7) == "bid 7"
    assert typed_number(number, 11) == "bid 11 (more than your 10 coins: penalty)"
    assert typed_number(number, 4) is None and typed_number(number, 12) is None
