"""Metropolis's questions and words (issue 25 items 3-5): a seat is asked only what it can
decide, a trade partner learns what was offered, and prompts and labels say the right thing.
Rules quoted from the digest (../shared/rules/metropolis-en.md, "M n.n")."""
from __future__ import annotations

import pytest

from scenario import Log, finished, run
from test_metropolis_scenarios import (BLUE, ENGINE, RED, counter, drive, game,  # noqa: F401
                                       getv, private, setc, setv, table)

pytestmark = pytest.mark.skipif(not ENGINE, reason="needs the hex board, values and sequences")


def bid_all(game, s, log, bids=None):
    """Everyone answers the round's sealed bid (0 unless said)."""
    for seat in range(5):
        game.apply_label(s, seat, str((bids or {}).get(seat, 0)), listener=log)


def test_placement_questions_go_to_rail_holders_only(game):
    """M 6.5 c, 9.4: rails are placed at submission, the fee set then for free. Only Red holds
    an unplaced rail: only Red is asked its hexagon, then its chord, then its fee (0 to the
    maximum fee); seats without a rail are asked nothing. Kept unplaced, no chord or fee is
    asked."""
    s = table(game)
    setv(s, RED, "unplaced", [[1, 3]])
    log = Log()
    run(game, s, "proc:play_round", listener=log)
    bid_all(game, s, log)
    assert s["pending"]["seats"] == [RED]
    assert game.prompt(s, RED) == "Your older unplaced rail: place it in which hexagon?"
    game.apply_label(s, RED, "A", listener=log)
    assert s["pending"]["seats"] == [RED] and "between which corners" in game.prompt(s, RED)
    game.apply_label(s, RED, "A.se-A.sw", listener=log)
    assert s["pending"]["seats"] == [RED] and game.prompt(s, RED) == "Your older unplaced rail: its fee"
    assert game.options(s, RED) == [str(f) for f in range(11)]
    game.apply_label(s, RED, "3", listener=log)
    assert "your program" in game.prompt(s, RED) and s["pending"]["seats"] == list(range(5))
    drive(game, s, {}, log)
    assert s["v"]["placed"] == [[1, "A.se", "A.sw", RED, 3]]
    # kept unplaced: the chord and fee questions are not asked at all
    s = table(game)
    setv(s, RED, "unplaced", [[1, 3]])
    run(game, s, "proc:play_round", listener=log)
    bid_all(game, s, log)
    game.apply_label(s, RED, "keep it unplaced", listener=log)
    assert "your program" in game.prompt(s, RED) and s["pending"].get("seq") is not None
    # nobody holds a rail: straight from the bids to the programs
    s = table(game)
    run(game, s, "proc:play_round", listener=log)
    bid_all(game, s, log)
    assert s["pending"].get("seq") is not None


def test_a_trade_partner_learns_the_offer(game):
    """M 13.3 "the partner accepts or declines": Blue, holding the Teleport asked for, is
    asked with the offer in the question; Green, holding no unplaced rail, cannot accept and
    is told privately what was offered and why it is declined."""
    s = table(game)
    setv(s, RED, "unplaced", [[3, 5]])
    setv(s, BLUE, "items", ["Teleport"])
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    for label in ("Blue", "rail 3 (place by round 5)", "Teleport"):
        game.apply_label(s, RED, label, listener=log)
    assert s["pending"]["seats"] == [BLUE]
    assert game.prompt(s, BLUE) == "Blue: Red offers you rail 3 (place by round 5) for Teleport"
    assert game.options(s, BLUE) == ["accept", "decline"]
    s = table(game)
    setv(s, RED, "items", ["Free Ride"])
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    for label in ("Green", "Free Ride", "an unplaced rail"):
        game.apply_label(s, RED, label, listener=log)
    assert finished(s) and "Green declines a trade offered by Red" in log
    told = "Green: Red offers you Free Ride for an unplaced rail; you do not hold an unplaced " \
           "rail, so the offer is declined"
    assert told in private(log, 2)
    assert told not in private(log, RED) and told not in private(log, BLUE)


def test_program_prompt_says_what_is_left(game):
    """M 5.1 "as many actions as points", 5.3 one more per point bought: the prompt counts
    the actions; once the program is full (only done or undo is left) it says so, not
    "action 3 of your program"."""
    s = table(game)
    setv(s, RED, "at", "A.n")
    log = Log()
    run(game, s, "proc:play_round", listener=log)
    bid_all(game, s, log)
    assert game.prompt(s, RED) == "Red: action 1 of your program (2 points)"
    game.apply_label(s, RED, "buy a point (9 coins)", listener=log)
    game.apply_label(s, RED, "move se to A.ne", listener=log)
    assert game.prompt(s, RED) == \
        "Red: action 3 of your program (optional: one more for each point bought in it)"
    game.apply_label(s, RED, "move s to A.se", listener=log)
    assert game.prompt(s, RED) == "Red: your program is complete (3 actions): done, or undo last"
    assert game.options(s, RED) == ["done", "undo last"]


def test_large_investment_words(game):
    """Appendix B: Large Investment invests up to 6 coins after the actions (M 12.5). A seat
    with 1 coin is offered "1 coin" (not "1 coins"); a seat whose bid leaves no coin is told
    why Large Investment is not offered; one that has no coin left when it resolves keeps
    the item and is told so, instead of using it up for nothing."""
    s = table(game)
    setv(s, RED, "items", ["Large Investment"])
    setv(s, BLUE, "items", ["Large Investment"])
    setc(s, RED, "coins", 1)
    setc(s, BLUE, "coins", 4)
    log = Log()
    run(game, s, "proc:play_round", listener=log)
    bid_all(game, s, log, {BLUE: 4})
    assert "use Large Investment: 1 coin in A" in game.options(s, RED)
    assert "(Large Investment is not offered" not in game.prompt(s, RED)
    assert game.prompt(s, BLUE) == ("Use an item after the actions (Rail Steal, Large "
                                    "Investment)? (Large Investment is not offered: no coin is "
                                    "left after your bid)")
    assert game.options(s, BLUE) == ["use no (more) items"]
    # no coin left when it resolves: kept, and said
    s = table(game)
    setv(s, RED, "items", ["Large Investment"])
    setc(s, RED, "coins", 0)
    log = run(game, s, "proc:after_items", {"me": None, "bids": [0] * 5,
                                            "uses": [[["Large Investment", ["A", 3], "x"]],
                                                     [], [], [], []]})
    assert getv(s, RED, "items") == ["Large Investment"] and counter(s, RED, "coins") == 0
    assert "Red: you have no coin left: Large Investment is not used (you keep it)" in \
        private(log, RED)
