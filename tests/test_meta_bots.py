"""M.E.T.A.'s greedy bot and Focus it cannot spend (issue 35 item 3): `rulebook play meta
--seed 7`, rounds 1 and 7: greedy discarded a card for Focus and then ended the turn with it
unspent (E 8.4: Focus is lost at the end of the turn). Discarding the last card in hand ends
the turn at once and draws one card more at the refill, which the hand bonuses alone scored
about alike with ending the turn, so greedy did it at random; Focus left unspent now costs
3 a point (`focus_lost`) until the owner's next turn."""
from __future__ import annotations

import pytest

from interpreter.bots import make_bot
from scenario import load


@pytest.fixture(scope="module")
def game():
    return load("meta")


def wasted_turns(game, seed: int) -> tuple:
    """(turns of an all-greedy game, seeded as `rulebook play --seed` seeds its bots, in
    which the seat discarded for Focus and then played and bought nothing before its turn
    ended with the game going on; turns with a discard)."""
    s = game.new_state(2, seed)
    bots = [make_bot("greedy", game, seed * 1009 + p) for p in range(2)]
    wasted = discarding = 0
    turn: list = []
    while not game.is_over(s):
        seat = game.waiting(s)[0]
        i = bots[seat].choose(game, s, seat)
        if "choose an action" in game.prompt(s, seat):
            turn.append(game.options(s, seat)[i])
        game.apply(s, seat, i)
        if turn and (s["roles"]["active"] != seat or game.is_over(s)):
            found = [k for k, x in enumerate(turn) if x.startswith("discard ")]
            if found and not game.is_over(s):
                discarding += 1
                wasted += not any(x.startswith(("play ", "buy ", "proto "))
                                  for x in turn[found[-1] + 1:])
            turn = []
    return wasted, discarding


def test_greedy_spends_the_focus_it_discards_for(game):
    wasted = discarding = 0
    for seed in range(7, 17):
        w, d = wasted_turns(game, seed)
        wasted += w
        discarding += d
        if seed == 7:
            assert w == 0, "seed 7: a discard for Focus left unspent"
    assert discarding >= 50     # the seeds discard often: the count says something
    # before issue 35: 14 of 180 turns; one is left (seed 15: a prototype construct leaves
    # the Arena at the end of the turn, which the evaluation sees as a loss, so greedy puts
    # the end off by a discard of a card it then cannot use)
    assert wasted <= 1, f"{wasted} of {discarding} turns with a discard wasted its Focus"
