"""Metropolis: the rules of the digest (../shared/rules/metropolis-en.md, "M n.n"), each
played through the real rules on a position set by hand, and the post's example round (M 17)
with its numbers.

Positions are set directly in the state (values in s["pv"] / s["v"], counters, passenger
cards in zones); then a procedure of game.yaml runs and its decisions are answered by label.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.runtime.redaction import may_read
from scenario import Log, clear_flow, evaluate, finished, load, place, run

SCHEMA = (Path(__file__).resolve().parent.parent / "schemas" / "game.schema.json").read_text()
ENGINE = '"values"' in SCHEMA and '"hex"' in SCHEMA and "choose_seq" in (
    Path(__file__).resolve().parent.parent / "interpreter" / "effects" / "grammar.lark").read_text()
pytestmark = pytest.mark.skipif(not ENGINE, reason="needs the hex board (branch boards), "
                                "values (branch values) and choose sequence (branch programs)")

RED, BLUE, GREEN, YELLOW, PURPLE = range(5)


@pytest.fixture(scope="module")
def game():
    return load("metropolis")


# ------------------------------------------------------------------ helpers
def V(game, s, name):
    """The canonical name of a vertex, from any spelling (M appendix A)."""
    return evaluate(game, s, f'vertex("{name}")')


def table(game, seed=0):
    """Round 1 after a tied pregame auction, nothing running, no passenger on the board."""
    s = game.new_state(5, seed=seed)
    while s["pending"] is not None and "Pregame" in game.prompt(s, game.waiting(s)[0]):
        game.apply(s, game.waiting(s)[0], 0)           # everyone bids 0: a tie (M 4.3)
    clear_flow(s)
    s["g"]["round"] = 1
    for c, where in list(s["loc"].items()):
        if where != "supply":
            place(s, game, c, "supply")
    return s


def setv(s, seat, name, value):
    s["pv"][seat] = dict(s["pv"][seat], **{name: value})


def getv(s, seat, name):
    return s["pv"][seat][name]


def setg(s, name, value):
    s["v"] = dict(s["v"], **{name: value})


def invest(s, seat, face, n):
    setv(s, seat, "invested", dict(getv(s, seat, "invested"), **{face: n}))


def control(s, face, seat):
    setg(s, "controller", dict(s["v"]["controller"], **{face: seat}))


def qkey(s, v):
    """The zone key of the queue at vertex v."""
    keys = [k for k in s["z"] if k.startswith("map") and k.split(".", 1)[1] == v]
    assert len(keys) == 1, (v, keys)
    return keys[0]


def shapes(s, key):
    return [c.rsplit("-", 1)[0] for c in s["z"][key]]


def put(game, s, key, kinds):
    """Passengers of these shapes from the supply to a zone (a queue or "1.carriage")."""
    for kind in kinds:
        card = next(c for c in s["z"]["supply"] if c.startswith(kind + "-"))
        place(s, game, card, key)


def counter(s, seat, name):
    return s["pl"][seat][name]


def setc(s, seat, name, value):
    s["pl"][seat][name] = value


DEFAULTS = ("done", "0", "keep it unplaced", "use no (more) items", "make no offer")


def drive(game, s, script, log, limit=600):
    """Answer every decision until the pushed procedure has finished. script: seat -> labels
    (exact, or a unique prefix) taken in order when one of them is on offer; otherwise the
    seat takes a default (done, bid 0, keep rails, no items, no offer, else the first
    option). A program step that is scripted must be on offer."""
    script = {k: list(v) for k, v in script.items()}
    for _ in range(limit):
        if finished(s) or game.is_over(s):
            return
        seat = game.waiting(s)[0]
        opts = game.options(s, seat)
        want = script.get(seat) or []
        if want:
            match = [o for o in opts if o == want[0]] or [o for o in opts if o.startswith(want[0])]
            if match:
                want.pop(0)
                game.apply_label(s, seat, match[0], listener=log)
                continue
            if "of your program" in game.prompt(s, seat) and "done" not in opts:
                raise AssertionError(f"seat {seat}: {want[0]!r} is not offered: {opts}")
        choice = next((d for d in DEFAULTS if d in opts), opts[0])
        game.apply_label(s, seat, choice, listener=log)
    raise AssertionError("the procedure did not finish")


def step(game, s, i, progs, bids=None):
    """Resolve index i of these programs (lists of [kind, parameter, label, prediction])."""
    progs = [[a + [[]] if len(a) == 3 else a for a in p] for p in progs]
    return run(game, s, "proc:resolve_index", {"me": None, "i": i, "progs": progs,
                                               "bids": bids or [0] * 5})


def private(log, seat):
    return [x for x in log if getattr(x, "audience", None) is not None and may_read(x, seat)]


# ------------------------------------------------------------------ board and setup
def test_board_is_appendix_a(game):
    """M 2.1, 3.1-3.3, appendix A: 19 hexagons, 54 vertices, 12 stations, 4 of each shape."""
    s = table(game)
    assert evaluate(game, s, "count(faces())") == 19
    assert evaluate(game, s, "count(vertices())") == 54
    assert evaluate(game, s, "count(stations())") == 12
    for shape in ("circle", "square", "triangle"):
        assert evaluate(game, s, f'count(stations() where station(it) == "{shape}")') == 4
    assert V(game, s, "B.sw") == V(game, s, "E.n") == "A.se"
    assert evaluate(game, s, 'station("E.n")') == "circle"
    assert sorted(evaluate(game, s, 'faces_at("A.se")')) == ["A", "B", "E"]


def test_setup(game):
    """M 2.3, 2.5, 4.1: 20 coins, 2 points, one carriage, no rails, no items."""
    s = table(game)
    for p in range(5):
        assert counter(s, p, "coins") == 20 and counter(s, p, "points") == 2
        assert counter(s, p, "carriages") == 1
        assert getv(s, p, "unplaced") == [] and getv(s, p, "items") == []


def test_pregame_winner(game):
    """M 4.2, 4.4, 4.5, 10.6: the sole highest bid pays, picks a vertex and a hexagon with 3
    coins invested (so controls it); the others stand on distinct random intersections."""
    log = Log()
    s = game.new_state(5, seed=3, listener=log)
    for seat in range(5):
        game.apply_label(s, seat, "5" if seat == RED else "0", listener=log)
    game.apply_label(s, RED, "J.s", listener=log)
    game.apply_label(s, RED, "K", listener=log)
    assert counter(s, RED, "coins") == 15
    assert getv(s, RED, "at") == "J.s" and getv(s, RED, "invested")["K"] == 3
    assert s["v"]["controller"]["K"] == RED
    starts = [getv(s, p, "at") for p in range(1, 5)]
    assert len(set(starts + ["J.s"])) == 5
    assert all(evaluate(game, s, f'station("{v}")') is None for v in starts)
    assert all(counter(s, p, "coins") == 20 for p in range(1, 5))
    assert "Pregame auction: the highest bid is 5" in log


def test_pregame_tie_gives_nothing(game):
    """M 4.3, 15.2, I 16: a tie for the highest bid: no bid is taken, nobody chooses."""
    log = Log()
    s = game.new_state(5, seed=4, listener=log)
    for seat, bid in zip(range(5), ["7", "7", "0", "3", "0"]):
        game.apply_label(s, seat, bid, listener=log)
    assert all(counter(s, p, "coins") == 20 for p in range(5))
    starts = [getv(s, p, "at") for p in range(5)]
    assert len(set(starts)) == 5
    assert all(evaluate(game, s, f'station("{v}")') is None for v in starts)
    assert all(c is None for c in s["v"]["controller"].values())
    assert any("a tie for the highest bid" in x for x in log)


# ------------------------------------------------------------------ points and failures
def test_third_point_costs_9_and_adds_an_action(game):
    """M 5.3, 5.4, 7.10, 8.2, I 6, I 26: from 2 points the 3rd costs 9 and the program may
    hold one more action, which runs."""
    s = table(game)
    assert evaluate(game, s, "price(2)") == 9 and evaluate(game, s, "price(3)") == 16
    assert evaluate(game, s, "price(1)") == 4
    setv(s, RED, "at", "A.n")
    log = Log()
    run(game, s, "proc:play_round", listener=log)
    drive(game, s, {RED: ["buy a point (9 coins)", "move se to A.ne", "move s to A.se"]}, log)
    assert counter(s, RED, "points") == 3 and counter(s, RED, "coins") == 11
    assert getv(s, RED, "at") == "A.se"                 # the third action ran
    assert counter(s, RED, "failed") == 0


def test_the_program_is_as_long_as_the_points_plus_points_bought(game):
    """M 5.1, 5.3: 2 actions, then done only; after a bought point a third may follow."""
    s = table(game)
    setv(s, RED, "at", "A.n")
    run(game, s, "proc:play_round")
    while RED not in game.waiting(s) or "of your program" not in game.prompt(s, RED):
        seat = game.waiting(s)[0]
        opts = game.options(s, seat)
        game.apply_label(s, seat, next((d for d in DEFAULTS if d in opts), opts[0]))
    assert "done" not in game.options(s, RED)
    game.apply_label(s, RED, "move se to A.ne")
    game.apply_label(s, RED, "move s to A.se")
    assert game.options(s, RED) == ["done", "undo last"]
    game.apply_label(s, RED, "undo last")
    game.apply_label(s, RED, "buy a point (9 coins)")
    assert "done" in game.options(s, RED) and len(game.options(s, RED)) > 2


def test_failed_point_purchase_drops_the_extra_action(game):
    """M 8.2, I 6: a player acts at index k only while k <= current points: a failed
    purchase fails (1 point at the end) and the extra action does not run."""
    s = table(game)
    setv(s, RED, "at", "A.n")
    setc(s, RED, "coins", 5)
    prog = [["point", None, "buy a point"], ["move", "se", "move se"], ["move", "s", "move s"]]
    progs = [prog, [], [], [], []]
    log = Log()
    for i in range(3):
        log += step(game, s, i, progs)
    assert getv(s, RED, "at") == "A.ne"                 # index 3 never ran
    assert counter(s, RED, "points") == 2 and counter(s, RED, "failed") == 1
    assert [x for x in private(log, RED) if "fails" in x] == ["Red: your action 1 (buy a point) fails"]


def test_any_failure_costs_one_point(game):
    """M 5.6, 6.10, 8.3: two failed actions in a round cost 1 point, not 2."""
    s = table(game)
    setv(s, RED, "at", "A.n")
    setc(s, RED, "points", 3)
    prog = [["move", "n", "move n"], ["pick up", None, "pick up"], ["move", "se", "move se"]]
    for i in range(3):
        step(game, s, i, [prog, [], [], [], []])
    log = run(game, s, "proc:penalties")
    assert counter(s, RED, "points") == 2
    assert "Red loses 1 point: an action failed (2 points)" in log


def test_zero_points_gives_everyone_2(game):
    """M 5.7, 15.1, I 29: a player reaching 0 makes everyone gain 2 points, once, however
    many are at 0 or -1."""
    s = table(game)
    setc(s, RED, "points", 1)
    setc(s, RED, "failed", 1)
    setc(s, BLUE, "points", 1)
    setc(s, BLUE, "failed", 1)
    setc(s, GREEN, "points", 4)
    run(game, s, "proc:penalties")
    assert [counter(s, p, "points") for p in range(5)] == [2, 2, 6, 4, 4]


# ------------------------------------------------------------------ movement and rails
def test_180_degree_turn_fails(game):
    """M 4.6, 7.1, 9.1, I 2: the first move may go any way; then moving back to the vertex
    just left fails, and the menu does not offer it."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    menu = evaluate(game, s, "[o[2] for o in program_menu(me, [], 0, [])]", me=RED)
    assert {"move n to A.ne", "move se to B.s", "move sw to A.s"} <= set(menu)
    setv(s, RED, "came_from", "A.ne")
    menu = evaluate(game, s, "[o[2] for o in program_menu(me, [], 0, [])]", me=RED)
    assert "move n to A.ne" not in menu
    log = step(game, s, 0, [[["move", "n", "move n to A.ne"]], [], [], [], []])
    assert getv(s, RED, "at") == "A.se" and counter(s, RED, "failed") == 1
    assert "Red: your action 1 (move n to A.ne) fails" in private(log, RED)
    step(game, s, 0, [[["move", "se", "move se to B.s"]], [], [], [], []])
    assert getv(s, RED, "at") == "B.s" and getv(s, RED, "came_from") == "A.se"
    # the memory lasts across rounds: still no way back next round (I 2)
    step(game, s, 0, [[["move", "nw", "move nw to A.se"]], [], [], [], []])
    assert getv(s, RED, "at") == "B.s"


def rails(s, *rs):
    setg(s, "placed", [list(r) for r in rs])


def test_tax_bands(game):
    """M 7.5, 9.9, 9.10, I 4: fee to the owner plus a tax to the bank: 1 in rounds 1-4, 2 in
    5-8, ceil(fee / 3) in 9-12; nothing for one's own rail."""
    s = table(game)
    for rnd, fee, tax in [(1, 4, 1), (4, 0, 1), (5, 4, 2), (8, 9, 2), (9, 4, 2), (10, 7, 3),
                          (12, 0, 0), (12, 1, 1), (11, 3, 1), (9, 6, 2)]:
        s["g"]["round"] = rnd
        assert evaluate(game, s, f"tax({fee})") == tax, (rnd, fee)
    s["g"]["round"] = 6
    rails(s, [1, "A.sw", "A.se", BLUE, 4], [2, "B.n", "B.se", RED, 5])
    setv(s, RED, "at", "A.sw")
    log = step(game, s, 0, [[["ride", 1, "ride"]], [], [], [], []])
    assert getv(s, RED, "at") == "A.se"
    assert counter(s, RED, "coins") == 20 - 4 - 2 and counter(s, BLUE, "coins") == 24
    assert counter(s, BLUE, "income") == 4
    assert "Red: you pay 4 coins to Blue and 2 coins of tax" in private(log, RED)
    setv(s, RED, "at", "B.n")
    step(game, s, 0, [[["rail", 2, "own"]], [], [], [], []])
    assert getv(s, RED, "at") == "B.se" and counter(s, RED, "coins") == 14


def test_cannot_pay_fee_and_tax_fails(game):
    """I 12: the move fails when the player cannot pay fee + tax; nobody is paid."""
    s = table(game)
    rails(s, [1, "A.sw", "A.se", BLUE, 3])
    setv(s, RED, "at", "A.sw")
    setc(s, RED, "coins", 3)
    step(game, s, 0, [[["ride", 1, "ride"]], [], [], [], []])
    assert getv(s, RED, "at") == "A.sw" and counter(s, RED, "failed") == 1
    assert counter(s, RED, "coins") == 3 and counter(s, BLUE, "coins") == 20


def test_fee_change_applies_after_the_moves_of_its_index(game):
    """M 7.3, 8.4, I 10: a fee set at index k does not change a ride at index k."""
    s = table(game)
    rails(s, [1, "A.sw", "A.se", BLUE, 1])
    setv(s, RED, "at", "A.sw")
    step(game, s, 0, [[["ride", 1, "ride"]], [["fee", [1, 9], "fee 9"]], [], [], []])
    assert counter(s, RED, "coins") == 20 - 1 - 1
    assert s["v"]["placed"] == [[1, "A.sw", "A.se", BLUE, 9]]


def test_own_rail_and_shift(game):
    """M 7.2, 7.4, 9.6, 9.7, I 14: ride one's rail (not back the way one came); move its far
    end from the end one stands on; fails away from the rail or onto an occupied chord."""
    s = table(game)
    rails(s, [1, "A.sw", "A.se", RED, 0], [2, "A.n", "A.s", BLUE, 0])
    setv(s, RED, "at", "A.sw")
    setv(s, RED, "came_from", "A.se")
    step(game, s, 0, [[["rail", 1, "ride"]], [], [], [], []])       # back to A.se: a U-turn
    assert getv(s, RED, "at") == "A.sw" and counter(s, RED, "failed") == 1
    step(game, s, 0, [[["shift", [1, "A.ne"], "shift"]], [], [], [], []])
    assert s["v"]["placed"][0] == [1, "A.sw", "A.ne", RED, 0]
    step(game, s, 0, [[["shift", [1, "A.se"], "shift"]], [], [], [], []])
    setv(s, RED, "at", "B.n")
    setc(s, RED, "failed", 0)
    step(game, s, 0, [[["shift", [1, "B.se"], "shift"]], [], [], [], []])
    assert counter(s, RED, "failed") == 1                           # not at an end of rail 1


def test_rail_placement_and_refusal(game):
    """M 6.7, 9.3, 9.4, I 13: placed before the actions anywhere, fee set for free; in seat
    order; a chord that holds a rail refuses the later placement (the rail stays unplaced)."""
    s = table(game)
    setv(s, RED, "unplaced", [[1, 3]])
    setv(s, BLUE, "unplaced", [[2, 4]])
    chord = ["F.se", "K.s"]                # K's long chord (F.se is K.n)
    log = run(game, s, "proc:place_rails", {"me": None, "r0": [1, 2, None, None, None],
                                            "r1": [None] * 5,
                                            "chord0": [chord, chord, None, None, None],
                                            "fee0": [3, 5, 0, 0, 0],
                                            "chord1": [None] * 5, "fee1": [0] * 5})
    assert s["v"]["placed"] == [[1, "F.se", "K.s", RED, 3]]
    assert getv(s, RED, "unplaced") == [] and getv(s, BLUE, "unplaced") == [[2, 4]]
    assert any("already holds a rail" in x for x in private(log, BLUE))
    assert "Red places rail 1 at F.se-K.s in K, fee 3" in log
    # the older rail goes first whatever the seat: Green's rail 5 before Yellow's rail 6
    s = table(game)
    setv(s, GREEN, "unplaced", [[5, 7]])
    setv(s, YELLOW, "unplaced", [[4, 6], [6, 8]])
    run(game, s, "proc:place_rails", {"me": None, "r0": [None, None, 5, 4, None],
                                      "r1": [None, None, None, 6, None],
                                      "chord0": [None, None, chord, ["A.n", "A.s"], None],
                                      "fee0": [0] * 5,
                                      "chord1": [None, None, None, chord, None], "fee1": [0] * 5})
    assert s["v"]["placed"] == [[4, "A.n", "A.s", YELLOW, 0], [5, "F.se", "K.s", GREEN, 0]]
    assert getv(s, YELLOW, "unplaced") == [[6, 8]]


def test_rail_deadline(game):
    """M 9.5: the rail won in round r may be placed in r+1 or r+2, then it is removed."""
    s = table(game)
    setv(s, RED, "unplaced", [[1, 3], [2, 4]])
    s["g"]["round"] = 2
    run(game, s, "proc:expire_rails")
    assert getv(s, RED, "unplaced") == [[1, 3], [2, 4]]
    s["g"]["round"] = 3
    log = run(game, s, "proc:expire_rails")
    assert getv(s, RED, "unplaced") == [[2, 4]]
    assert private(log, RED) == ["Red: rail 1 was not placed in time and is removed"]


# ------------------------------------------------------------------ investment and control
def test_invest_and_control(game):
    """M 7.6, 10.1, 10.2, I 15, I 17: 1-3 coins in an adjacent hexagon; a strict leader
    controls; on a shared lead the controller keeps it only if among the leaders."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    setv(s, BLUE, "at", "B.s")
    step(game, s, 0, [[["invest", ["B", 3], "i"]], [["invest", ["B", 3], "i"]], [], [], []])
    assert s["v"]["controller"].get("B") is None                        # a tie from nobody
    step(game, s, 0, [[["invest", ["B", 1], "i"]], [], [], [], []])
    assert s["v"]["controller"]["B"] == RED
    step(game, s, 0, [[], [["invest", ["B", 1], "i"]], [], [], []])
    assert s["v"]["controller"]["B"] == RED                         # shared lead: keeps it
    assert getv(s, RED, "invested")["B"] == 4 and counter(s, RED, "coins") == 16
    step(game, s, 0, [[["invest", ["S", 1], "i"]], [], [], [], []])   # not adjacent
    assert counter(s, RED, "failed") == 1
    setc(s, BLUE, "coins", 1)
    step(game, s, 0, [[], [["invest", ["E", 2], "i"]], [], [], []])   # more than one has
    assert counter(s, BLUE, "failed") == 1


def test_payout_red_5_zero_2_pays_3(game):
    """M 10.5: the top investor gains the difference to the second; alone: all of it;
    shared: nothing. The digest's example: Red 5, Zero 2 -> Red gains 3."""
    s = table(game)
    invest(s, RED, "A", 5)
    invest(s, BLUE, "A", 2)            # "Zero"
    invest(s, GREEN, "C", 2)
    invest(s, YELLOW, "C", 2)
    invest(s, PURPLE, "D", 3)
    log = run(game, s, "proc:payout")
    assert [counter(s, p, "coins") for p in range(5)] == [23, 20, 20, 20, 23]
    assert "Red: you gain 3 coins from the payout of A" in private(log, RED)
    assert not private(log, BLUE)


# ------------------------------------------------------------------ passengers
def test_new_passengers(game):
    """M 6.3, 11.2, I 5, appendix C: 4 + R passengers at up to 6 stations (9 in round 12),
    never of their station's shape, at the end of its queue."""
    s = table(game)
    run(game, s, "proc:new_passengers")
    stations = evaluate(game, s, "stations()")
    counts = {v: len(s["z"][qkey(s, v)]) for v in stations}
    assert sum(counts.values()) == 5 and max(counts.values()) == 1
    for v in stations:
        own = evaluate(game, s, f'station("{v}")')
        assert own not in shapes(s, qkey(s, v))
    s = table(game, seed=1)
    s["g"]["round"] = 12
    run(game, s, "proc:new_passengers")
    counts = sorted(len(s["z"][qkey(s, v)]) for v in stations)
    assert sum(counts) == 16 and counts.count(2) == 7 and counts.count(1) == 2


def test_pick_up_priority_and_tie(game):
    """M 8.5, 12.7, I 28: pick-ups at one station resolve by the round's bids, highest
    first; equal bids take nothing and do not fail; a later picker finding it empty fails."""
    s = table(game)
    for p in (RED, BLUE, GREEN):
        setv(s, p, "at", "A.se")
    control(s, "A", RED)
    control(s, "B", BLUE)
    control(s, "E", GREEN)
    put(game, s, qkey(s, "A.se"), ["square"] * 6)
    pick = [["pick up", None, "pick up"]]
    log = step(game, s, 0, [pick, pick, pick, [], []], bids=[5, 3, 3, 0, 0])
    assert len(s["z"]["0.carriage"]) == 4 and not s["z"]["1.carriage"] and not s["z"]["2.carriage"]
    assert [counter(s, p, "failed") for p in range(3)] == [0, 0, 0]
    assert "Blue picks up nothing at A.se: an equal bid (M 8.5)" in log
    s = table(game)
    for p in (RED, BLUE):
        setv(s, p, "at", "A.se")
    control(s, "A", RED)
    control(s, "B", BLUE)
    put(game, s, qkey(s, "A.se"), ["square", "triangle"])
    step(game, s, 0, [pick, pick, [], [], []], bids=[1, 4, 0, 0, 0])
    assert shapes(s, "1.carriage") == ["square", "triangle"]
    assert counter(s, RED, "failed") == 1 and counter(s, BLUE, "failed") == 0


def test_pick_up_needs_control_and_seats(game):
    """M 7.7, 7.9, 10.4, 11.4, 11.5, I 19: a pick-up needs a controlled hexagon at the
    station; left-most first up to the free seats; a full carriage takes nothing without
    failing; a carriage for 15 coins adds 4 seats."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    put(game, s, qkey(s, "A.se"), ["square", "triangle", "square", "triangle", "square"])
    pick = [["pick up", None, "pick up"]]
    step(game, s, 0, [pick, [], [], [], []])
    assert counter(s, RED, "failed") == 1 and not s["z"]["0.carriage"]
    control(s, "E", RED)
    setc(s, RED, "failed", 0)
    step(game, s, 0, [pick, [], [], [], []])
    assert shapes(s, "0.carriage") == ["square", "triangle", "square", "triangle"]
    assert shapes(s, qkey(s, "A.se")) == ["square"]
    step(game, s, 0, [pick, [], [], [], []])
    assert counter(s, RED, "failed") == 0 and len(s["z"]["0.carriage"]) == 4
    step(game, s, 0, [[["carriage", None, "carriage"]], [], [], [], []])
    assert counter(s, RED, "carriages") == 2 and counter(s, RED, "coins") == 5
    step(game, s, 0, [pick, [], [], [], []])
    assert len(s["z"]["0.carriage"]) == 5 and not s["z"][qkey(s, "A.se")]
    step(game, s, 0, [[["carriage", None, "carriage"]], [], [], [], []])
    assert counter(s, RED, "failed") == 1                           # 5 coins < 15


def test_drop_off_pays_the_nth(game):
    """M 7.8, 11.6, 11.7, I 27, I 30: matching passengers are delivered, the Nth of the game
    for N coins; "all" leaves the others at the end of the station's queue; fails empty or
    at an intersection."""
    s = table(game)
    setv(s, RED, "at", "A.se")
    setc(s, RED, "delivered", 2)
    put(game, s, "0.carriage", ["circle", "square", "circle"])
    put(game, s, qkey(s, "A.se"), ["triangle"])
    log = step(game, s, 0, [[["drop off", "all", "drop all"]], [], [], [], []])
    assert counter(s, RED, "delivered") == 4 and counter(s, RED, "coins") == 20 + 3 + 4
    assert shapes(s, qkey(s, "A.se")) == ["triangle", "square"] and not s["z"]["0.carriage"]
    assert "Red: you deliver 2 passengers for 7 coins" in private(log, RED)
    step(game, s, 0, [[["drop off", "matching", "drop"]], [], [], [], []])
    assert counter(s, RED, "failed") == 1                           # nothing carried
    setc(s, RED, "failed", 0)
    setv(s, RED, "at", "A.n")
    put(game, s, "0.carriage", ["circle"])
    step(game, s, 0, [[["drop off", "matching", "drop"]], [], [], [], []])
    assert counter(s, RED, "failed") == 1                           # an intersection


# ------------------------------------------------------------------ auctions and items
def test_auction_winner_pays_and_receives_next_round(game):
    """M 6.1, 6.6, 12.1-12.4: the sole highest bid pays at once; only the bid is public;
    the lot (a rail and the round's item) arrives at the start of the next round."""
    s = table(game)
    s["g"]["round"] = 2
    log = run(game, s, "proc:auction", {"me": None, "bids": [1, 6, 0, 2, 0]})
    assert counter(s, BLUE, "coins") == 14 and counter(s, BLUE, "lot") == 2
    assert counter(s, RED, "coins") == 20
    public = [x for x in log if getattr(x, "audience", None) is None]
    assert public == ["The auction of round 2 is won with a bid of 6"]
    s["g"]["round"] = 3
    log = run(game, s, "proc:rewards")
    assert getv(s, BLUE, "unplaced") == [[2, 4]] and getv(s, BLUE, "items") == ["Teleport"]
    assert counter(s, BLUE, "lot") == 0
    assert private(log, BLUE) == ["Blue: you receive rail 2 (place it by round 4) and Teleport"]
    assert not private(log, RED)


def test_in_game_tied_auction_gives_nothing(game):
    """M 12.2, 15.2: a tie for the highest bid: nobody pays, nobody receives anything."""
    s = table(game)
    log = run(game, s, "proc:auction", {"me": None, "bids": [3, 3, 0, 1, 0]})
    assert all(counter(s, p, "coins") == 20 and counter(s, p, "lot") == 0 for p in range(5))
    assert any("a tie at 3" in x for x in log)


def test_rail_steal_and_large_investment(game):
    """M 12.5, I 20, appendix B: used after all actions, in descending bid order: Rail Steal
    takes another's placed rail where it lies with its fee; Large Investment puts up to 6
    coins (at most one's coins) in any hexagon, and control follows."""
    s = table(game)
    rails(s, [1, "A.sw", "A.se", BLUE, 4])
    setv(s, RED, "items", ["Rail Steal", "Large Investment"])
    setv(s, GREEN, "items", ["Large Investment"])
    setc(s, GREEN, "coins", 4)
    uses = [[["Rail Steal", 1], ["Large Investment", ["S", 5]]], [], [["Large Investment", ["S", 6]]], [], []]
    log = run(game, s, "proc:after_items", {"me": None, "uses": uses, "bids": [0, 0, 2, 0, 0]})
    assert s["v"]["placed"] == [[1, "A.sw", "A.se", RED, 4]]
    assert getv(s, RED, "items") == [] and getv(s, GREEN, "items") == []
    assert getv(s, GREEN, "invested")["S"] == 4 and getv(s, RED, "invested")["S"] == 5
    assert s["v"]["controller"]["S"] == RED
    assert "Red uses Rail Steal: rail 1 now belongs to Red" in log


def test_teleport_and_free_ride(game):
    """M 7.11, 12.6, appendix B: Teleport moves anywhere and clears the previous vertex;
    Free Ride rides another's rail without fee or tax; an item not held fails."""
    s = table(game)
    rails(s, [1, "F.se", "K.s", BLUE, 6])
    setv(s, RED, "items", ["Teleport", "Free Ride"])
    setv(s, RED, "at", "A.n")
    setv(s, RED, "came_from", "A.ne")
    prog = [["Teleport", "F.se", "t"], ["Free Ride", 1, "f"], ["Teleport", "A.n", "t"]]
    setc(s, RED, "points", 3)
    for i in range(3):
        step(game, s, i, [prog, [], [], [], []])
    assert getv(s, RED, "at") == "K.s" and getv(s, RED, "came_from") == "F.se"
    assert counter(s, RED, "coins") == 20 and counter(s, BLUE, "coins") == 20
    assert getv(s, RED, "items") == [] and counter(s, RED, "failed") == 1


# ------------------------------------------------------------------ trades
def test_one_for_one_passenger_trade(game):
    """M 13.2-13.4: "Chaotic has traded with Lexi, giving her a Square passenger and taking
    a Circle passenger" - 1 for 1, with the partner's consent."""
    s = table(game)
    put(game, s, "0.carriage", ["circle", "square"])
    put(game, s, "2.carriage", ["circle"])
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    drive(game, s, {RED: ["Green", "a square passenger", "a circle passenger"], GREEN: ["accept"]}, log)
    assert sorted(shapes(s, "0.carriage")) == ["circle", "circle"]
    assert shapes(s, "2.carriage") == ["square"]
    assert "Red and Green trade" in log
    assert [may_read(x, p) for x in log if "gives a square" in x for p in range(5)] == \
        [True, False, True, False, False]


def test_trade_declined_and_items(game):
    """M 13.1, 13.3, I 21: a passenger only for a passenger; items and unplaced rails trade
    (a rail keeps its deadline); a partner without the thing asked can only decline."""
    s = table(game)
    put(game, s, "0.carriage", ["circle"])
    run(game, s, "proc:offer", {"me": None, "p": RED})
    game.apply_label(s, RED, "Blue")
    game.apply_label(s, RED, "a circle passenger")
    assert finished(s) and shapes(s, "0.carriage") == ["circle"]   # Blue carries nobody: withdrawn
    s = table(game)
    setv(s, RED, "unplaced", [[3, 5]])
    setv(s, BLUE, "items", ["Teleport"])
    put(game, s, "1.carriage", ["square"])
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    game.apply_label(s, RED, "Blue", listener=log)
    game.apply_label(s, RED, "rail 3 (place by round 5)", listener=log)
    assert "a square passenger" not in game.options(s, RED)      # a passenger only for one
    assert {"an unplaced rail", "Teleport", "nothing"} <= set(game.options(s, RED))
    s = table(game)
    setv(s, RED, "unplaced", [[3, 5]])
    setv(s, BLUE, "items", ["Teleport"])
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    drive(game, s, {RED: ["Blue", "rail 3", "Teleport"], BLUE: ["accept"]}, log)
    assert getv(s, BLUE, "unplaced") == [[3, 5]] and getv(s, RED, "items") == ["Teleport"]
    s = table(game)
    log = run(game, s, "proc:offer", {"me": None, "p": RED})
    game.apply_label(s, RED, "Blue")                 # Red holds nothing: "nothing" is given
    assert "nothing" not in game.options(s, RED)             # not nothing for nothing
    game.apply_label(s, RED, "Rail Steal", listener=log)
    assert finished(s) and "Blue declines a trade offered by Red" in log   # its only option


# ------------------------------------------------------------------ the end
def test_end_conversion_and_ranking(game):
    """M 1.2, 16.1-16.4: coins become points at the point price; most points wins, coins
    break ties; everything is revealed."""
    s = table(game)
    setc(s, RED, "coins", 30)          # 9 for the 3rd point, 16 for the 4th: 4 points, 5 left
    setc(s, BLUE, "points", 4)
    setc(s, BLUE, "coins", 3)
    for p in (GREEN, YELLOW, PURPLE):
        setc(s, p, "coins", 0)
    log = run(game, s, "finish")
    assert counter(s, RED, "points") == 4 and counter(s, RED, "coins") == 5
    assert "Red: 4 points, 5 coins left" in log
    res = game.result(s)
    assert res["winners"] == [RED]


# ------------------------------------------------------------------ the menu (issue 13 item 6)
def test_program_menu_is_predicted_from_the_seats_own_steps(game):
    """The menu lists actions that succeed if the earlier steps succeed and nobody else
    acts: from the predicted vertex, coins after the bid, carried passengers."""
    s = table(game)
    setv(s, RED, "at", "A.n")
    setc(s, RED, "coins", 10)
    labels = lambda so_far, bid=0: [o[2] for o in evaluate(   # noqa: E731
        game, s, "program_menu(me, so_far, bid, [])", me=RED, so_far=so_far, bid=bid)]
    first = labels([])
    assert "buy a point (9 coins)" in first and "buy a carriage (15 coins)" not in first
    assert "buy a point (9 coins)" not in labels([], bid=2)      # the bid is counted
    opt = next(o for o in evaluate(game, s, "program_menu(me, [], 0, [])", me=RED)
               if o[2] == "move se to A.ne")
    after = labels([opt])
    assert "move s to A.se" in after and "move nw to A.n" not in after
    assert "invest 3 in B" in after and "invest 3 in S" not in after


# ------------------------------------------------------------------ M 17: the example round
def test_example_round(game):
    """M 17 (and 5.6, 7.7, 8.5, 9.9, 11.6, 11.7, 13.4, 14.2, I 24): Chaotic (Red, 5
    points, bid 0) and Sally (Blue, 4 points, bid 4) meet at station A.se; Sally picks up
    first, Chaotic's 3rd action (pick up) fails, he loses exactly 1 point, delivers 3
    passengers and is told privately of 3 coins of rail fees (Lexi, Green, rode his rail)."""
    s = table(game)
    CH, SA, LE = RED, BLUE, GREEN
    setv(s, CH, "at", "A.sw")
    setv(s, SA, "at", "A.ne")
    setv(s, LE, "at", "A.se")
    setv(s, YELLOW, "at", "Q.s")
    setv(s, PURPLE, "at", "S.s")
    setc(s, CH, "points", 5)
    setc(s, SA, "points", 4)
    # Sally's rail from A.se west to the triangle station D.se (in E); Chaotic's from A.sw
    # east to A.se (in A)
    rails(s, [1, "A.se", "D.se", SA, 2], [2, "A.sw", "A.se", CH, 3])
    control(s, "A", SA)
    invest(s, SA, "A", 3)
    control(s, "B", CH)
    invest(s, CH, "B", 3)
    put(game, s, "0.carriage", ["circle", "triangle", "square", "square"])
    put(game, s, "2.carriage", ["circle"])
    put(game, s, qkey(s, "A.se"), ["square", "triangle"])
    log = Log()
    # the trade before the deadline (M 13.4)
    run(game, s, "proc:offer", {"me": None, "p": CH}, listener=log)
    drive(game, s, {CH: ["Green", "a square passenger", "a circle passenger"], LE: ["accept"]}, log)
    assert sorted(shapes(s, "0.carriage")) == ["circle", "circle", "square", "triangle"]
    # the round
    run(game, s, "proc:play_round", listener=log)
    drive(game, s, {
        CH: ["ride your rail 2 to A.se", "drop off the circle passengers at A.se",
             "pick up passengers at A.se", "ride Blue's rail 1 to D.se (fee 2 + tax 1)",
             "drop off all passengers at D.se"],
        SA: ["4", "move s to A.se", "pick up passengers at A.se",
             "drop off the circle passengers at A.se", "ride your rail 1 to D.se"],
        LE: ["ride Red's rail 2 to A.sw (fee 3 + tax 1)", "move sw to D.nw"],
    }, log)
    # Sally picks up first (index 2), Chaotic's pick-up at index 3 fails: the station is empty
    picked = log.index("Blue picks up 2 passengers at A.se")
    failed = log.index("Red: your action 3 (pick up passengers at A.se) fails")
    assert picked < failed
    assert sorted(shapes(s, "1.carriage")) == ["square", "triangle"]
    # exactly 1 point lost; Sally and Lexi lose none
    assert [counter(s, p, "points") for p in (CH, SA, LE)] == [4, 4, 2]
    # 3 passengers delivered: 2 circles at A.se (1 + 2 coins), a triangle at D.se (3 coins);
    # the square is left at D.se
    assert counter(s, CH, "delivered") == 3
    assert shapes(s, qkey(s, "D.se")) == ["square"] and not s["z"]["0.carriage"]
    assert getv(s, CH, "at") == "D.se" and getv(s, SA, "at") == "D.se"
    # coins: Chaotic 20 + 3 (Lexi's fee) + 3 + 3 (deliveries) - 2 - 1 (Sally's fee, tax)
    assert counter(s, CH, "coins") == 26
    assert counter(s, SA, "coins") == 20 - 4 + 2           # her bid won the auction
    assert counter(s, LE, "coins") == 20 - 3 - 1
    assert counter(s, SA, "lot") == 1
    # Chaotic's private report (M 14.2)
    mine = private(log, CH)
    assert "Red: you deliver 2 passengers for 3 coins" in mine
    assert "Red: you deliver 1 passenger for 3 coins" in mine
    assert "Red: you pay 2 coins to Blue and 1 coin of tax" in mine
    assert "Red: you have 26 coins; your rails earned 3 coins this round" in mine
    report = [x for x in mine if x.startswith("Red: you")]
    assert len(report) >= 4
    assert all(not may_read(x, p) for x in report for p in (SA, LE, YELLOW, PURPLE, None))
    assert not any("fails" in x for x in private(log, SA) + private(log, LE))
    assert "Red loses 1 point: an action failed (4 points)" in log
    assert "The auction of round 1 is won with a bid of 4" in log
    json.dumps(s)                                          # plain data throughout


# ------------------------------------------------------------------ random play (issue 13 item 6)
# Riding another player's rail (paid or with Free Ride) is rare in random play (few rails, and
# a train must stand at one of their ends), and so are riding or moving one's own rail and
# delivering (a random train seldom carries a passenger to a station of its shape): 0 to 3
# times in six games. The scenario tests above cover them (test_own_rail_and_shift,
# test_drop_off_pays_the_nth, test_example_round; test_metropolis_menu.py for their menus).
KINDS = {"move": r" moves \w+ to ", "fee": r" sets the fee ", "invest": r": you invest \d",
         "pick up": r" picks up [1-9]", "point": r" buys a point",
         "Teleport": r" uses Teleport",
         "Rail Steal": r" uses Rail Steal", "Large Investment": r": you use Large Investment",
         "place": r" places rail ", "trade": r" trade$", "payout": r"payout of"}


def test_random_programs_succeed_and_exercise_every_kind(game):
    """Random bots choose from the predicted menu: over six seeded games almost no action
    fails, and every common kind of action (see above), item, placement, trade and payout
    happens."""
    import random
    import re
    seen = {k: 0 for k in KINDS}
    failed = 0
    steps = 0
    for seed in range(6):
        log = Log()
        s = game.new_state(5, seed=seed, listener=log)
        r = random.Random(seed)
        while not s["over"]:
            seat = game.waiting(s)[0]
            if "your program" in game.prompt(s, seat):
                steps += 1
            game.apply(s, seat, r.randrange(game.bot_option_count(s, seat)), listener=log)
        failed += sum(1 for x in log if x.endswith(" fails"))
        for k, pattern in KINDS.items():
            seen[k] += sum(1 for x in log if re.search(pattern, x))
    assert steps > 1000 and failed <= steps // 50
    assert all(seen.values()), seen
