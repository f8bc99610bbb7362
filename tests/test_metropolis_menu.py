"""Metropolis's program menu (issue 25 items 1, 2): each step's menu is computed from the
seat's state as its own earlier steps leave it, so every program the rulebook lets succeed
can be submitted, and no step is offered that must fail. Rules quoted from the digest
(../shared/rules/metropolis-en.md, "M n.n"); positions set by hand as in
test_metropolis_scenarios.py, then the real submission (`play_round`) is played.
"""
from __future__ import annotations

from collections import Counter

import metropolis_menu_check as check
from scenario import Log, evaluate, run
from test_metropolis_scenarios import (BLUE, ENGINE, RED, control, counter, drive, game,  # noqa: F401
                                       getv, private, put, qkey, rails, setc, setv, shapes,
                                       table)
import pytest

pytestmark = pytest.mark.skipif(not ENGINE, reason="needs the hex board, values and sequences")


def menu(game, s, seat, so_far=()):
    """The seat's program menu after these steps (bid 0, no placements this round)."""
    return evaluate(game, s, "program_menu(me, so_far, 0, [])", me=seat, so_far=list(so_far))


def then(game, s, seat, so_far, label):
    """so_far plus the option with this label, which must be on the menu."""
    opts = {o[2]: o for o in menu(game, s, seat, so_far)}
    assert label in opts, (label, sorted(opts))
    return list(so_far) + [opts[label]]


def play_round(game, s, script):
    log = Log()
    run(game, s, "proc:play_round", listener=log)
    drive(game, s, script, log)
    return log


def test_own_investment_wins_control_for_a_later_pick_up(game):
    """M 10.2 "If you are the player that invested the most coins in a hexagon then you take
    control of that hexagon"; M 7.7 pick-up fails if "the station is not adjacent to a hexagon
    the player controls". Red invests 3 in E (nobody else has) at the circle station A.se:
    the pick-up there is offered as its next step, and succeeds."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    put(game, s, qkey(s, "A.se"), ["square", "triangle"])
    assert "pick up passengers at A.se" not in [o[2] for o in menu(game, s, RED)]
    log = play_round(game, s, {RED: ["invest 3 in E", "pick up passengers at A.se"]})
    assert s["v"]["controller"]["E"] == RED
    assert shapes(s, "0.carriage") == ["square", "triangle"]
    assert counter(s, RED, "points") == 2 and "Red picks up 2 passengers at A.se" in log


def test_investment_against_a_controller_may_win_it(game):
    """M 10.2, I 15: Blue controls E with a secret investment (at least 1 coin). Red's 1 coin
    cannot beat it (a tie keeps the controller), so no pick-up is offered; 3 coins may, so
    the pick-up is offered (the menu knows only what Red knows, I 22); it succeeds when
    Blue's investment was 2 and fails when it was 5."""
    for blue, succeeds in ((2, True), (5, False)):
        s = table(game)
        setv(s, RED, "at", "A.se")
        put(game, s, qkey(s, "A.se"), ["square"])
        control(s, "E", BLUE)
        setv(s, BLUE, "invested", {"E": blue})
        one = then(game, s, RED, [], "invest 1 in E")
        assert "pick up passengers at A.se" not in [o[2] for o in menu(game, s, RED, one)]
        three = then(game, s, RED, [], "invest 3 in E")
        assert "pick up passengers at A.se" in [o[2] for o in menu(game, s, RED, three)]
        log = play_round(game, s, {RED: ["invest 3 in E", "pick up passengers at A.se"]})
        assert (shapes(s, "0.carriage") == ["square"]) == succeeds
        assert ("Red: your action 2 (pick up passengers at A.se) fails" in log) != succeeds


def test_coins_from_own_deliveries_buy_a_point(game):
    """M 11.7 "Delivering your Nth passenger to the correct station will give you N coins
    immediately"; M 7.10 a point costs (points + 1) squared. Red (4 points, 23 coins, 3
    earlier deliveries) delivers 4 circles at A.se for 4 + 5 + 6 + 7 = 22 coins (45 in all):
    "buy a point (25 coins)" is offered next, and the point is bought."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    setc(s, RED, "points", 4)
    setc(s, RED, "coins", 23)
    setc(s, RED, "delivered", 3)
    put(game, s, "0.carriage", ["circle"] * 4)
    steps = then(game, s, RED, [], "drop off the circle passengers at A.se")
    assert steps[-1][3][2] == 45                                     # predicted coins
    assert "buy a point (25 coins)" not in [o[2] for o in menu(game, s, RED)]
    log = play_round(game, s, {RED: ["drop off the circle passengers at A.se",
                                     "buy a point (25 coins)"]})
    assert "Red: you deliver 4 passengers for 22 coins" in private(log, RED)
    assert "Red buys a point (5 points)" in log
    assert counter(s, RED, "coins") == 20 and counter(s, RED, "failed") == 0


def test_dropped_passengers_can_be_picked_up_again(game):
    """M 11.6 / I 18: with "all" the other carried passengers "join the right-hand end of that
    station's queue and can be picked up again by anyone": after Red drops all at its empty
    station A.se (E controlled), picking them up again is offered and succeeds."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    control(s, "E", RED)
    put(game, s, "0.carriage", ["circle", "square"])
    play_round(game, s, {RED: ["drop off all passengers at A.se", "pick up passengers at A.se"]})
    assert shapes(s, "0.carriage") == ["square"] and counter(s, RED, "failed") == 0
    assert counter(s, RED, "delivered") == 1


def test_own_rail_moves_are_followed(game):
    """M 7.4 / 9.7 "move another end of the rail to any vertex such that the rail doesn't
    cross an edge"; it fails (I 14) when the chord "already holds a rail" or is not valid
    from there. After Red moves the far end of rail 4 from A.se to A.ne, the same move is not
    offered again (it must fail: the rail already lies there) and "ride your rail 4" goes to
    A.ne, where the resolution puts Red."""
    s = table(game)
    rails(s, [4, "A.sw", "A.se", RED, 0])
    setv(s, RED, "at", "A.sw")
    shift = then(game, s, RED, [], "move the far end of rail 4 to A.ne (in A)")
    after = [o[2] for o in menu(game, s, RED, shift)]
    assert "move the far end of rail 4 to A.ne (in A)" not in after
    assert "ride your rail 4 to A.ne" in after and "ride your rail 4 to A.se" not in after
    assert "move the far end of rail 4 to A.se (in A)" in after     # back is a real move
    play_round(game, s, {RED: ["move the far end of rail 4 to A.ne (in A)",
                               "ride your rail 4 to A.ne"]})
    assert getv(s, RED, "at") == "A.ne" and counter(s, RED, "failed") == 0
    assert s["v"]["placed"] == [[4, "A.sw", "A.ne", RED, 0]]


def test_own_fee_changes_are_followed(game):
    """M 7.3 set a fee: "this action cannot fail", but setting the fee it already has does
    nothing: after "set the fee of rail 4 to 5" that option is gone and setting it back to
    its old fee 0 is offered."""
    s = table(game)
    rails(s, [4, "A.sw", "A.se", RED, 0])
    setv(s, RED, "at", "B.n")
    first = [o[2] for o in menu(game, s, RED)]
    assert "set the fee of rail 4 to 0" not in first and "set the fee of rail 4 to 5" in first
    after = [o[2] for o in menu(game, s, RED, then(game, s, RED, [], "set the fee of rail 4 to 5"))]
    assert "set the fee of rail 4 to 5" not in after and "set the fee of rail 4 to 0" in after


def test_menu_offers_every_action_a_full_resolution_lets_succeed(game):
    """Issue 25 "Done when": over random programs (random bots, 5 games), at every step the
    seat's earlier steps are resolved by the rules (resolve_index, nobody else acting) and
    every action it could write next is checked with the rules' own can_act: none that
    succeeds is missing from the menu, and every offered one succeeds but pick-ups whose
    control rests on the others' secret investments."""
    tally = check.play(game, range(5), Counter())
    assert tally["steps"] > 400, tally
    assert check.missing(tally) == 0, tally
    assert not [k for k in tally if k.startswith("extra ")], tally
