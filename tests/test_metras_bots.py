"""Metras's greedy bot at the resolution (issue 35 item 3): a mission it bought is played, not
discarded for a servant. Playing a card and discarding it for a servant both take it out of
`purchased` before their first choice (which mission; where the servant goes), so a one-step
bot saw both alike and picked at random: `rulebook play metras --players 3 --humans 0
--seed 3`, turn 4, P2 bought #38 for 8 IP and discarded it (15 IP lost); 9 of 26 bought
missions were discarded over seeds 1-5. The value `resolving` now holds what the way chosen
will earn while its choice waits (card_worth when played, servant_worth when discarded)."""
from __future__ import annotations

import re

import pytest

from interpreter.bots import make_bot
from scenario import load


@pytest.fixture(scope="module")
def game():
    return load("metras")


def _all_greedy(game, seed: int, players: int = 3) -> list:
    """One game with greedy in every seat, seeded as `rulebook play --seed` seeds them."""
    log: list = []
    s = game.new_state(players, seed, listener=log.append)
    bots = [make_bot("greedy", game, seed * 1009 + p) for p in range(players)]
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, bots[seat].choose(game, s, seat), listener=log.append)
    return [str(x) for x in log]


def test_greedy_plays_the_missions_it_buys(game):
    won = discarded = 0
    for seed in range(1, 6):
        log = _all_greedy(game, seed)
        bought = {m.group(1) for m in (re.match(r"\w+ wins the auction: (#\d+ Mission)", x)
                                       for x in log) if m}
        won += len(bought)
        # a chosen discard ("P2 discards #38 Mission ... for a servant"), not a forced one
        # ("cannot play ... and discards it")
        discarded += sum(1 for x in log
                         if (m := re.match(r"\w+ discards (#\d+ Mission)", x))
                         and m.group(1) in bought)
    assert won >= 20        # the seeds still buy missions: the count says something
    assert discarded == 0, f"{discarded} of {won} bought missions discarded"
