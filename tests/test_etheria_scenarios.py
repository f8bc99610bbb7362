"""Etheria: every rule of the rulebook as a scenario (gamedefs/etheria/README.md maps them).

Positions are set up by hand (factions, hands, nobles), then one rule runs:
"proc:bidding" (locals p, lot), "proc:trade" (h), "proc:start_of_turn" (p), ...
Seats: P1 = 0 ... P4 = 3. Factions are fixed per test: P1 dragons, P2 deepwoods,
P3 nomads, P4 dicathen.
"""
from __future__ import annotations

import pytest

from interpreter.errors import IllegalMove
from interpreter.present.views import view
from interpreter.runtime.redaction import may_read
from scenario import Log, clear_flow, evaluate, fresh, load, place, run, zone

FACTIONS = ["dragons", "deepwoods", "nomads", "dicathen"]
# the chips as a player reads them (the rulebook's Trading Phase, 3-5)
CHIPS = ["green - trust: if both show green the nobles are swapped; if the other shows red, "
         "they take both",
         "red - betray: if the other shows green you keep yours and take theirs; if both show "
         "red both nobles are discarded"]
TESSIA = ("Active, once per game: all other players lose 1 Duke each (not Special Dukes); "
          "Tessia dies as well, unless you also hold Nico Sever.")


@pytest.fixture(scope="module")
def game():
    return load("etheria")


def table(game, players=4, seed=1, variant=None):
    """A state with nothing running: hands empty, factions P1 dragons, P2 deepwoods..."""
    s = fresh(game, players=players, seed=seed, variant=variant)
    clear_flow(s)
    for c in list(s["loc"]):
        if s["loc"][c][0].isdigit():
            place(s, game, c, game.g.card_start[c])
    for p in range(players):
        place(s, game, f"faction-{FACTIONS[p]}", f"{p}.faction")
    s["roles"]["current"] = 0
    return s


def hand(game, s, seat, *cards):
    for c in cards:
        place(s, game, c, f"{seat}.hand")


def nobles(game, s, seat, *cards):
    for c in cards:
        place(s, game, c, f"{seat}.nobles.ready")


def cards_of(option: str) -> str:
    """A bid option's cards: "6 points: 2 Red x2 + 2 Green x1" -> "2 Red + 2 Green"."""
    cards = option.split(": ", 1)[-1]
    return " + ".join(part.rsplit(" x", 1)[0] for part in cards.split(" + ")
                      if " from " not in part)


def bid(game, s, answers: dict, log=None):
    """Answer a pending simultaneous choice: {seat: label}; a bid may be named by its cards
    alone ("2 Red"), in any order of colours."""
    assert sorted(game.waiting(s)) == sorted(answers)
    for seat, label in answers.items():
        opts = game.options(s, seat)
        if label in ("green", "red"):
            label = next(o for o in opts if o.startswith(label + " - "))
        if label not in opts:
            want = sorted(label.split(" + "))
            label = next(o for o in opts if sorted(cards_of(o).split(" + ")) == want)
        game.apply_label(s, seat, label, listener=log)


def read_by(log, seat):
    """The log lines a seat may read (a private line only by its audience)."""
    return [x for x in log if may_read(x, seat)]


def points(game, s, cards, noble, seat=0):
    return evaluate(game, s, "bid_points(b, n, p)", types={"b": "list:card", "n": "card"},
                    b=list(cards), n=noble, p=seat)


# ------------------------------------------------------------------ bid points
def test_bid_points_required_colour_counts_one_more(game):
    s = table(game)
    # Mei Lin wants Red: a Red card counts 2, Green and Yellow 1
    assert points(game, s, ["red-1"], "mei-lin") == 2
    assert points(game, s, ["green-1", "yellow-1"], "mei-lin") == 2
    assert points(game, s, ["red-1", "red-2", "green-1"], "mei-lin") == 5


def test_rainbow_counts_two_or_three_when_required(game):
    s = table(game)
    assert points(game, s, ["rainbow-1"], "mei-lin") == 2        # Red noble
    assert points(game, s, ["rainbow-1"], "tessia") == 3         # Rainbow noble
    assert points(game, s, ["rainbow-1", "rainbow-2", "red-1"], "tessia") == 7


def test_only_bids_meeting_the_minimum_are_offered(game):
    s = table(game)
    hand(game, s, 0, "red-1", "rainbow-1", "green-1")
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "mei-lin"})   # Red, minimum 4
    # Red 2 + Rainbow 2 = 4 and + Green = 5 qualify; Red + Green = 3 does not
    assert game.options(s, 0) == ["4 points: 1 Rainbow x2 + 1 Red x2",
                                  "5 points: 1 Green x1 + 1 Rainbow x2 + 1 Red x2", "abstain"]
    with pytest.raises(IllegalMove, match="not a legal option"):
        game.apply_label(s, 0, "1 Green + 1 Red")
    assert game.options(s, 1) == ["abstain"]                      # an empty hand can only abstain


# ------------------------------------------------------------------ bidding
def test_highest_bid_wins_the_winner_pays_and_others_draw_or_discard(game):
    s = table(game)
    hand(game, s, 0, "red-1", "red-2", "green-1")        # bids 2 Red = 4
    hand(game, s, 1, "red-3", "red-4", "red-5", "yellow-1")   # bids 3 Red = 6
    hand(game, s, 2, "green-2", "green-3", "green-4", "green-5", "yellow-2")
    log = Log()
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "mei-lin"}, listener=log)
    bid(game, s, {0: "2 Red", 1: "3 Red", 2: "4 Green", 3: "abstain"}, log)
    assert "P2 bids 3 Red: 6 points" in log and "P2 wins Mei Lin [Marquess of the Eastern Dragon Dynasty, Red, minimum 4]" in log
    assert zone(s, "1.nobles.ready") == ["mei-lin"]
    assert zone(s, "1.hand") == ["yellow-1"]                 # the winning bid is discarded
    assert {"red-3", "red-4", "red-5"} <= set(zone(s, "resource_discard"))
    # losing bidders of a marquess discard 1 card (their choice of colour)
    assert game.waiting(s) == [0]
    assert game.options(s, 0) == ["Green", "Red"]
    game.apply_label(s, 0, "Green")
    assert sorted(zone(s, "0.hand")) == ["red-1", "red-2"]
    assert game.waiting(s) == [2]                            # P3 has one colour: asked anyway
    game.apply_label(s, 2, "Green")
    assert len(zone(s, "2.hand")) == 4
    assert len(zone(s, "3.hand")) == 1                       # the abstainer drew 1


def test_losers_of_a_duke_or_hero_discard_two(game):
    for lot in ("lan-wei", "tessia", "nico"):          # a duke, a hero, a special duke
        s = table(game)
        hand(game, s, 0, "rainbow-1", "rainbow-2", "rainbow-3", "rainbow-4")
        hand(game, s, 1, "rainbow-5", "rainbow-6", "rainbow-7", "red-1", "red-2")
        run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": lot})
        # Nico (Red, minimum 7): 3 Rainbow + 1 Red = 8 ties P1's 8, and P1 has the turn
        second = "3 Rainbow + 1 Red" if lot == "nico" else "3 Rainbow"
        bid(game, s, {0: "4 Rainbow", 1: second, 2: "abstain", 3: "abstain"})
        assert zone(s, "0.nobles.ready") == [lot]
        assert game.waiting(s) == [1]
        while game.waiting(s) == [1]:
            game.apply(s, 1, 0)
        assert len(zone(s, "1.hand")) == 5 - 2


def test_ties_go_to_the_current_player_then_clockwise(game):
    s = table(game)
    s["roles"]["current"] = 2
    for seat in range(4):
        hand(game, s, seat, f"red-{seat + 1}", f"green-{seat + 1}")
    log = Log()
    # P3 (seat 2) draws; P4 and P2 tie at 3 points: P4 comes first clockwise from P3
    run(game, s, "proc:bidding", {"me": 2, "p": 2, "lot": "tobin"}, listener=log)   # Red, min 3
    bid(game, s, {0: "abstain", 1: "1 Green + 1 Red", 2: "abstain", 3: "1 Green + 1 Red"}, log)
    assert "P4 wins Tobin Ash [Marquess of the Dicathen Union, Red, minimum 3]" in log
    # the current player wins a tie
    s = table(game)
    for seat in range(4):
        hand(game, s, seat, f"red-{seat + 1}", f"green-{seat + 1}")
    log = Log()
    run(game, s, "proc:bidding", {"me": 2, "p": 2, "lot": "tobin"}, listener=log)
    bid(game, s, {0: "1 Green + 1 Red", 1: "1 Green + 1 Red", 2: "1 Green + 1 Red",
                  3: "1 Green + 1 Red"}, log)
    assert "P3 wins Tobin Ash [Marquess of the Dicathen Union, Red, minimum 3]" in log


def test_nobody_bids_the_noble_leaves_the_game(game):
    s = table(game)
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "tobin"})
    bid(game, s, {p: "abstain" for p in range(4)})
    assert zone(s, "graveyard") == ["tobin"]
    assert all(len(zone(s, f"{p}.hand")) == 1 for p in range(4))


# ------------------------------------------------------------------ trades
def trade_setup(game):
    s = table(game)
    nobles(game, s, 0, "lan-wei", "tessia")     # a duke and a hero
    nobles(game, s, 1, "rowan", "elowen")       # a duke and a hero
    log = Log()
    run(game, s, "proc:trade", {"me": 0, "h": 0}, listener=log)
    # the only possible trade (dukes) needs no question; both chips are asked at once
    assert sorted(game.waiting(s)) == [0, 1]
    assert game.options(s, 0) == game.options(s, 1) == CHIPS
    return s, log


@pytest.mark.parametrize("chips,p1,p2,dead", [
    (("green", "green"), ["tessia", "rowan"], ["elowen", "lan-wei"], []),
    (("red", "green"), ["lan-wei", "tessia", "rowan"], ["elowen"], []),
    (("green", "red"), ["tessia"], ["rowan", "elowen", "lan-wei"], []),
    (("red", "red"), ["tessia"], ["elowen"], ["lan-wei", "rowan"]),
])
def test_trade_outcomes(game, chips, p1, p2, dead):
    s, log = trade_setup(game)
    bid(game, s, {0: chips[0], 1: chips[1]}, log)
    assert sorted(zone(s, "0.nobles.ready")) == sorted(p1)
    assert sorted(zone(s, "1.nobles.ready")) == sorted(p2)
    assert zone(s, "graveyard") == dead
    assert f"chips: P1 {chips[0]}, P2 {chips[1]}" in log


def test_faction_heroes_cannot_be_traded(game):
    s = table(game)
    nobles(game, s, 0, "tessia", "lan-wei", "mei-lin")
    nobles(game, s, 1, "elowen", "rowan")
    assert evaluate(game, s, "trade_offers(p, q)", types={"q": "player"}, p=0, q=1) == ["lan-wei"]
    assert "elowen" not in evaluate(game, s, "tradeable(p)", p=1)
    s = table(game)
    nobles(game, s, 0, "tessia")
    nobles(game, s, 1, "elowen")
    assert evaluate(game, s, "can_trade(p)", p=0) is False
    # a mandate drawn with no possible trade is kept for later, without a question
    place(s, game, "mandate-1", "event_deck")
    log = Log()
    run(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=log)
    assert zone(s, "0.mandates") == ["mandate-1"] and "P1 keeps the trade mandate" in log


def test_kept_mandate_is_used_at_the_start_of_the_holders_turn(game):
    s = table(game)
    place(s, game, "mandate-2", "0.mandates")
    nobles(game, s, 0, "mei-lin")
    nobles(game, s, 1, "ivy")
    run(game, s, "proc:start_of_turn", {"me": 0, "p": 0})
    assert game.options(s, 0) == ["use a trade mandate", "keep it"]
    game.apply_label(s, 0, "use a trade mandate")
    assert zone(s, "0.mandates") == [] and "mandate-2" in zone(s, "event_discard")
    bid(game, s, {0: "green", 1: "green"})
    assert zone(s, "0.nobles.ready") == ["ivy"] and zone(s, "1.nobles.ready") == ["mei-lin"]


# ------------------------------------------------------------------ abilities
def tessia_table(game, with_nico):
    s = table(game)
    nobles(game, s, 0, "tessia", *(["nico"] if with_nico else []))
    nobles(game, s, 1, "shen-hao", "temur")          # a duke and a special duke
    nobles(game, s, 2, "rowan", "fenwick")           # two dukes: P3 chooses
    nobles(game, s, 3, "cassia")                     # only a special duke
    log = Log()
    run(game, s, "proc:start_of_turn", {"me": 0, "p": 0}, listener=log)
    use = "use Tessia Cecil: " + TESSIA
    assert game.options(s, 0) == [use, "use no ability now"]
    game.apply_label(s, 0, use, listener=log)
    assert f"P1 uses the ability of Tessia Cecil: {TESSIA}" in log
    assert game.waiting(s) == [2]
    game.apply_label(s, 2, "Fenwick Oak [Duke of the Deepwoods Republic, Red, minimum 5]", listener=log)
    return s, log


def test_tessia_kills_one_duke_of_every_other_player_and_dies(game):
    s, log = tessia_table(game, with_nico=False)
    assert zone(s, "1.nobles.ready") == ["temur"]            # special dukes are spared
    assert zone(s, "2.nobles.ready") == ["rowan"]
    assert zone(s, "3.nobles.ready") == ["cassia"]
    assert sorted(zone(s, "graveyard")) == ["fenwick", "shen-hao", "tessia"]
    assert "Tessia dies as well" in log


def test_tessia_paired_with_nico_survives(game):
    s, log = tessia_table(game, with_nico=True)
    assert sorted(zone(s, "graveyard")) == ["fenwick", "shen-hao"]
    assert zone(s, "0.nobles.used") == ["tessia"]            # her ability is spent
    assert "paired with Nico, Tessia survives" in log
    run(game, s, "proc:start_of_turn", {"me": 0, "p": 0})
    assert game.waiting(s) == [] and s["pending"] is None    # no second use


def test_passive_bid_bonus_and_abstain_trigger(game):
    s = table(game)
    nobles(game, s, 0, "khasar")                              # bids count 1 more
    assert points(game, s, ["green-1"], "mei-lin", seat=0) == 2
    nobles(game, s, 1, "elowen")                              # abstaining draws 1 more
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "tobin"})
    bid(game, s, {p: "abstain" for p in range(4)})
    assert len(zone(s, "1.hand")) == 2 and len(zone(s, "0.hand")) == 1


def test_pair_ability_acts_at_the_start_of_turn_only_when_paired(game):
    s = table(game)
    nobles(game, s, 0, "temur")
    run(game, s, "proc:start_of_turn", {"me": 0, "p": 0})
    assert zone(s, "0.hand") == []
    nobles(game, s, 0, "batu")
    run(game, s, "proc:start_of_turn", {"me": 0, "p": 0})
    assert len(zone(s, "0.hand")) == 1


# ------------------------------------------------------------------ events
def test_faction_event_hits_only_that_faction(game):
    s = table(game)
    for seat in range(4):
        hand(game, s, seat, f"red-{seat + 1}", f"green-{seat + 1}", f"yellow-{seat + 1}")
    place(s, game, "ev-nomads-bane", "event_deck")
    run(game, s, "proc:event_phase", {"me": 0, "p": 0})
    assert game.waiting(s) == [2]                      # P3 leads the Western Nomads
    game.apply_label(s, 2, "Red")
    game.apply_label(s, 2, "Yellow")
    assert [len(zone(s, f"{p}.hand")) for p in range(4)] == [3, 3, 1, 3]


# ------------------------------------------------------------------ hand and decks
def test_hand_limit_player_chooses_the_discards(game):
    s = table(game)
    hand(game, s, 0, *[f"red-{i}" for i in range(1, 9)], "green-1", "green-2", "yellow-1",
         "rainbow-1")
    run(game, s, "proc:enforce_hand_limit", {"me": 0, "p": 0})
    assert game.options(s, 0) == ["Green", "Rainbow", "Red", "Yellow"]
    game.apply_label(s, 0, "Green")
    game.apply_label(s, 0, "Yellow")
    assert len(zone(s, "0.hand")) == 10 and sorted(zone(s, "resource_discard")) == ["green-1",
                                                                                  "yellow-1"]


def test_empty_resource_deck_is_refilled_from_the_shuffled_discards(game):
    s = table(game)
    deck = zone(s, "resources")
    for c in deck[5:]:
        place(s, game, c, "resource_discard")
    for c in deck[:5]:
        place(s, game, c, "0.hand")
    assert zone(s, "resources") == []
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "tobin"})
    bid(game, s, {0: "abstain", 1: "abstain", 2: "abstain", 3: "abstain"})
    assert all(len(zone(s, f"{p}.hand")) == 1 for p in (1, 2, 3))
    assert len(zone(s, "resources")) == len(deck) - 5 - 4 and zone(s, "resource_discard") == []


# ------------------------------------------------------------------ end and scoring
def test_all_six_nobles_of_ones_faction_win_at_once(game):
    s = table(game)
    nobles(game, s, 0, "tessia", "nico", "lan-wei", "shen-hao", "mei-lin")
    nobles(game, s, 1, "elowen", "bramble", "rowan", "fenwick", "ivy")     # five of six
    hand(game, s, 0, "red-1", "red-2", "red-3")
    log = Log()
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "jun-tao"}, listener=log)
    bid(game, s, {0: "3 Red", 1: "abstain", 2: "abstain", 3: "abstain"}, log)
    assert game.is_over(s)
    assert "P1 holds all 6 nobles of the Eastern Dragon Dynasty faction and wins at once" in log
    assert game.result(s)["winners"] == [0]
    assert zone(s, "noble_deck")                      # before the deck is exhausted


def test_scoring_noble_points_and_faction_bonus(game):
    s = table(game)
    nobles(game, s, 0, "tessia", "lan-wei", "elowen", "rowan")
    # own Rainbow hero 2+1, own duke 1+1, foreign Rainbow hero 2, foreign duke 1
    assert evaluate(game, s, "final_score(p)", p=0) == 3 + 2 + 2 + 1


def test_scoring_four_marquesses_give_four_more(game):
    s = table(game)
    nobles(game, s, 0, "ivy", "alder", "sarnai")               # three foreign marquesses
    assert evaluate(game, s, "final_score(p)", p=0) == 3
    nobles(game, s, 0, "yesui")
    assert evaluate(game, s, "final_score(p)", p=0) == 4 + 4


def test_scoring_five_nobles_of_ones_faction_give_one_more(game):
    s = table(game)
    nobles(game, s, 0, "nico", "lan-wei", "shen-hao", "mei-lin")
    assert evaluate(game, s, "final_score(p)", p=0) == 4 * 2
    nobles(game, s, 0, "jun-tao")
    assert evaluate(game, s, "final_score(p)", p=0) == 5 * 2 + 1


def test_the_game_ends_when_the_noble_deck_is_exhausted_and_ties_are_broken(game):
    s = table(game)
    nobles(game, s, 0, "lan-wei", "rowan")               # 2 + 1 = 3 points, 1 own noble
    nobles(game, s, 1, "orkhan", "hollis", "batu")        # 1 + 1 + 1 = 3 points, 0 own
    for c in zone(s, "noble_deck"):
        place(s, game, c, "graveyard")
    s["stack"] = [{"p": "phase:turns", "pc": 0, "l": {"me": None}, "r": None}]
    s["g"]["round"] = 1
    from interpreter.runtime.vm import VM
    VM(game.g, s).run()
    r = game.result(s)
    assert game.is_over(s) and r["scores"][:2] == [3, 3]
    assert r["winners"] == [0] and r["ranking"][:2] == [0, 1]   # more nobles of one's faction


# ------------------------------------------------------------------ simultaneity and views
def public(v):
    """A view without who is still deciding and how many answers were given: that a sealed
    bid lies on the table is public, what it is is not."""
    return {k: x for k, x in v.items() if k not in ("waiting", "decisions")}


def test_no_seat_sees_or_depends_on_another_seats_pending_bid(game):
    s = table(game)
    for seat in range(4):
        hand(game, s, seat, f"red-{seat + 1}", f"rainbow-{seat + 1}", f"green-{seat + 1}")
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "mei-lin"})
    before = {p: (game.options(s, p), view(game, s, p)) for p in range(4)}
    for answered, label in enumerate(["4 points: 1 Rainbow x2 + 1 Red x2", "abstain",
                                      "5 points: 1 Green x1 + 1 Rainbow x2 + 1 Red x2"]):
        game.apply_label(s, answered, label)
        for p in range(answered + 1, 4):
            options, seen = before[p]
            assert game.options(s, p) == options
            assert public(view(game, s, p)) == public(seen)
    spectator = view(game, s, None)
    assert "1 Rainbow x2 + 1 Red" not in str(spectator)


def test_chips_are_secret_until_both_are_shown(game):
    s, log = trade_setup(game)
    seen = view(game, s, 1)
    game.apply_label(s, 0, CHIPS[1], listener=log)
    assert game.options(s, 1) == CHIPS
    assert public(view(game, s, 1)) == public(seen)
    assert not any(line.startswith("chips") for line in log)


def test_views_hide_hands_and_show_factions_nobles_and_mandates(game):
    s = table(game)
    hand(game, s, 1, "rainbow-1")
    nobles(game, s, 1, "ivy")
    place(s, game, "mandate-1", "1.mandates")
    mine, theirs = view(game, s, 1), view(game, s, 0)
    assert mine["seats"][1]["zones"]["hand"]["cards"] == ["Rainbow"]
    assert "cards" not in theirs["seats"][1]["zones"]["hand"]
    assert theirs["seats"][1]["zones"]["hand"]["count"] == 1
    for z, shown in (("faction", "Deepwoods Republic"), ("nobles.ready", "Ivy Moss"),
                     ("mandates", "Trade Mandate")):
        assert shown in theirs["seats"][1]["zones"][z]["cards"][0]
    assert theirs["seats"][1]["stats"] == {"score": 2, "own": 1}


# ------------------------------------------------------------------ setup and rounds
def test_setup_deals_factions_face_up_and_six_resource_cards(game):
    s = fresh(game, players=3, seed=1)   # a seed whose setup gives no seat extra cards
    assert all(len(zone(s, f"{p}.faction")) == 1 for p in range(3))
    assert all(len(zone(s, f"{p}.hand")) == 6 for p in range(3))
    assert len(zone(s, "faction_deck")) == 1                  # one faction is not in play
    assert s["roles"]["first_player"] == 0 and sorted(game.waiting(s)) == [0, 1, 2]
    assert len(zone(s, "noble_deck")) == 24 + 12 - 1          # P1 drew the first card
    v = view(game, s, 2)
    assert all("cards" in seat["zones"]["faction"] for seat in v["seats"])


def test_every_round_after_the_first_everyone_draws_three(game):
    s = table(game)
    for c in zone(s, "noble_deck"):
        place(s, game, c, "graveyard")
    for rnd, drawn in ((1, 0), (2, 3)):
        s["stack"] = [{"p": "phase:turns", "pc": 0, "l": {"me": None}, "r": None}]
        s["g"]["round"] = rnd
        s["over"] = False
        from interpreter.runtime.vm import VM
        VM(game.g, s).run()
        assert [len(zone(s, f"{p}.hand")) for p in range(4)] == [drawn] * 4


# ------------------------------------------------------------------ at the table
def test_bid_options_show_their_points_for_the_noble_sorted(game):
    # "Red, green, yellow cards: 1 point, or 2 if required (shown on the card). Rainbow
    # cards: 2 points, or 3 if required": each bid is shown with what it is worth for the
    # noble on offer, the required colour counted, fewest points first
    s = table(game)
    hand(game, s, 0, "red-1", "red-2", "green-1", "rainbow-1")
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "lan-wei"})   # Green, minimum 6
    assert game.options(s, 0) == [
        "6 points: 1 Green x2 + 1 Rainbow x2 + 2 Red x1",
        "abstain"]
    s = table(game)
    hand(game, s, 0, "red-1", "red-2", "green-1", "rainbow-1")
    nobles(game, s, 0, "khasar")                                   # bids count 1 more
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "mei-lin"})   # Red, minimum 4
    opts = game.options(s, 0)
    # equal points and cards keep bundles()'s order (colours alphabetical: Rainbow before Red)
    assert opts[:2] == ["4 points: 1 Green x1 + 1 Rainbow x2 + 1 from Khasar Windrider",
                        "4 points: 1 Green x1 + 1 Red x2 + 1 from Khasar Windrider"]
    assert opts[-2] == "8 points: 1 Green x1 + 1 Rainbow x2 + 2 Red x2 + 1 from Khasar Windrider"
    values = [int(o.split()[0]) for o in opts[:-1]]
    assert values == sorted(values) and opts[-1] == "abstain"


def test_a_nobles_ability_is_shown_when_offered_and_when_it_acts(game):
    s = table(game)
    hand(game, s, 1, "green-1", "green-2")
    log = Log()
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "ivy"}, listener=log)
    text = "Passive: when you win a bid, draw 1 resource card."
    assert log[0] == ("P1 reveals Ivy Moss [Marquess of the Deepwoods Republic, Green, "
                      f"minimum 4]: sealed bids of at least 4 points - ability: {text}")
    assert text in game.prompt(s)
    bid(game, s, {0: "abstain", 1: "2 Green", 2: "abstain", 3: "abstain"}, log)
    place(s, game, "green-3", "1.hand")
    log.clear()
    run(game, s, "proc:trigger", {"me": 1, "p": 1, "moment": "won_bid"}, listener=log)
    drawn = log[1].split(" draws ")[1]                # the card drawn, read by P2 alone
    assert read_by(log, 1) == [f"Ivy Moss acts for P2: {text}", f"P2 draws {drawn}"]
    assert read_by(log, 0) == [f"Ivy Moss acts for P2: {text}", "P2 draws 1 resource card"]


def test_an_event_is_shown_with_its_text_when_drawn(game):
    # "The event deck contains cards with both positive and negative outcomes for specific
    # factions, all factions, and the current player": the card says which
    s = table(game)
    place(s, game, "ev-market", "event_deck")
    log = Log()
    run(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=log)
    assert log[0] == "P1 draws the event Market Day: Every player draws 1 resource card."
    assert "P2 draws 1 resource card" in log                     # not "card(s)"


def test_chip_prompts_say_what_each_chip_does(game):
    # Trading Phase 3-5: green-green swaps, red-green red takes both, red-red both discarded
    s, log = trade_setup(game)
    assert game.options(s, 0) == CHIPS
    assert game.prompt(s).startswith("trade Lan Wei [Duke of the Eastern Dragon Dynasty")


def test_nothing_a_player_reads_names_an_id_or_a_zone_key(game):
    # ids (mei-lin, ev-famine), zone keys (noble_deck, nobles.ready) and faction keys
    # (dragons) are for the YAML; prompts, options and log lines use the cards' names
    import random
    import re
    bad = re.compile(r"[a-z]+_[a-z_]+|\b[a-z]+\.[a-z]+\b|\b(dragons|deepwoods|nomads|dicathen)\b"
                     r"|\b[a-z]+-[a-z0-9]+\b")
    for players, seed in ((3, 1), (4, 2)):
        lines = []
        s = game.new_state(players=players, seed=seed, listener=lines.append)
        bot = random.Random(seed)
        texts = list(lines)
        while not game.is_over(s):
            seat = game.waiting(s)[0]
            texts += [game.prompt(s)] + game.options(s, seat)
            lines.clear()
            game.apply(s, seat, bot.randrange(game.option_count(s, seat)), listener=lines.append)
            texts += lines
        assert len(texts) > 100
        assert [x for x in texts if bad.search(x)] == []


# ------------------------------------------------------------------ readings as variants
def test_unclaimed_noble_variant_goes_under_the_noble_deck(game):
    # The rulebook is silent on a noble nobody bids for ("Players may choose whether they
    # want to bid for the noble or not"): the standard reading sends it out of the game
    # (test_nobody_bids_the_noble_leaves_the_game), which can make the instant win ("all 6
    # cards from his/her faction") impossible; variant unclaimed_to_deck puts it under the deck
    s = table(game, variant="unclaimed_to_deck")
    for c in zone(s, "table"):
        place(s, game, c, "noble_deck")
    place(s, game, "tobin", "table")
    deck = zone(s, "noble_deck")
    log = Log()
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "tobin"}, listener=log)
    bid(game, s, {p: "abstain" for p in range(4)}, log)
    assert zone(s, "noble_deck") == ["tobin"] + deck and zone(s, "table") == []
    assert zone(s, "graveyard") == []
    assert ("nobody bids: Tobin Ash [Marquess of the Dicathen Union, Red, minimum 3] goes to "
            "the bottom of the noble deck") in log


def test_partner_picks_variant_lets_the_partner_choose_their_noble(game):
    # "The player who holds the Trade Mandate has the authority to initiate a trade" and
    # "both players exchange their agreed-upon cards": standard reading, the holder picks
    # both nobles; variant partner_picks, the partner puts up a noble of that rank
    s = table(game, variant="partner_picks")
    nobles(game, s, 0, "lan-wei")
    nobles(game, s, 1, "rowan", "fenwick")                  # two dukes
    log = Log()
    run(game, s, "proc:trade", {"me": 0, "h": 0}, listener=log)
    assert game.waiting(s) == [1]
    assert game.prompt(s).startswith("P2: P1 offers Lan Wei")
    game.apply_label(s, 1, "Fenwick Oak [Duke of the Deepwoods Republic, Red, minimum 5]", listener=log)
    bid(game, s, {0: "green", 1: "green"}, log)
    assert zone(s, "0.nobles.ready") == ["fenwick"] and "lan-wei" in zone(s, "1.nobles.ready")
    s = table(game)
    nobles(game, s, 0, "lan-wei")
    nobles(game, s, 1, "rowan", "fenwick")
    run(game, s, "proc:trade", {"me": 0, "h": 0})
    assert game.waiting(s) == [0] and game.prompt(s) == "P1: ask P2 for which noble?"


# ------------------------------------------------------------------ at the table (issue 25)
def test_aldric_tribute_prompt_names_the_holder_not_the_seat_answering(game):
    # Aldric Vane (reconstructed): "every other player gives you 1 resource card of their
    # choice (chosen at once, in secret)" - each giver is asked to give to the holder
    s = table(game, players=3)
    nobles(game, s, 2, "aldric")
    hand(game, s, 0, "yellow-1")
    hand(game, s, 1, "red-1", "green-1")
    s["roles"]["current"] = 2
    log = Log()
    run(game, s, "proc:start_of_turn", {"me": 2, "p": 2}, listener=log)
    game.apply_label(s, 2, next(o for o in game.options(s, 2) if o.startswith("use Aldric")),
                     listener=log)
    assert sorted(game.waiting(s)) == [0, 1]
    assert game.prompt(s, 0) == "Aldric Vane's tribute: give which colour to P3?"
    assert game.prompt(s, 1) == "Aldric Vane's tribute: give which colour to P3?"
    assert game.options(s, 1) == ["Green", "Red"]          # the giver's own colours
    bid(game, s, {0: "Yellow", 1: "Red"}, log)
    assert "P1 gives P3 a Yellow card" in log and "P2 gives P3 a Red card" in log
    assert sorted(zone(s, "2.hand")) == ["red-1", "yellow-1"]


def test_no_prompt_of_a_choice_by_other_seats_names_the_seat_answering(game):
    # `me` in a choice made `by` other seats is the seat answering: a prompt that names a
    # seat other than the answering one must not say `{me}` (all five games)
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "gamedefs"
    bad = []
    for f in sorted(root.rglob("*.yaml")):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            m = re.search(r"choose .* by each of (.*) prompt \"([^\"]*)\"", line)
            if m and re.search(r"(to|from|for|of|gives?) \{me\}", m.group(2)):
                bad.append(f"{f.name}:{n}")
    assert bad == []


def test_every_draw_is_one_line_for_each_seat(game):
    # a Market Day ("Every player draws 1 resource card"): each seat reads its own draw with
    # the card and every other draw as a count - one line per draw, not two
    s = table(game)
    place(s, game, "ev-market", "event_deck")
    log = Log()
    run(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=log)
    for seat in range(4):
        lines = read_by(log, seat)[1:]
        assert len(lines) == 4
        for p in range(4):
            (line,) = [x for x in lines if x.startswith(f"P{p + 1} draws ")]
            if p == seat:
                assert line.split(" draws ")[1] in ("Red", "Green", "Yellow", "Rainbow")
            else:
                assert line == f"P{p + 1} draws 1 resource card"
    assert read_by(log, None) == [log[0]]               # a spectator reads no card


def test_a_non_bidder_draw_is_told_to_everyone(game):
    # Bidding Phase 6: "Non-bidders draw one resource card from the resource deck." - how
    # many is public (the hand counts show it), which card only the drawer reads
    s = table(game)
    hand(game, s, 1, "green-1", "green-2", "red-1", "red-2")
    log = Log()
    run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "alder"}, listener=log)
    bid(game, s, {0: "abstain", 1: "2 Green + 1 Red", 2: "abstain", 3: "abstain"}, log)
    assert [x for x in read_by(log, 1) if " draws " in x] == [
        "P1 draws 1 resource card", "P3 draws 1 resource card", "P4 draws 1 resource card"]
    mine = [x for x in read_by(log, 0) if " draws " in x]
    assert mine[1:] == ["P3 draws 1 resource card", "P4 draws 1 resource card"]
    assert mine[0].split(" draws ")[1] in ("Red", "Green", "Yellow", "Rainbow")


def test_an_event_on_a_faction_nobody_leads_says_it_has_no_effect(game):
    # Event Phase: events have "outcomes for specific factions, all factions, and the current
    # player"; at three players one faction has no leader and its events do nothing (a
    # reading, README) - the log says so instead of falling silent
    s = table(game, players=3)                        # P1 dragons, P2 deepwoods, P3 nomads
    place(s, game, "ev-dicathen-boon", "event_deck")
    log = Log()
    run(game, s, "proc:event_phase", {"me": 0, "p": 0}, listener=log)
    assert log[1:] == ["no player leads the Dicathen Union: Dicathen Treaty has no effect"]
    assert [zone(s, f"{p}.hand") for p in range(3)] == [[], [], []]


# ------------------------------------------------------------------ the greedy bot (issue 25)
def test_greedy_keeps_its_rainbows_when_it_discards_after_a_lost_bid(game):
    # Bidding Phase 7: "Losing bidders discard one resource card (marquess) or two"; a
    # Rainbow is worth 2 points in any bid (3 when required), the others 1: a careful player
    # gives up a 1-point card. The evaluation counts the hand by bid points.
    from interpreter.bots import make_bot
    for seed in range(6):
        s = table(game, seed=seed)
        hand(game, s, 0, "rainbow-1", "rainbow-2", "red-1", "green-1")
        run(game, s, "proc:discard_resources", {"me": 0, "p": 0, "k": 2, "why": "lost bid"})
        bot = make_bot("greedy", game, seed)
        while game.waiting(s) == [0]:
            game.apply(s, 0, bot.choose(game, s, 0))
        assert sorted(zone(s, "0.hand")) == ["rainbow-1", "rainbow-2"]


def test_greedy_bids_for_a_noble_nobody_else_can_bid_for(game):
    # Bidding Phase 5-6: "Winning-bidder discards all resource cards bidded and adds the
    # bidded noble to his/her ranks"; "Non-bidders draw one resource card"; and at the end
    # "players with the most points wins": only nobles score, resource cards buy them. Alder
    # Reed (a Yellow Marquess, 1 point, at least 3) is uncontested here (the others hold too
    # few cards to bid, so they can only abstain): 3 cards for a point beats one card drawn.
    # Greedy counted a noble point as 3 hand points, so it abstained (and lost most games to
    # random bidders, README); at 6 it bids, and a cheapest bid (which cards is a tie by bid
    # points).
    from interpreter.bots import make_bot
    for seed in range(4):
        s = table(game, players=3, seed=seed)
        hand(game, s, 0, "red-1", "red-2", "green-1", "green-2", "rainbow-1")
        hand(game, s, 2, "red-3", "green-3")           # 2 points: too few to bid
        # the game goes on after the bid (a choice of P3 waits under it), so greedy scores
        # the position, not a game it would end by winning
        s["stack"].append({"p": "proc:discard_resources", "pc": 0, "r": None,
                           "l": {"me": None, "p": 2, "k": 1, "why": "a later choice"}})
        run(game, s, "proc:bidding", {"me": 0, "p": 0, "lot": "alder"})
        assert game.options(s, 1) == ["abstain"] and game.options(s, 2) == ["abstain"]
        label = game.options(s, 0)[make_bot("greedy", game, seed).choose(game, s, 0)]
        assert label.startswith("3 points: "), (seed, label)
