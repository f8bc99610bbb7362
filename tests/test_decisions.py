"""The pending decision (runtime/decisions.py) and the driver's guards around it: apply takes
an index, a label is answered once at the edge (apply_label), the decision budget, the kinds
and their counts, and the one VM that runs a game's decisions."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.effects import menus
from interpreter.errors import GameError, IllegalMove
from interpreter.runtime import decisions
from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM

GAMES = Path(__file__).parent / "games"


@pytest.fixture(scope="module")
def sealed():
    """Every seat bids 0..its coins (3) at once, in secret."""
    return Game.load(str(GAMES / "sealed_numbers"))


@pytest.fixture(scope="module")
def relay():
    """Every seat composes a program of actions step by step, in secret."""
    return Game.load(str(GAMES / "relay_programs"))


def test_apply_out_of_range_is_refused_with_the_number_of_options(sealed):
    s = sealed.new_state(players=2, seed=1)
    before = sealed.to_json(s)
    for bad in (4, -1, 99):
        with pytest.raises(IllegalMove, match=rf"^option {bad} is out of range: there are 4 "
                                              r"options$"):
            sealed.apply(s, 0, bad)
    assert sealed.to_json(s) == before            # nothing was counted or answered


def test_apply_takes_an_index_and_says_where_a_label_goes(sealed):
    s = sealed.new_state(players=2, seed=1)
    with pytest.raises(IllegalMove, match=r"^an answer is an option's index \(0 to 3\), not "
                                          r"'2' \(a label is answered with Game.apply_label\)$"):
        sealed.apply(s, 0, "2")
    sealed.apply_label(s, 0, "2")
    assert sealed.waiting(s) == [1]


def test_a_label_that_is_no_option_is_refused_with_the_prompt_and_a_hint(relay):
    s = relay.new_state(2, seed=1)
    with pytest.raises(IllegalMove, match=r"^'jumpp' is not a legal option for round 1, P1: "
                                          r"action 1 \(did you mean 'jump'\?\)$"):
        relay.apply_label(s, 0, "jumpp")
    with pytest.raises(IllegalMove, match=r"^'done' is not a legal option for round 1, P1: "
                                          r"action 1$"):
        relay.index_of(s, 0, "done")        # not before the first step


def test_a_seat_that_may_not_decide_is_refused_by_index_and_by_label(sealed):
    s = sealed.new_state(players=2, seed=1)
    sealed.apply(s, 0, 1)
    for answer in (lambda: sealed.apply(s, 0, 0), lambda: sealed.apply_label(s, 0, "0")):
        with pytest.raises(IllegalMove, match=r"^P1 has already decided$"):
            answer()
    with pytest.raises(IllegalMove, match=r"^it is not P3's decision \(waiting for P2\)$"):
        sealed.apply(s, 2, 0)


def test_the_decision_budget_ends_an_endless_game_with_an_error(sealed):
    g = sealed.g
    saved, g.max_decisions = g.max_decisions, 3
    try:
        s = sealed.new_state(players=2, seed=1)
        for _ in range(3):
            sealed.apply(s, sealed.waiting(s)[0], 0)
        with pytest.raises(GameError, match="the game passed 3 decisions without ending"):
            sealed.apply(s, sealed.waiting(s)[0], 0)
    finally:
        g.max_decisions = saved


def test_the_kinds_and_their_counts(sealed, relay):
    s = sealed.new_state(players=3, seed=1)
    assert decisions.kind(s) == decisions.EACH and decisions.is_secret(s)
    assert decisions.count(s, 0) == decisions.bot_count(s, 0) == 4
    assert decisions.values(s, 0) == [0, 1, 2, 3]
    assert decisions.number_entry(s, 0) == {"lo": 0, "hi": 3, "fmt": "{}", "others": []}
    r = relay.new_state(2, seed=1)
    assert decisions.kind(r) == decisions.SEQUENCE
    relay.apply_label(r, 0, "run")
    relay.build_menus(r)        # a step leaves its menu to be built when read (Game reads so)
    # "undo last" is an option of a person, never of a bot
    assert decisions.count(r, 0) == decisions.bot_count(r, 0) + 1
    assert decisions.steps(r, 0) == ["run"] and decisions.steps(r, 1) == []
    assert decisions.seen_decisions(r, 1) == 0 and decisions.seen_decisions(r, 0) == 1
    relay.apply(r, 0, decisions.count(r, 0) - 1)         # undo last
    relay.build_menus(r)
    assert decisions.steps(r, 0) == [] and decisions.count(r, 0) == 4


def test_one_vm_runs_the_decisions_and_keeps_nothing_of_a_state(sealed):
    s = sealed.new_state(players=2, seed=1)
    sealed.apply(s, 0, 3)
    vm = sealed._idle
    assert isinstance(vm, VM) and vm.s is None and vm.listener is None
    copy = sealed.clone(s)
    sealed.apply(copy, 1, 0)                   # the copy goes on; the original does not
    assert sealed._idle is vm
    assert sealed.waiting(s) == [1] and sealed.waiting(copy) == [0, 1]
    assert copy["decisions"] == 2 and s["decisions"] == 1


def test_a_listener_may_read_the_game_while_a_decision_runs(sealed):
    """A decision started or read from inside another (a listener) does not disturb it."""
    s = sealed.new_state(players=2, seed=1)
    seen = []

    def listener(text):
        seen.append((text, sealed.waiting(s), sealed.options(s, 0)))
    sealed.apply(s, 0, 3)
    sealed.apply(s, 1, 0, listener=listener)
    assert seen and seen[0][0] == "P1 wins round 1 with 3"
    assert sealed.waiting(s) == [0, 1]


@pytest.mark.parametrize("lo,hi", [(0, 5), (3, 3), (3, 2), (1, -4)])
def test_a_number_range_counts_and_values_its_options_even_when_empty(lo, hi):
    """pre, the numbers lo..hi (none when hi < lo), then post: count and value agree."""
    spec = menus.number_range(lo, hi, "bid {}", [["pass", None]], [["bid 9 (penalty)", 9]])
    expected = [None, *range(lo, hi + 1), 9]
    assert menus.count(spec) == len(expected)
    assert menus.values(spec) == expected
    assert menus.labels(None, spec) == ["pass", *(f"bid {v}" for v in range(lo, hi + 1)),
                                        "bid 9 (penalty)"]
