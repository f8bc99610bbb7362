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
