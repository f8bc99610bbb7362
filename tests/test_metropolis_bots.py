"""Metropolis's greedy bot in the pregame (issue 25 item 12): M 4.2 "each player submits a
sealed bid of 0 to 20 coins"; the sole highest bidder pays it (M 4.4). Greedy scored every
bid alike (a sealed answer changes nothing until all have bid) and so bid uniformly 0-20,
all 20 coins about one game in twenty; the bids now sit in each bidder's secret value, which
its evaluation reads."""
from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from interpreter.present.views import view
from test_metropolis_scenarios import ENGINE, game  # noqa: F401

pytestmark = pytest.mark.skipif(not ENGINE, reason="needs the hex board, values and sequences")


def test_greedy_bids_a_few_coins_in_the_pregame(game):
    """Seats 1-4 bid 5 or 6 coins (the evaluation's best); the last bidder, who imagines the
    others' unseen bids at 0 and so sees its own bid paid at once, bids 0. Never all 20."""
    bids = {seat: set() for seat in range(5)}
    for seed in range(4):
        s = game.new_state(5, seed=seed)
        for _ in range(5):
            seat = game.waiting(s)[0]
            assert game.prompt(s, seat).startswith("Pregame sealed bid")
            i = make_bot("greedy", game, seed * 10 + seat).choose(game, s, seat)
            bids[seat].add(int(game.options(s, seat)[i]))
            game.apply(s, seat, i)
    assert set().union(*(bids[p] for p in range(4))) <= {5, 6}
    assert bids[4] == {0}


def test_pregame_bids_stay_sealed(game):
    """M 4.2 sealed bids: a bid already made is seen by its bidder only, and no one is asked
    two bids; the auction reads them all (M 4.3: 5 and 5 tie, nobody pays)."""
    s = game.new_state(5, seed=1)
    for seat, bid in enumerate(["5", "5", "0", "0"]):
        assert game.waiting(s) == [seat]
        game.apply_label(s, seat, bid)
    assert view(game, s, 0)["seats"][0]["values"]["pregame_bid"] == 5
    for other in range(1, 5):
        assert "pregame_bid" not in view(game, s, other)["seats"][0]["values"]
    game.apply_label(s, 4, "0")
    assert all(s["pl"][p]["coins"] == 20 for p in range(5))


# ---------------------------------------------------------------- round bids (M 6.5 a, 6.6)
# M 6.5 a: each round every player submits a sealed bid for the lot; M 6.6: the sole highest
# bidder pays it. Greedy scored every round bid alike (nothing it could see changed until the
# auction, after the programs) and bid uniformly 0 to its coins; each bid now sits in its
# bidder's secret value `round_bid` until the auction, and the evaluation (round_bid_value)
# scores it by what the lot is worth (lot_worth: a rail 1 coin a round left after it
# arrives, an item 4; round 12's rail, which comes too late to use (M 16.1), nothing).

def _to_round_bid(game, s, rnd, bots):
    """Play random bots until round `rnd`'s sealed bids are asked."""
    while not game.prompt(s, game.waiting(s)[0]).startswith(f"Round {rnd}: your sealed bid"):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat))


def _best_bids(worth: int) -> set:
    """The bids the declared value prefers: b*b*(worth - b), in whole numbers, at its
    largest (computed here from the formula's shape, not read from the game)."""
    value = {b: b * b * (worth - b) * 3 // 4 for b in range(worth + 1)}
    return {b for b, v in value.items() if v == max(value.values())}


def _greedy_round_bid(game, seed, rnd):
    s = game.new_state(5, seed=seed)
    bots = [make_bot("random", game, seed * 10 + p) for p in range(5)]
    _to_round_bid(game, s, rnd, bots)
    seat = game.waiting(s)[0]
    i = make_bot("greedy", game, seed).choose(game, s, seat)
    return s["pl"][seat]["coins"], int(game.options(s, seat)[i])


def test_greedy_bids_by_what_the_lot_is_worth(game):
    """Round 1's lot is a rail (11 rounds left after it arrives: worth 11 coins): with 11
    coins or more greedy bids 7, with fewer about two thirds of its coins (coins bid are
    coins its program cannot spend); round 2's (a rail and Teleport, worth 10 + 4) 9."""
    for seed in range(3):
        coins, bid = _greedy_round_bid(game, seed, 1)
        assert bid in _best_bids(min(11, coins)), (seed, coins, bid)
    assert _best_bids(11) == {7} and _best_bids(14) == {9} and _best_bids(20) == {13}


def test_greedy_bids_nothing_for_the_last_round_lot(game):
    """M 16.1: the round-12 lot is a rail only and comes too late to use: greedy bids 0."""
    for seed in range(2):
        coins, bid = _greedy_round_bid(game, seed, 12)
        assert bid == 0, (seed, coins)


def test_round_bids_stay_sealed_until_the_auction(game):
    """M 6.5 a sealed bids: from the bids until the auction each seat sees its own bid only;
    the auction (after the programs, M 6.6) takes the sole highest and clears them all."""
    s = game.new_state(5, seed=3)
    bots = [make_bot("random", game, 30 + p) for p in range(5)]
    _to_round_bid(game, s, 1, bots)
    for seat in range(5):
        game.apply_label(s, seat, "4" if seat == 2 else "1")
    assert view(game, s, 2)["seats"][2]["values"]["round_bid"] == 4
    assert view(game, s, 0)["seats"][0]["values"]["round_bid"] == 1
    for other in (0, 1, 3, 4):
        assert "round_bid" not in view(game, s, other)["seats"][2]["values"]
    log: list = []
    while s["g"]["round"] == 1:
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat), listener=log.append)
    assert "The auction of round 1 is won with a bid of 4" in log
    assert f"{game.g.seat_label(2)}: you win the lot (a rail) for 4 coins; you receive it next round" in log
    assert [s["pv"][p]["round_bid"] for p in range(5)] == [0] * 5
