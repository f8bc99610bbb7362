"""Metras: one scenario per worked example and rule of the rulebook, checking its numbers.

Each test sets a position by hand (tests/scenario.py), runs one rule of
gamedefs/metras/game.yaml, and asserts exact results. Tile values are those of
gamedefs/metras/cards/tiles.yaml:
  ally28, ally32      espionage 5          ally26, ally30   wealth 5
  ally19, ally20      wealth 4             ally07           wealth 4, fame 3
  ally13              wealth 4, expl 3     ally25           fame 5
  ally31              exploration 5        servant-N        2 on every edge
  familyA-N           fame 1 wealth 3 exploration 2 espionage 4
  familyB-N           fame 4 wealth 2 exploration 3 espionage 1
  incompetent-N       1 on every edge
"""
from __future__ import annotations

import pytest

from interpreter.present.views import view as _view
from interpreter.runtime.vm import VM
from scenario import (Log, advance, clear_board, clear_flow, decide, evaluate, finished, fresh,
                      ip, load, options, place, place_all, run, set_counter, set_turn, stat,
                      waiting_seat, zone)


@pytest.fixture(scope="module")
def game():
    return load("metras")


def label(game, card):
    return game.g.card_labels[card]


def board(game, players=4, turn=1, seed=1):
    """A state with an empty board: no tiles placed, nothing running, turn `turn`."""
    s = fresh(game, players=players, seed=seed)
    clear_flow(s)
    clear_board(game, s)
    set_turn(s, turn)
    return s


def view(s, game, seat):
    return _view(game, s, seat)


def stats(game, s, seat):
    return {b: stat(game, s, seat, b) for b in ("fame", "wealth", "exploration", "espionage")}


# ------------------------------------------------------------------ intrigue: theft
def theft_position(game):
    """Lucrezia (P1) Espionage 10; Luca (P2) Wealth 8 and 6 IP; P3 Wealth 10; P4 Wealth 4."""
    s = board(game, turn=2)
    place_all(s, game, ["ally28", "ally32"], "0.slots.espionage")
    place_all(s, game, ["ally19", "ally20"], "1.slots.wealth")
    place_all(s, game, ["ally26", "ally30"], "2.slots.wealth")
    place(s, game, "ally07", "3.slots.wealth")
    set_counter(s, game, 1, "IP", 6)
    return s


def test_lucrezia_theft_gains_16(game):
    s = theft_position(game)
    assert stat(game, s, 0, "espionage") == 10
    assert [stat(game, s, p, "wealth") for p in range(4)] == [0, 8, 10, 4]
    log = run(game, s, "type:theft", {"me": 0, "card": "A04"})      # chest x2
    assert game.prompt(s) == "P1: rob whom?"
    # P3's Wealth 10 is not less than Espionage 10: not a target
    # each target says what the theft would earn (README reading 2: the bank pays
    # Espionage x (chest - 1), only when something is stolen)
    assert options(game, s) == ["rob P2 (6 IP): take 6, bank 10", "rob P4 (10 IP): take 10, bank 10"]
    decide(game, s, "rob P2 (6 IP): take 6, bank 10", log)
    assert finished(s)
    assert ip(s, 0) == 10 + 16          # 6 stolen + 10 from the bank
    assert ip(s, 1) == 0
    assert [ip(s, 2), ip(s, 3)] == [10, 10]
    assert log == ["P1 steals 6 IP from P2 and takes 10 from the bank"]


def test_theft_steals_at_most_espionage_and_chest_1_adds_nothing(game):
    s = theft_position(game)
    set_counter(s, game, 1, "IP", 25)
    log = run(game, s, "type:theft", {"me": 0, "card": "A23"})      # chest x1
    decide(game, s, "rob P2 (25 IP): take 10, bank 0", log)
    assert (ip(s, 0), ip(s, 1)) == (20, 15)
    s = theft_position(game)
    set_counter(s, game, 1, "IP", 25)
    log = run(game, s, "type:theft", {"me": 0, "card": "A44"})      # chest x3
    decide(game, s, "rob P2 (25 IP): take 10, bank 20", log)
    assert (ip(s, 0), ip(s, 1)) == (10 + 10 + 20, 15)


def test_theft_with_one_target_asks_nothing(game):
    s = theft_position(game)
    set_turn(s, 3)
    place_all(s, game, ["ally13", "servant-1"], "3.slots.wealth")    # P4: Wealth 4 + 4 + 2
    assert stat(game, s, 3, "wealth") == 10
    log = run(game, s, "type:theft", {"me": 0, "card": "A04"})
    assert finished(s)
    assert log == ["P1 steals 6 IP from P2 and takes 10 from the bank"]


def test_theft_without_target_cannot_be_played(game):
    s = board(game, turn=2)
    place(s, game, "servant-1", "0.slots.espionage")                 # Espionage 2
    for p in (1, 2, 3):
        place(s, game, f"familyB-{p}", f"{p}.slots.wealth")          # Wealth 2: not < 2
    place(s, game, "A04", "0.purchased")
    assert evaluate(game, s, "can_play(card, me)", me=0, card="A04") is False
    log = run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A04"})
    # no "play or discard" question: the card is discarded for a servant
    assert log == ["P1 cannot play #4 Theft (chest x2) (no eligible target or mission) and "
                   "discards it for a servant"]
    assert game.prompt(s) == f"P1: where does {label(game, 'servant-18')} go?"
    decide(game, s, "fame", log)
    assert zone(s, "0.slots.fame") == ["servant-18"]
    assert "A04" in zone(s, "action_discard")
    assert zone(s, "0.purchased") == []
    assert [ip(s, p) for p in range(4)] == [10, 10, 10, 10]


def test_playable_theft_offers_play_or_servant(game):
    s = theft_position(game)
    place(s, game, "A04", "0.purchased")
    assert evaluate(game, s, "can_play(card, me)", me=0, card="A04") is True
    run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A04"})
    assert game.prompt(s) == "P1: resolve #4 Theft (chest x2)"
    assert options(game, s) == ["play #4 Theft (chest x2): rob a player for up to 10 IP, bank 10",
                                "discard for a servant"]


# ------------------------------------------------------------- intrigue: corruption
def corruption_position(game):
    """P1 Espionage 10 (turn 3). P2 Wealth 4 with two allies, a servant, a family servant
    and an incompetent in branches and an ally in reserve. P3 Wealth 10. P4 no allies."""
    s = board(game, turn=3)
    place_all(s, game, ["ally28", "ally32"], "0.slots.espionage")
    place(s, game, "ally07", "1.slots.wealth")
    place(s, game, "ally13", "1.slots.exploration")
    place_all(s, game, ["servant-1", "incompetent-1"], "1.slots.fame")
    place(s, game, "familyA-2", "1.slots.espionage")
    place(s, game, "ally25", "1.reserve")
    place_all(s, game, ["ally26", "ally30"], "2.slots.wealth")
    place(s, game, "ally01", "2.slots.fame")
    place(s, game, "servant-2", "3.slots.wealth")
    place(s, game, "familyB-4", "3.slots.fame")
    return s


def test_corruption_takes_an_ally_and_target_may_replace(game):
    s = corruption_position(game)
    log = run(game, s, "type:corruption", {"me": 0, "card": "A25"})
    # only P2 is eligible (P3 is too rich, P4 has no ally): no question
    assert game.prompt(s) == "P1: take which ally?"
    # servants, family servants, incompetents and the reserve are immune
    assert options(game, s) == [label(game, "ally07"), label(game, "ally13")]
    decide(game, s, label(game, "ally13"), log)
    assert game.prompt(s) == f"P1: where does {label(game, 'ally13')} go?"
    assert options(game, s) == ["fame", "wealth", "exploration", "espionage", "reserve"]
    decide(game, s, "exploration", log)
    assert waiting_seat(game, s) == 1
    assert game.prompt(s) == "P2: take an incompetent replacement?"
    assert options(game, s) == ["take an incompetent replacement", "decline"]
    decide(game, s, "take an incompetent replacement", log)
    assert game.prompt(s) == f"P2: where does {label(game, 'incompetent-8')} go?"
    decide(game, s, "exploration", log)
    assert finished(s)
    assert zone(s, "0.slots.exploration") == ["ally13"]
    assert zone(s, "1.slots.exploration") == ["incompetent-8"]
    assert zone(s, "1.reserve") == ["ally25"]
    assert stats(game, s, 0) == {"fame": 0, "wealth": 0, "exploration": 3, "espionage": 10}
    assert stats(game, s, 1)["exploration"] == 1
    assert log == [f"P1 corrupts {label(game, 'ally13')} away from P2",
                   f"P1 places {label(game, 'ally13')} in exploration",
                   f"P2 places {label(game, 'incompetent-8')} in exploration"]


def test_corruption_target_may_decline(game):
    s = corruption_position(game)
    log = run(game, s, "type:corruption", {"me": 0, "card": "A25"})
    decide(game, s, label(game, "ally07"), log)
    decide(game, s, "reserve", log)
    decide(game, s, "decline", log)
    assert finished(s)
    assert zone(s, "0.reserve") == ["ally07"]
    assert zone(s, "1.slots.wealth") == []
    assert len(zone(s, "incompetent_supply")) == 8 - 1     # incompetent-1 is on P2's sheet


def test_corruption_at_the_limit_discards_first(game):
    """The rulebook: "Should you exceed the Ally/Servant limit have immediately discard an Ally or Servant
    of your choice. You may then place the new Ally on your playersheet." """
    s = board(game, turn=1)
    place(s, game, "ally28", "0.slots.espionage")          # Espionage 5
    place(s, game, "servant-1", "0.slots.fame")
    place(s, game, "servant-2", "0.slots.wealth")
    place(s, game, "servant-3", "0.slots.exploration")
    place_all(s, game, ["servant-4", "servant-5"], "0.reserve")
    place(s, game, "ally07", "1.slots.wealth")             # Wealth 4
    for p in (2, 3):
        place(s, game, f"familyA-{p}", f"{p}.slots.wealth")  # Wealth 3, no ally
    log = run(game, s, "type:corruption", {"me": 0, "card": "A25"})
    assert game.prompt(s) == f"P1: where does {label(game, 'ally07')} go?"
    # no free slot and a full reserve: every branch is offered, after a discard there
    assert options(game, s) == [f"{b} (full: discard a tile there first)"
                                for b in ("fame", "wealth", "exploration", "espionage")]
    decide(game, s, "wealth (full: discard a tile there first)", log)
    # one tile per branch in turn 1: the one in wealth goes, without a question
    assert waiting_seat(game, s) == 1
    assert zone(s, "0.slots.wealth") == ["ally07"]
    assert "servant-2" in zone(s, "servant_supply")
    decide(game, s, "decline", log)
    assert finished(s)
    assert log[1:] == [f"P1 discards {label(game, 'servant-2')} from wealth to make room",
                       f"P1 places {label(game, 'ally07')} in wealth"]


def test_corruption_may_discard_in_a_full_branch_even_with_room_elsewhere(game):
    """The discard-then-place is offered whenever a branch is full, not only when nothing
    else is free: the thief may want the ally in that branch."""
    s = board(game, turn=2)
    place_all(s, game, ["ally28", "servant-1"], "0.slots.espionage")   # Espionage 7, full
    place(s, game, "ally07", "1.slots.wealth")                         # Wealth 4
    for p in (2, 3):
        place(s, game, f"familyA-{p}", f"{p}.slots.wealth")
    log = run(game, s, "type:corruption", {"me": 0, "card": "A25"})
    assert options(game, s) == ["fame", "wealth", "exploration", "reserve",
                                "espionage (full: discard a tile there first)"]
    decide(game, s, "espionage (full: discard a tile there first)", log)
    assert game.prompt(s) == "P1: discard which tile from espionage?"
    assert options(game, s) == [label(game, "ally28"), label(game, "servant-1")]
    decide(game, s, label(game, "servant-1"), log)
    assert zone(s, "0.slots.espionage") == ["ally28", "ally07"]
    assert stat(game, s, 0, "espionage") == 5 + 1
    decide(game, s, "decline", log)
    assert finished(s)


def test_replacement_goes_where_the_victim_was_and_needs_a_supply(game):
    def position(s):
        place(s, game, "ally28", "0.slots.espionage")           # Espionage 5
        place(s, game, "ally07", "1.slots.wealth")              # Wealth 4
        for b, t in (("fame", "servant-1"), ("exploration", "servant-2"),
                     ("espionage", "servant-3")):
            place(s, game, t, f"1.slots.{b}")                   # P2 is full in turn 1 ...
        place_all(s, game, ["servant-4", "servant-5"], "1.reserve")   # ... reserve too
        for p in (2, 3):
            place(s, game, f"familyA-{p}", f"{p}.slots.fame")   # no ally
    s = board(game, turn=1)
    position(s)
    log = run(game, s, "type:assassination", {"me": 0, "card": "A09"})
    assert "ally07" in zone(s, "ally_bag")
    decide(game, s, "take an incompetent replacement", log)
    assert finished(s)                                 # the freed branch is the only room
    assert zone(s, "1.slots.wealth") == ["incompetent-8"]
    # with no incompetent replacement left, nothing is offered
    s = board(game, turn=1)
    position(s)
    place_all(s, game, zone(s, "incompetent_supply"), "box")
    log = run(game, s, "type:assassination", {"me": 0, "card": "A09"})
    assert finished(s)
    assert zone(s, "1.slots.wealth") == []


def test_intrigue_immunity_leaves_no_victim(game):
    """Servants, family servants, incompetents and reserve allies are never victims."""
    s = board(game, turn=3)
    place_all(s, game, ["ally28", "ally32"], "0.slots.espionage")
    for p in (1, 2, 3):
        place(s, game, f"servant-{p}", f"{p}.slots.wealth")
        place(s, game, f"familyA-{p}", f"{p}.slots.fame")
        place(s, game, f"incompetent-{p}", f"{p}.slots.exploration")
    place_all(s, game, ["ally01", "ally02"], "1.reserve")
    for card in ("A25", "A09"):             # corruption, assassination
        assert evaluate(game, s, "can_play(card, me)", me=0, card=card) is False
    # a theft and a treachery still have targets (the corruption part is skipped)
    for card in ("A04", "A26"):
        assert evaluate(game, s, "can_play(card, me)", me=0, card=card) is True
    place(s, game, "A09", "0.purchased")
    log = run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A09"})
    assert log == ["P1 cannot play #9 Assassination (no eligible target or mission) and "
                   "discards it for a servant"]


# --------------------------------------------------------------- intrigue: treachery
def test_treachery_corrupts_before_the_theft(game):
    s = board(game, turn=3)
    place(s, game, "familyA-1", "0.slots.espionage")
    place(s, game, "servant-1", "0.slots.espionage")      # Espionage 6
    place(s, game, "ally19", "1.slots.wealth")            # Wealth 4; espionage edge 2
    set_counter(s, game, 1, "IP", 20)
    for p in (2, 3):
        place_all(s, game, ["ally26", "ally30"] if p == 2 else ["servant-2", "servant-3",
                                                               "servant-4"], f"{p}.slots.wealth")
    log = run(game, s, "type:treachery", {"me": 0, "card": "A48"})  # chest x2
    # the one target, its one ally: straight to placing it
    assert game.prompt(s) == f"P1: where does {label(game, 'ally19')} go?"
    decide(game, s, "espionage", log)
    assert stat(game, s, 0, "espionage") == 8
    # the theft uses the Espionage after the corruption: 8 stolen, 8 from the bank
    assert (ip(s, 0), ip(s, 1)) == (10 + 8 + 8, 12)
    assert game.prompt(s) == "P2: take an incompetent replacement?"
    decide(game, s, "decline", log)
    assert finished(s)
    assert log == [f"P1 corrupts {label(game, 'ally19')} away from P2",
                   f"P1 places {label(game, 'ally19')} in espionage",
                   "P1 steals 8 IP from P2 and takes 8 from the bank"]


def test_treachery_without_ally_is_a_theft(game):
    s = board(game, turn=3)
    place(s, game, "familyA-1", "0.slots.espionage")
    place(s, game, "servant-1", "0.slots.espionage")      # Espionage 6
    for p in (1, 2):
        place_all(s, game, ["ally26", "ally30"] if p == 1 else ["ally20", "ally19"],
                  f"{p}.slots.wealth")                     # Wealth 10 and 8
    place(s, game, "servant-2", "3.slots.wealth")          # Wealth 2, no ally
    set_counter(s, game, 3, "IP", 5)
    log = run(game, s, "type:treachery", {"me": 0, "card": "A48"})
    assert finished(s)
    assert (ip(s, 0), ip(s, 3)) == (10 + 5 + 6, 0)
    assert log == ["P1 steals 5 IP from P4 and takes 6 from the bank"]


# ----------------------------------------------------------- intrigue: assassination
def test_assassination_discards_an_ally(game):
    s = corruption_position(game)
    log = run(game, s, "type:assassination", {"me": 0, "card": "A09"})
    assert game.prompt(s) == "P1: which ally?"
    assert options(game, s) == [label(game, "ally07"), label(game, "ally13")]
    decide(game, s, label(game, "ally07"), log)
    assert "ally07" in zone(s, "ally_bag")
    assert stat(game, s, 1, "wealth") == 0
    assert game.prompt(s) == "P2: take an incompetent replacement?"
    decide(game, s, "take an incompetent replacement", log)
    decide(game, s, "wealth", log)
    assert finished(s)
    assert zone(s, "1.slots.wealth") == ["incompetent-8"]
    assert stat(game, s, 1, "wealth") == 1
    assert log == [f"P1 has {label(game, 'ally07')} assassinated",
                   f"P2 places {label(game, 'incompetent-8')} in wealth"]


# -------------------------------------------------------------------- recruitment
def test_veronica_recruits_under_the_turn_1_limit(game):
    """The rulebook: "Veronica resolves a Recruitment Action card stating draw 1 keep 1, she draws an ally
    tile and places it in one of the two branches still free. ... a Recruitment draw 3 keep 2,
    she draws three cards and places just 1 tile instead of 2 in the only free space left -
    remember the ally/servant limit rule." The reserve is empty and stays empty: a recruit
    card places tiles "on your Player sheet", discarding any excess."""
    s = board(game, turn=1, seed=5)
    place(s, game, "familyA-1", "0.slots.fame")
    place(s, game, "familyB-1", "0.slots.wealth")
    # draw 1 keep 1: into one of the two free branches (never the reserve)
    log = run(game, s, "type:recruit", {"me": 0, "card": "A05"})
    first = zone(s, "0.looking")
    assert len(first) == 1 and first[0].startswith("ally")
    assert game.prompt(s) == "P1: keep which ally?"
    assert options(game, s) == [label(game, first[0]), "keep no more"]
    decide(game, s, 0, log)
    assert options(game, s) == ["exploration", "espionage"]
    decide(game, s, "exploration", log)
    assert finished(s)
    assert zone(s, "0.slots.exploration") == first
    # draw 3 keep 2: only one tile fits, the other two go back to the bag
    log = run(game, s, "type:recruit", {"me": 0, "card": "A07"})
    drawn = zone(s, "0.looking")
    assert len(drawn) == 3
    assert options(game, s) == [label(game, c) for c in drawn] + ["keep no more"]
    decide(game, s, 1, log)
    assert finished(s)                                   # the last free branch: no question
    assert zone(s, "0.slots.espionage") == [drawn[1]]
    assert zone(s, "0.reserve") == []
    assert zone(s, "0.looking") == []
    assert drawn[0] in zone(s, "ally_bag") and drawn[2] in zone(s, "ally_bag")
    assert len(zone(s, "ally_bag")) == 32 - 2
    assert [len(zone(s, f"0.slots.{b}")) for b in ("fame", "wealth", "exploration",
                                                    "espionage")] == [1, 1, 1, 1]
    assert log == ["P1 draws 3 allies from the bag and may keep 2",
                   f"P1 places {label(game, drawn[1])} in espionage",
                   "P1 puts the 2 allies not kept back into the bag"]


def test_recruit_card_with_every_branch_full_keeps_nothing(game):
    """The rulebook: "place on your Player sheet the number of tiles indicated by the Keep symbol ...
    discarding any excess tiles": with every branch at the limit nothing is kept, even with
    the reserve empty."""
    s = board(game, turn=1, seed=3)
    for b, t in zip(("fame", "wealth", "exploration", "espionage"),
                    ("servant-1", "servant-2", "servant-3", "servant-4")):
        place(s, game, t, f"0.slots.{b}")
    log = run(game, s, "type:recruit", {"me": 0, "card": "A07"})     # draw 3 keep 2
    assert finished(s)                                   # nothing to decide
    assert zone(s, "0.reserve") == [] and zone(s, "0.looking") == []
    assert len(zone(s, "ally_bag")) == 32
    assert log == ["P1 draws 3 allies from the bag and may keep 2",
                   "P1 puts the 3 allies not kept back into the bag"]


def test_recruitment_mission_may_keep_into_the_reserve(game):
    """Recruitment (mission): "place the total shown on the Keep symbol on one or more
    branches (the ally/servant limit applies) or in the reserve"."""
    s = board(game, turn=1, seed=3)
    for b, t in zip(("fame", "wealth", "exploration", "espionage"),
                    ("servant-1", "servant-2", "servant-3", "servant-4")):
        place(s, game, t, f"0.slots.{b}")
    log = run(game, s, "type:mission", {"me": 0, "card": "M4b"})     # look 3 keep 2
    drawn = zone(s, "0.looking")
    decide(game, s, 0, log)
    # the reserve is the only room: the kept tile goes there unasked
    assert zone(s, "0.reserve") == drawn[:1]
    assert options(game, s) == [label(game, c) for c in drawn[1:]] + ["keep no more"]
    decide(game, s, 0, log)
    assert finished(s)
    assert zone(s, "0.reserve") == drawn[:2]
    assert len(zone(s, "ally_bag")) == 30
    assert log[1] == f"P1 puts {label(game, drawn[0])} in the reserve"


def test_recruit_from_a_nearly_empty_bag(game):
    """The empty-supply case is said in words: fewer allies than the card shows."""
    s = board(game, turn=2, seed=3)
    bag = zone(s, "ally_bag")
    place_all(s, game, bag[1:], "box")
    log = run(game, s, "type:recruit", {"me": 0, "card": "A07"})     # draw 3 keep 2
    assert log[:2] == ["the bag holds only 1 ally of the 3 P1 should draw",
                       "P1 draws 1 ally from the bag and may keep 2"]


def test_rearrange_moves_tiles_between_branches(game):
    """The rulebook: "you can rearrange your allies and servants between the 4 branches and play any ally
    you have placed in the reserves, the ally/servant limit rule still applies": a tile is
    never moved into the reserve."""
    s = board(game, turn=2)
    place_all(s, game, ["ally25", "ally29"], "0.slots.fame")
    place_all(s, game, ["ally26", "ally30"], "0.reserve")
    log = run(game, s, "type:rearrange", {"me": 0, "card": "A21"})
    assert game.prompt(s) == "P1: place which tile next?"
    # the placed tiles first, among the branches only
    assert options(game, s) == [label(game, "ally25"), label(game, "ally29")]
    decide(game, s, label(game, "ally25"), log)
    assert options(game, s) == ["fame", "wealth", "exploration", "espionage"]
    decide(game, s, "espionage", log)
    decide(game, s, "fame", log)                         # ally29, the last tile
    # then the reserve may be played (or kept)
    assert game.prompt(s) == "P1: play a tile from the reserve?"
    assert options(game, s) == [label(game, "ally26"), label(game, "ally30"), "keep the reserve"]
    decide(game, s, label(game, "ally26"), log)
    assert "reserve" not in options(game, s)
    decide(game, s, "wealth", log)
    decide(game, s, "keep the reserve", log)
    assert finished(s)
    assert zone(s, "0.reserve") == ["ally30"]
    assert stats(game, s, 0) == {"fame": 5, "wealth": 5, "exploration": 0, "espionage": 1}
    assert log[0] == "P1 rearranges their allies and servants"
    assert log[1:] == [f"P1 places {label(game, t)} in {b}" for t, b in
                       (("ally25", "espionage"), ("ally29", "fame"), ("ally26", "wealth"))]


def mission_position(game, exploration_tiles, missions=("M1a", "M2b", "M3a")):
    s = board(game, turn=3)
    place_all(s, game, exploration_tiles, "0.slots.exploration")
    place_all(s, game, missions, "missions")
    return s


def test_luca_takes_the_turn_1_mission(game):
    # Exploration 2 x sextant 2 = 4: below the turn-3 (8) and turn-2 (6) missions
    s = mission_position(game, ["familyA-1"])
    assert evaluate(game, s, "can_play(card, me)", me=0, card="A15") is True
    log = run(game, s, "type:mission_action", {"me": 0, "card": "A15"})
    assert finished(s)                                   # one eligible mission: no question
    assert ip(s, 0) == 10 + 3 * 2                        # mission laurel 3 x action laurel 2
    assert zone(s, "missions") == ["M1a", "M2b", "M3a"]  # never discarded
    assert log == [f"P1 completes {label(game, 'M1a')}: 6 IP"]


def test_missions_offered_are_those_within_reach(game):
    s = mission_position(game, ["ally31", "familyB-1"])   # Exploration 8
    log = run(game, s, "type:mission_action", {"me": 0, "card": "A13"})  # sextant 2, laurel 1
    assert game.prompt(s) == "P1: undertake which mission?"
    # each option shows the difficulty, the reward and the secondary effect
    assert options(game, s) == [
        "round 1 mission: difficulty 3 (your 8 exploration x 2 = 16), reward 3 x 1 = 3 IP; "
        "no secondary effect",
        "round 2 mission: difficulty 6 (your 8 exploration x 2 = 16), reward 5 x 1 = 5 IP; "
        "no secondary effect",
        "round 3 mission: difficulty 8 (your 8 exploration x 2 = 16), reward 5 x 1 = 5 IP; "
        "parade: +0 IP (fame 0 x 1)"]
    decide(game, s, 0, log)
    assert ip(s, 0) == 13
    # another player may do the same mission again
    place(s, game, "ally27", "1.slots.exploration")      # Exploration 5
    run(game, s, "type:mission_action", {"me": 1, "card": "A16"})       # sextant 1, laurel 1
    assert finished(s)
    assert ip(s, 1) == 13
    assert zone(s, "missions") == ["M1a", "M2b", "M3a"]


def test_mission_out_of_reach_cannot_be_played(game):
    s = mission_position(game, ["incompetent-1"], missions=("M1a",))   # 1 x 2 < 3
    assert evaluate(game, s, "can_play(card, me)", me=0, card="A13") is False
    assert evaluate(game, s, "can_play(card, me)", me=0, card="A37") is True   # 1 x 3 >= 3


def test_pillage_steals_up_to_espionage_from_anyone(game):
    s = board(game, turn=2)
    place_all(s, game, ["familyA-1", "servant-1"], "0.slots.espionage")   # Espionage 6
    place(s, game, "ally13", "0.slots.exploration")                       # Exploration 3
    place_all(s, game, ["ally26", "ally30"], "1.slots.wealth")            # rich: still a victim
    place(s, game, "M1c", "missions")                                     # difficulty 2, laurel 3
    set_counter(s, game, 1, "IP", 4)
    set_counter(s, game, 2, "IP", 20)
    log = run(game, s, "type:mission_action", {"me": 0, "card": "A02"})  # sextant 1 laurel 1
    assert ip(s, 0) == 13
    assert game.prompt(s) == "P1: pillage whom?"
    assert options(game, s) == ["P2", "P3", "P4"]
    decide(game, s, "P2", log)
    assert (ip(s, 0), ip(s, 1)) == (17, 0)
    run(game, s, "type:mission", {"me": 0, "card": "M1c"})
    decide(game, s, "P3")
    assert (ip(s, 0), ip(s, 2)) == (23, 14)


def test_recruitment_mission_draws_and_keeps(game):
    s = board(game, turn=2, seed=11)
    log = run(game, s, "type:mission", {"me": 0, "card": "M2a"})      # look 2 keep 1
    drawn = zone(s, "0.looking")
    assert len(drawn) == 2
    assert options(game, s) == [label(game, c) for c in drawn] + ["keep no more"]
    decide(game, s, 0, log)
    assert options(game, s) == ["fame", "wealth", "exploration", "espionage", "reserve"]
    decide(game, s, "fame", log)
    assert finished(s)
    assert zone(s, "0.slots.fame") == [drawn[0]]
    assert len(zone(s, "ally_bag")) == 31


def test_parade_is_fame_times_wreath_not_multiplied_by_the_action(game):
    s = board(game, turn=2)
    place_all(s, game, ["ally31", "incompetent-1"], "0.slots.exploration")  # Exploration 6
    place(s, game, "ally25", "0.slots.fame")                                 # Fame 5
    place_all(s, game, ["M1a", "M4c"], "missions")
    log = run(game, s, "type:mission_action", {"me": 0, "card": "A15"})    # sextant 2 laurel 2
    assert options(game, s)[1] == ("round 4 mission: difficulty 12 (your 6 exploration x 2 "
                                   "= 12), reward 7 x 2 = 14 IP; parade: +10 IP (fame 5 x 2)")
    decide(game, s, 1, log)                              # difficulty 12, laurel 7, wreath 2
    assert finished(s)
    assert ip(s, 0) == 10 + 7 * 2 + 5 * 2
    assert log == [f"P1 completes {label(game, 'M4c')}: 14 IP",
                   "P1 holds a parade: 5 fame x 2 = 10 IP"]


def test_a_mission_cards_resolve_option_counts_the_parade_it_would_pay(game):
    # issue 33 item 9: "up to 14 IP" paid 24 with the parade; the option says the most
    s = board(game, turn=2)
    place_all(s, game, ["ally31", "incompetent-1"], "0.slots.exploration")  # Exploration 6
    place(s, game, "ally25", "0.slots.fame")                                 # Fame 5
    place_all(s, game, ["M1a", "M4c"], "missions")
    place(s, game, "A15", "0.purchased")                                     # sextant 2 laurel 2
    run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A15"})
    assert options(game, s)[0] == f"play {label(game, 'A15')}: up to {7 * 2 + 5 * 2} IP " \
        "with its bonus"


# ------------------------------------------------------------------------ court
def test_court_is_fame_times_multiplier(game):
    s = board(game, turn=2)
    place_all(s, game, ["ally25", "familyB-1"], "0.slots.fame")          # Fame 9
    log = run(game, s, "type:court", {"me": 0, "card": "A08"})          # x2
    assert finished(s)
    assert ip(s, 0) == 28
    assert log == ["P1 holds a party: 9 fame x 2 = 18 IP"]


# ---------------------------------------------------------------- setup and turns
def test_family_servants_placement_order_three_players(game):
    s = game.new_state(players=3, seed=4)
    assert s["roles"] == {"favorite": 0, "suppliant": 2}
    made = advance(game, s, lambda st: st["phase"] != "setup")
    seats = [seat for seat, _, _ in made]
    prompts = [p for _, p, _ in made]
    # first one each from the Favorite clockwise (a choice of tile, then a branch) ...
    assert seats[:6] == [0, 0, 1, 1, 2, 2]
    assert [p.split(": ")[1] for p in prompts[:6:2]] == ["which family servant first?"] * 3
    # ... then the second from the Suppliant counter-clockwise
    assert seats[6:] == [2, 1, 0]
    for p in range(3):
        placed = [c for b in ("fame", "wealth", "exploration", "espionage")
                  for c in s["z"][f"{p}.slots.{b}"]]
        assert sorted(placed) == [f"familyA-{p + 1}", f"familyB-{p + 1}"]
        assert s["z"][f"{p}.family"] == []
    # the fourth family is nobody's: it leaves the game (the box), and neither it nor the
    # box is shown at the table
    assert s["z"]["family_supply"] == []
    assert {"familyA-4", "familyB-4"} <= set(s["z"]["box"])
    shown = view(s, game, 0)["zones"]
    assert shown["family_supply"]["count"] == 0 and "box" not in shown


def test_setup_counters_and_roles_four_players(game):
    s = game.new_state(players=4, seed=2)
    assert [s["pl"][p]["IP"] for p in range(4)] == [10] * 4
    assert s["roles"] == {"favorite": 0, "suppliant": 3}
    assert s["g"]["turn"] == 1
    assert len(s["z"]["mission_track"]) == 5
    assert sorted(game.g.cards[m]["round"] for m in s["z"]["mission_track"]) == [1, 2, 3, 4, 5]
    assert len(s["z"]["box"]) == 10                      # the unused missions


def until_auction(st):
    return st["phase"] == "auction"


@pytest.mark.parametrize("players,market,removed", [
    (3, 7, ["A01", "A02", "A28", "A29", "A30", "A31", "A50", "A51", "A52", "A53"]),
    (4, 9, []),
])
def test_player_count_cards_and_market(game, players, market, removed):
    s = game.new_state(players=players, seed=9)
    boxed = [c for c in s["z"]["box"] if c.startswith("A")]
    assert sorted(boxed) == removed
    advance(game, s, until_auction)
    assert len(s["z"]["market"]) == market
    assert all(game.g.cards[c]["number"] <= 27 for c in s["z"]["market"])
    assert not set(s["z"]["market"]) & set(removed)
    assert len(s["z"]["early_deck"]) == 27 - len([c for c in removed if c <= "A27"]) - market
    assert len(s["z"]["late_deck"]) == 26 - len([c for c in removed if c > "A27"])


@pytest.mark.parametrize("players,first_market", [
    (4, ["A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09"]),
    (3, ["A03", "A04", "A05", "A06", "A07", "A08", "A09"]),
])
def test_balanced_setup(game, players, first_market):
    s = game.new_state(players=players, seed=3, variant="balanced")
    assert s["z"]["mission_track"] == ["M5a", "M4a", "M3a", "M2a", "M1a"]
    advance(game, s, until_auction)
    assert sorted(s["z"]["market"]) == first_market
    assert s["z"]["missions"] == ["M1a"]
    assert s["z"]["mission_track"] == ["M5a", "M4a", "M3a", "M2a"]
    assert len(s["z"]["early_deck"]) == 27 - len(first_market) - (2 if players == 3 else 0)


# ----------------------------------------------------------------------- auctions
def test_no_bid_above_ones_ip_in_the_standard_game(game):
    """The rulebook: "A player may never bid more IPs than they have." Nobody is offered a bid above their
    IP, the opener included; a player who cannot outbid passes without being asked."""
    s = board(game, players=4, turn=1)
    place_all(s, game, ["A03", "A05", "A08"], "market")
    s["roles"] = {"favorite": 0, "suppliant": 3}
    set_counter(s, game, 0, "IP", 6)
    set_counter(s, game, 2, "IP", 4)
    log = run(game, s, "phase:auction", {"me": None})
    decide(game, s, label(game, "A08"), log)
    assert game.prompt(s) == f"P1: auction for {label(game, 'A08')}: no bid yet (you have 6 IP)"
    assert options(game, s) == [f"open at {b}" for b in range(0, 7)]
    decide(game, s, "open at 4", log)
    assert game.prompt(s) == (f"P2: auction for {label(game, 'A08')}: high bid 4 by P1 "
                              "(you have 10 IP)")
    assert options(game, s) == ["pass"] + [f"bid {b}" for b in range(5, 11)]
    decide(game, s, "bid 5", log)
    # P3 holds 4 IP: it cannot outbid 5, and passes unasked
    assert waiting_seat(game, s) == 3
    assert log[-1] == "P3 cannot outbid 5 with 4 IP and passes"
    decide(game, s, "pass", log)
    assert options(game, s) == ["pass", "bid 6"]
    decide(game, s, "pass", log)
    assert s["z"]["1.purchased"] == ["A08"] and ip(s, 1) == 5


def test_random_standard_games_never_offer_an_overbid(game):
    import random
    for seed in range(6):
        s = game.new_state(players=3 + seed % 2, seed=seed)
        bot = random.Random(seed)
        while not game.is_over(s):
            seat = waiting_seat(game, s)
            labels = options(game, s)
            assert not any("penalty" in o for o in labels)
            if game.prompt(s).split(": ")[1].startswith("auction for"):
                held = ip(s, seat)
                assert all(int(o.split()[-1]) <= held for o in labels if o != "pass")
            game.apply(s, seat, bot.randrange(len(labels)))


def variant_board(game, players=4, turn=1, seed=1, **opts):
    s = game.new_state(players=players, seed=seed, options=opts)
    clear_flow(s)
    clear_board(game, s)
    set_turn(s, turn)
    return s


def test_overbid_penalty_variant(game):
    """The NOTE, as a variant (--option overbid_penalty=true): "Should a player bid more IP
    than their total, they will have to pay all the IP in their possession to the bank
    without receiving the card. A new auction is immediately started for the same card."
    The penalised player takes no part in the restarted auction."""
    s = variant_board(game, overbid_penalty=True)
    place_all(s, game, ["A03", "A05", "A10"], "market")
    s["roles"] = {"favorite": 0, "suppliant": 3}
    log = run(game, s, "phase:auction", {"me": None})
    decide(game, s, label(game, "A10"), log)
    assert options(game, s)[-1] == "open at 11 (more than your 10 IP: penalty)"
    decide(game, s, "open at 3", log)
    assert waiting_seat(game, s) == 1
    assert options(game, s) == (["pass"] + [f"bid {b}" for b in range(4, 11)]
                                + ["bid 11 (more than your 10 IP: penalty)"])
    decide(game, s, "bid 11 (more than your 10 IP: penalty)", log)
    assert log[-1] == ("P2 bids 11 with only 10 IP: the penalty - P2 pays all 10 IP, gets "
                       f"nothing, and the auction for {label(game, 'A10')} starts again "
                       "without P2")
    assert ip(s, 1) == 0
    assert [ip(s, p) for p in (0, 2, 3)] == [10, 10, 10]
    assert "A10" in s["z"]["market"]
    assert all(s["z"][f"{p}.purchased"] == [] for p in range(4))
    # the same card, again, from the same opener; P2 is never asked again
    assert waiting_seat(game, s) == 0
    assert game.prompt(s) == f"P1: auction for {label(game, 'A10')}: no bid yet (you have 10 IP)"
    decide(game, s, "open at 2", log)
    assert waiting_seat(game, s) == 2
    decide(game, s, "pass", log)       # P3
    decide(game, s, "pass", log)       # P4
    assert s["z"]["0.purchased"] == ["A10"]
    assert ip(s, 0) == 8
    assert [s["pl"][p]["tokens"] for p in range(4)] == [1, 2, 2, 2]
    assert log[-1] == f"P1 wins the auction: {label(game, 'A10')} for 2 IP (1 auction token left)"


def test_overbid_penalty_variant_punished_opener(game):
    """An opener who overbids is out of the restart: the next player clockwise opens it."""
    s = variant_board(game, players=3, overbid_penalty=True)
    place_all(s, game, ["A03", "A05", "A10"], "market")
    s["roles"] = {"favorite": 0, "suppliant": 2}
    log = run(game, s, "phase:auction", {"me": None})
    decide(game, s, label(game, "A10"), log)
    decide(game, s, "open at 11 (more than your 10 IP: penalty)", log)
    assert ip(s, 0) == 0
    assert waiting_seat(game, s) == 1
    assert options(game, s)[0] == "open at 0"
    decide(game, s, "open at 1", log)
    decide(game, s, "pass", log)       # P3; P1 is not asked
    assert s["z"]["1.purchased"] == ["A10"]


def run_auction_phase(game, players, turn, seed=1):
    """The auction phase on a fresh market; everyone opens at 0 and everyone else passes.
    Returns the state after the phase and the tokens everyone had at its start."""
    s = board(game, players=players, turn=turn, seed=seed)
    size = 9 if players == 4 else 7
    place_all(s, game, [f"A{k:02d}" for k in range(3, 3 + size)], "market")
    s["roles"] = {"favorite": 0, "suppliant": players - 1}
    run(game, s, "phase:auction", {"me": None})
    tokens = [s["pl"][p]["tokens"] for p in range(players)]

    def chooser(st, seat, opts):
        if opts[0] == "pass":
            return "pass"
        return 0                       # the first lot, or "open at 0"
    advance(game, s, finished, chooser)
    return s, tokens


@pytest.mark.parametrize("players", [3, 4])
def test_suppliant_third_token_from_turn_2(game, players):
    s, tokens = run_auction_phase(game, players, turn=1)
    assert tokens == [2] * players
    assert [len(s["z"][f"{p}.purchased"]) for p in range(players)] == [2] * players
    assert len(s["z"]["action_discard"]) == 1            # one card unsold
    assert [s["pl"][p]["tokens"] for p in range(players)] == [0] * players
    s, tokens = run_auction_phase(game, players, turn=2)
    assert tokens == [2] * (players - 1) + [3]
    assert [len(s["z"][f"{p}.purchased"]) for p in range(players)] == [2] * (players - 1) + [3]
    assert s["z"]["action_discard"] == []
    assert s["roles"]["suppliant"] == players - 1      # still the Suppliant after using the pawn
    assert [s["pl"][p]["tokens"] for p in range(players)] == [0] * players


def resolve_three_courts(s, game):
    """P1 bought #8 (x2) then #3 (x1), P2 #10; P1 (Fame 9) is the Suppliant: the plays logged."""
    place_all(s, game, ["ally25", "familyB-1"], "0.slots.fame")          # Fame 9
    place_all(s, game, ["A08", "A03"], "0.purchased")                     # x2 then x1
    place(s, game, "A10", "1.purchased")
    s["roles"] = {"favorite": 1, "suppliant": 0}
    log = run(game, s, "phase:resolution", {"me": None})
    advance(game, s, finished, lambda st, seat, opts: 0, log=log)       # always "play"
    assert ip(s, 0) == 10 + 18 + 9
    return [line for line in log if "plays" in line]


def test_purchase_order_is_resolution_order(game):
    assert resolve_three_courts(board(game, turn=2), game) == [
        "P1 plays #8 Court x2", "P2 plays #10 Court x1", "P1 plays #3 Court x1"]


# --------------------------------------------------------------------- collection
def test_collection_pays_wealth_and_moves_the_roles(game):
    s = board(game, turn=2)
    place(s, game, "ally26", "0.slots.wealth")           # P1: 10 + 5 = 15
    place(s, game, "ally13", "1.slots.wealth")           # P2: 11 + 4 = 15 ...
    place(s, game, "servant-5", "1.slots.fame")          # ... and Fame 2 > 0
    place(s, game, "servant-1", "2.slots.wealth")        # P3: 3 + 2 = 5
    place(s, game, "ally30", "3.slots.wealth")           # P4: 0 + 5 = 5, Wealth 5 > 2
    for p, v in enumerate([10, 11, 3, 0]):
        set_counter(s, game, p, "IP", v)
    log = run(game, s, "phase:collection", {"me": None})
    assert finished(s)
    assert [ip(s, p) for p in range(4)] == [15, 15, 5, 5]
    assert log == ["P1 collects 5 IP (wealth) and has 15", "P2 collects 4 IP (wealth) and has 15",
                   "P3 collects 2 IP (wealth) and has 5", "P4 collects 5 IP (wealth) and has 5",
                   "P2 is the Emperor's Favorite and P3 the Suppliant"]
    # ties broken by Fame, then Wealth
    assert s["roles"] == {"favorite": 1, "suppliant": 2}


def test_collection_tie_down_to_espionage(game):
    s = board(game, turn=2)
    for p in range(4):
        place(s, game, f"servant-{p + 1}", f"{p}.slots.fame")
    place(s, game, "familyB-1", "0.slots.exploration")     # expl 3, esp 0
    place(s, game, "familyB-2", "1.slots.exploration")     # expl 3
    place(s, game, "incompetent-1", "1.slots.espionage")   # esp 1: P2 above P1
    run(game, s, "phase:collection", {"me": None})
    assert [ip(s, p) for p in range(4)] == [10] * 4
    assert s["roles"] == {"favorite": 1, "suppliant": 3}


# ------------------------------------------------------------------ end of the game
def test_five_turns_decks_and_end(game):
    log = Log()
    s = game.new_state(players=4, seed=12, listener=log)
    markets = {}

    def chooser(st, seat, opts):
        if st["phase"] == "auction" and st["g"]["turn"] not in markets:
            markets[st["g"]["turn"]] = list(st["z"]["market"])
        return len(opts) - 1 if opts[-1] == "pass" else 0
    advance(game, s, game.is_over, chooser, log=log)
    assert game.is_over(s)
    reveals = [line for line in log if line.startswith("turn ")]
    assert [line.split(":")[0] for line in reveals] == [f"turn {t}" for t in range(1, 6)]
    assert s["g"]["turn"] == 5 and s["phase"] == "collection"
    assert [game.g.cards[m]["round"] for m in s["z"]["missions"]] == [1, 2, 3, 4, 5]
    assert sorted(markets) == [1, 2, 3, 4, 5]
    for t, cards in markets.items():
        nums = [game.g.cards[c]["number"] for c in cards]
        assert len(nums) == 9
        assert all(n <= 27 for n in nums) if t <= 3 else all(n >= 28 for n in nums)
    res = game.result(s)
    assert res["scores"] == [ip(s, p) for p in range(4)]
    keys = [[ip(s, p)] + [stat(game, s, p, b) for b in ("fame", "wealth", "exploration",
                                                          "espionage")] for p in range(4)]
    assert res["winners"] == [p for p in range(4) if keys[p] == max(keys)]
    assert res["ranking"] == sorted(range(4), key=lambda p: keys[p], reverse=True)


def test_winner_by_ip_then_priority(game):
    s = board(game, turn=5)
    for p, v in enumerate([20, 20, 15, 20]):
        set_counter(s, game, p, "IP", v)
    for p in (0, 1, 3):
        place(s, game, f"familyB-{p + 1}", f"{p}.slots.fame")   # Fame 4 each
    place(s, game, "familyA-4", "3.slots.wealth")               # P4: Wealth 3
    place(s, game, "familyA-1", "0.slots.exploration")          # P1: Exploration 2
    res = game.g.result_fn(VM(game.g, s))
    assert res["scores"] == [20, 20, 15, 20]
    assert res["winners"] == [3] and res["draw"] is False
    assert res["ranking"] == [3, 0, 1, 2]
    # a complete tie: a shared win
    s = board(game, turn=5)
    res = game.g.result_fn(VM(game.g, s))
    assert res["winners"] == [0, 1, 2, 3] and res["draw"] is True


# ------------------------------------------------------------- auction, reserve, servant
def test_auction_raise_pass_out_and_the_pawn_passes_left(game):
    """The Favorite picks and opens; clockwise raise or pass; a passed player is out;
    the last one left pays and takes the card into slot I; the pawn goes left."""
    s = board(game, players=4, turn=1)
    place_all(s, game, ["A03", "A05", "A08"], "market")
    s["roles"] = {"favorite": 1, "suppliant": 0}
    log = run(game, s, "phase:auction", {"me": None})
    assert waiting_seat(game, s) == 1 and game.prompt(s) == "P2: auction which card?"
    decide(game, s, label(game, "A08"), log)
    assert options(game, s)[0] == "open at 0"          # the opener must open, at 0 or more
    decide(game, s, "open at 2", log)
    assert waiting_seat(game, s) == 2                  # then clockwise
    decide(game, s, "bid 4", log)
    decide(game, s, "pass", log)                       # P4 is out of this auction
    assert waiting_seat(game, s) == 0
    decide(game, s, "bid 5", log)
    assert waiting_seat(game, s) == 1                  # P4 is not asked again
    decide(game, s, "pass", log)
    decide(game, s, "pass", log)                       # P3 passes: P1 is the last one left
    assert s["z"]["0.purchased"] == ["A08"]
    assert ip(s, 0) == 5 and [ip(s, p) for p in (1, 2, 3)] == [10, 10, 10]
    assert s["pl"][0]["tokens"] == 1
    # every bid, pass and the result, in words
    assert log == [f"P2 opens the auction for {label(game, 'A08')} at 2 IP", "P3 bids 4 IP",
                   "P4 passes", "P1 bids 5 IP", "P2 passes", "P3 passes",
                   f"P1 wins the auction: {label(game, 'A08')} for 5 IP (1 auction token left)"]
    # the Favorite pawn passed to the left of P2: P3 picks the next card
    assert s["roles"]["favorite"] == 2
    assert waiting_seat(game, s) == 2 and game.prompt(s) == "P3: auction which card?"


def test_players_without_tokens_take_no_part(game):
    s = board(game, players=3, turn=1)
    place_all(s, game, ["A03", "A05", "A08", "A10"], "market")
    s["roles"] = {"favorite": 0, "suppliant": 2}
    run(game, s, "phase:auction", {"me": None})
    s["pl"][1]["tokens"] = 0                           # P2 has spent both tokens
    decide(game, s, label(game, "A03"))
    decide(game, s, "open at 1")
    assert waiting_seat(game, s) == 2                  # P2 is skipped
    decide(game, s, "pass")
    assert s["z"]["0.purchased"] == ["A03"]
    # the pawn goes to P2, who has no token: it passes on to P3
    assert s["roles"]["favorite"] == 2 and waiting_seat(game, s) == 2


def test_reserve_is_played_before_the_market(game):
    s = board(game, players=3, turn=2)
    place_all(s, game, ["ally01", "ally02"], "0.reserve")
    place_all(s, game, ["servant-1", "servant-2"], "0.slots.fame")    # fame is full in turn 2
    s["roles"] = {"favorite": 0, "suppliant": 2}
    run(game, s, "phase:market", {"me": None})
    assert s["z"]["market"] == []                      # nothing revealed yet
    assert game.prompt(s) == "P1: play a tile from the reserve?"
    assert options(game, s) == [label(game, "ally01"), label(game, "ally02"), "keep the reserve"]
    decide(game, s, label(game, "ally02"))
    assert "fame" not in options(game, s)              # the limit applies
    decide(game, s, "espionage")
    assert s["z"]["0.slots.espionage"] == ["ally02"]
    decide(game, s, "keep the reserve")
    assert s["z"]["0.reserve"] == ["ally01"]
    assert len(s["z"]["market"]) == 7                  # then the market (3 players)


def test_discard_for_a_servant(game):
    s = board(game, players=4, turn=1)
    place(s, game, "A03", "0.purchased")               # a court card
    run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A03"})
    supply = len(s["z"]["servant_supply"])
    decide(game, s, "discard for a servant")
    assert s["z"]["action_discard"] == ["A03"]
    assert game.prompt(s) == "P1: where does servant [2/2/2/2] go?"
    assert options(game, s) == ["fame", "wealth", "exploration", "espionage", "reserve"]
    decide(game, s, "wealth")
    assert len(s["z"]["servant_supply"]) == supply - 1
    assert [game.g.cards[t]["type"] for t in s["z"]["0.slots.wealth"]] == ["servant"]
    assert stat(game, s, 0, "wealth") == 2 and ip(s, 0) == 10


# ------------------------------------------------------------- issue 11 readings
def test_theft_from_a_player_without_ip_takes_nothing_from_the_bank(game):
    """Theft: "When you successfully steal, you also collect your espionage value times the
    value on the Chest in IPs from the bank." Nothing stolen: nothing from the bank."""
    s = theft_position(game)
    set_counter(s, game, 1, "IP", 0)
    log = run(game, s, "type:theft", {"me": 0, "card": "A44"})      # chest x3
    decide(game, s, "rob P2 (0 IP): take 0, bank 0", log)
    assert finished(s)
    assert (ip(s, 0), ip(s, 1)) == (10, 0)
    assert log == ["P1 robs P2, who has no IP: nothing is stolen, so nothing comes from the bank"]


def suppliant_auction(game, favorite):
    """Turn 2, 3 players: P3 is the Suppliant and has won two auctions (only the pawn left)."""
    s = board(game, players=3, turn=2)
    place_all(s, game, ["A03", "A05", "A08", "A10"], "market")
    s["roles"] = {"favorite": favorite, "suppliant": 2}
    log = run(game, s, "phase:auction", {"me": None})
    s["pl"][2]["tokens"] = 1
    return s, log


def test_suppliant_may_stay_out_instead_of_a_third_auction(game):
    """"Starting from the second turn the Supplicant can use the supplicant pawn as a third
    additional auction token": can, not must. Holding only the pawn when the Favorite pawn
    reaches them, the Suppliant may stay out for the rest of the turn."""
    s, log = suppliant_auction(game, favorite=1)
    s["pl"][0]["tokens"] = 0
    decide(game, s, label(game, "A03"), log)             # P2 opens
    decide(game, s, "open at 0", log)
    decide(game, s, "pass", log)                         # P3 passes; P2 wins
    # the pawn passes left to P3, the Suppliant, who holds only the pawn
    assert waiting_seat(game, s) == 2
    assert game.prompt(s) == ("P3: you have won 2 auctions; open a third with the "
                              "Suppliant pawn?")
    assert options(game, s) == ["use the Suppliant pawn for a third auction",
                                "stay out of the auctions this turn"]
    decide(game, s, "stay out of the auctions this turn", log)
    assert s["pl"][2]["tokens"] == 0
    assert "P3 does not use the Suppliant pawn and stays out of the auctions this turn" in log
    # P2, the only one with a token left, opens the next auction
    assert waiting_seat(game, s) == 1 and game.prompt(s) == "P2: auction which card?"
    decide(game, s, label(game, "A05"), log)
    decide(game, s, "open at 0", log)                    # nobody else takes part
    assert finished(s)
    assert s["z"]["2.purchased"] == []
    assert log[-1] == "2 unsold cards are discarded"
    assert s["roles"]["suppliant"] == 2


def test_suppliant_may_use_the_pawn(game):
    s, log = suppliant_auction(game, favorite=1)
    decide(game, s, label(game, "A03"), log)             # P2 opens, P3 and P1 pass
    decide(game, s, "open at 0", log)
    decide(game, s, "pass", log)
    decide(game, s, "pass", log)
    decide(game, s, "use the Suppliant pawn for a third auction", log)
    assert game.prompt(s) == "P3: auction which card?"
    decide(game, s, label(game, "A08"), log)
    decide(game, s, "open at 1", log)
    decide(game, s, "pass", log)
    decide(game, s, "pass", log)
    assert s["z"]["2.purchased"] == ["A08"] and s["pl"][2]["tokens"] == 0


def test_resolution_one_card_each_in_turn_is_the_standard_reading(game):
    """"Starting with the Supplicant, each player in clockwise order resolves their Action
    cards and discards them. Continue until all cards ... have been used." and Veronica:
    "When it is time for her to resolve her second Action card". Standard reading: one card
    each, in turn (test_purchase_order_is_resolution_order); the variant
    --option resolution_by_player=true: each player resolves all their cards in one go."""
    s = variant_board(game, turn=2, resolution_by_player=True)
    assert resolve_three_courts(s, game) == [
        "P1 plays #8 Court x2", "P1 plays #3 Court x1", "P2 plays #10 Court x1"]


def test_pillage_and_empty_supplies_are_logged(game):
    s = board(game, turn=2)
    place_all(s, game, ["familyA-1", "servant-1"], "0.slots.espionage")   # Espionage 6
    set_counter(s, game, 1, "IP", 4)
    log = run(game, s, "type:mission", {"me": 0, "card": "M1c"})         # pillage
    decide(game, s, "P2", log)
    assert log == ["P1 pillages P2: 4 IP (espionage 6, P2 had 4)"]
    # no servant left: the discard gives nothing, and says so
    place_all(s, game, zone(s, "servant_supply"), "box")
    place(s, game, "A03", "0.purchased")
    log = run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A03"})
    decide(game, s, "discard for a servant", log)
    assert finished(s)
    assert log == ["P1 discards #3 Court x1 for a servant",
                   "no servant is left in the supply: P1 gets nothing"]
    # no incompetent replacement left
    s = corruption_position(game)
    place_all(s, game, zone(s, "incompetent_supply"), "box")
    log = run(game, s, "type:assassination", {"me": 0, "card": "A09"})
    decide(game, s, label(game, "ally07"), log)
    assert finished(s)
    assert log[-1] == "no incompetent replacement is left for P2"


# ------------------------------------------------------------- at the table (issue 25)
def test_each_resolve_option_says_what_it_earns(game):
    # "Court: you gain IPs equal to your Fame multiplied by the value on the card": the option
    # says the IP before it is chosen
    s = board(game, turn=2)
    place_all(s, game, ["ally25", "familyB-1"], "0.slots.fame")          # Fame 9
    place(s, game, "A08", "0.purchased")                                 # Court x2
    run(game, s, "proc:resolve_action", {"me": 0, "p": 0, "c": "A08"})
    assert options(game, s) == ["play #8 Court x2: +18 IP (fame 9 x 2)", "discard for a servant"]
    log = Log()
    decide(game, s, 0, log)
    assert ip(s, 0) == 10 + 18                                           # what it said


def test_treachery_targets_say_the_ally_and_the_theft(game):
    s = theft_position(game)
    place(s, game, "ally25", "1.slots.fame")                             # P2 has an ally
    place(s, game, "ally07", "ally_bag")                                 # P4 has none:
    place(s, game, "servant-2", "3.slots.wealth")                        # a servant, Wealth 2
    log = run(game, s, "type:treachery", {"me": 0, "card": "A48"})       # chest x2
    assert game.prompt(s) == "P1: betray whom?"
    opts = options(game, s)
    assert opts[0] == "betray P2 (6 IP): take an ally, take 6, bank 10"
    assert opts[1] == "betray P4 (10 IP): take 10, bank 10"          # P4 has no ally


def test_no_favorite_is_announced_after_the_last_turn(game):
    # Collection Phase: "Give the Emperor's Favorite wooden pawn to the player who has the
    # most IPs ... The turn is now complete and you can begin the next turn" - after turn 5
    # there is no next turn, so no announcement
    for turn, said in ((4, True), (5, False)):
        s = board(game, turn=turn)
        log = run(game, s, "phase:collection", {"me": None})
        assert any("Emperor's Favorite" in line for line in log) is said


# ------------------------------------------------------------- the greedy bot (issue 25)
def test_the_standing_bid_is_public_while_the_auction_runs(game):
    # "All other players, in clockwise order may make higher bids or pass": every bid is
    # said at the table; the game value `auction` holds the standing one (for the bots'
    # evaluation), none before the first bid and after the auction
    s = board(game, players=4, turn=1)
    place_all(s, game, ["A03", "A05", "A08"], "market")
    s["roles"] = {"favorite": 1, "suppliant": 0}
    run(game, s, "phase:auction", {"me": None})
    decide(game, s, label(game, "A08"))
    assert s["v"]["auction"] is None
    decide(game, s, "open at 2")
    assert s["v"]["auction"] == {"lot": "A08", "high": 2, "leader": 1}
    decide(game, s, "bid 4")
    assert s["v"]["auction"] == {"lot": "A08", "high": 4, "leader": 2}
    for _ in range(3):
        decide(game, s, "pass")
    assert s["z"]["2.purchased"] == ["A08"] and s["v"]["auction"] is None


def test_greedy_does_not_pay_for_a_theft_it_could_never_play(game):
    # Intrigue: "you can only target a player whose Wealth is lower than your Espionage" -
    # with Espionage 0 a Theft can only be discarded for a servant: greedy bids at most 1 IP
    # for it (it used to bid at random, 9 of its 10 IP at the table)
    from interpreter.bots import make_bot
    for seed in range(6):
        s = board(game, players=3, turn=1, seed=seed)
        place_all(s, game, ["A04", "A08"], "market")                      # a Theft, a Court
        place_all(s, game, ["ally25"], "0.slots.fame")                     # Fame 5, Esp 0
        s["roles"] = {"favorite": 1, "suppliant": 0}
        run(game, s, "phase:auction", {"me": None})
        decide(game, s, label(game, "A04"))                                # P2 offers the Theft
        decide(game, s, "open at 2")
        bot = make_bot("greedy", game, seed)
        assert waiting_seat(game, s) == 2
        decide(game, s, "pass")
        assert waiting_seat(game, s) == 0
        choice = options(game, s)[bot.choose(game, s, 0)]
        assert choice == "pass", choice


def test_a_standing_value_the_game_does_not_declare_is_a_clear_error():
    import pytest as _pytest
    from interpreter.errors import GameError
    from interpreter.runtime.game import Game
    game = Game.load("metras")
    s = board(game, players=4, turn=1)
    place_all(s, game, ["A03", "A08"], "market")
    s["roles"] = {"favorite": 1, "suppliant": 0}
    game.g.game_values.pop("auction")               # as if the YAML declared no such value
    run(game, s, "phase:auction", {"me": None})
    with _pytest.raises(GameError, match="standing='auction' names no game value"):
        decide(game, s, label(game, "A08"))
        decide(game, s, "open at 2")
