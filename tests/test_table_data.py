"""What the tables show (issue 24 items 2, 3, 4, 7): long menus in groups, card details,
values in words, links and variant features on boards, face-up vs remembered marks; and
the plain terminal's group step and `card N` command."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from interpreter.build.game_loader import check_game
from interpreter.present import terminal, views
from interpreter.present.option_groups import by_first_words, menu_groups
from interpreter.present.typed import group_keys
from interpreter.runtime.game import Game
from interpreter.runtime.visibility import visible_cards
from tests.places import at, edited_copy, error_places
from test_cli import run

GAMES = Path(__file__).parent / "games"
SEALED = GAMES / "sealed_numbers"
BID = 'bids = choose number from 0 to me.coins by each of players prompt "round {round}: your secret bid"'


def covers(groups, n) -> bool:
    """Every option index exactly once, each group in menu order."""
    flat = [i for _, ixs in groups for i in ixs]
    return sorted(flat) == list(range(n)) and all(ixs == sorted(ixs) for _, ixs in groups)


def play_until(game, s, test, rng, limit=3000):
    """Random answers until test(seat) holds for a waiting seat; that seat."""
    for _ in range(limit):
        for seat in game.waiting(s):
            if test(seat):
                return seat
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)))
    raise AssertionError("never reached")


# ------------------------------------------------------------------ item 2: grouped menus
def test_a_declared_grouping_groups_the_view_only(tmp_path):
    path = edited_copy(SEALED, tmp_path, BID, BID.replace(
        " prompt", ' grouped by ("even" if it % 2 == 0 else "odd") prompt'))
    game = Game.load(str(path))
    s = game.new_state(players=2, seed=1)     # 3 coins: bids 0..3
    v = views.view(game, s, 0)
    assert v["options"] == ["0", "1", "2", "3"]
    assert views.option_groups(game, s, 0, v["options"]) == [["even", [0, 2]], ["odd", [1, 3]]]
    # a number prompt is typed as its number: never asked in groups, whose keys would
    # read as numbers too (issue 33 item 7)
    assert v["number"] and "groups" not in v
    assert game.option_count(s, 0) == 4                    # bots see the options as ever
    assert "grp" in s["pending"]["opts"]["0"]              # the state keeps only the id
    game.apply_label(s, 0, "3")                            # a label (a save's) still applies
    assert "groups" not in views.view(game, s, 0)          # answered: nothing pending for it


def test_the_otherwise_option_is_a_group_of_its_own(tmp_path):
    old = "bids = choose number from 0 to me.coins by each of players"
    path = edited_copy(SEALED, tmp_path, old, old + ' grouped by "bids" otherwise "pass"')
    game = Game.load(str(path))
    s = game.new_state(players=2, seed=1)
    options = game.options(s, 1)
    assert views.option_groups(game, s, 1, options) == [["bids", [0, 1, 2, 3]], ["pass", [4]]]


def test_a_bad_grouping_is_a_located_error(tmp_path):
    path = edited_copy(SEALED, tmp_path, BID, BID.replace(" prompt", " grouped by colour prompt"))
    text = (path / "game.yaml").read_text()
    assert error_places(path) == [("REF-UNDEF", *at(text, "grouped by colour", "colour"))]


def test_etheria_bids_are_grouped_by_their_points():
    # Etheria's sealed bids (up to 54 options) are asked by points first; each group holds
    # exactly the bids whose label says those points, and "abstain" is a group of its own
    game = Game.load("etheria")
    s = game.new_state(players=4, seed=3)
    rng = random.Random(3)
    play_until(game, s, lambda p: game.prompt(s, p).startswith("sealed bid"), rng)
    for seat in game.waiting(s):
        v = views.view(game, s, seat)
        groups, options = v["groups"], v["options"]
        assert covers(groups, len(options))
        assert groups[-1] == ["abstain", [len(options) - 1]]
        for name, ixs in groups[:-1]:
            assert re.fullmatch(r"\d+ points", name)
            assert all(options[i].startswith(name + ":") for i in ixs)


def test_metropolis_large_investment_and_rail_fees_are_grouped():
    game = Game.load("metropolis")
    rng = random.Random(1)
    s = game.new_state(seed=1)
    seat = play_until(game, s, lambda p: any(o.startswith("set the fee of rail")
                                             for o in game.options(s, p)), rng)
    v = views.view(game, s, seat)
    assert covers(v["groups"], len(v["options"]))
    for name, ixs in v["groups"]:
        if name.startswith("fee of rail "):
            rail = name.split()[-1]
            assert len(ixs) == 10 and all(v["options"][i].startswith(f"set the fee of rail {rail} to ")
                                          for i in ixs)
    seat = play_until(game, s, lambda p: any(o.startswith("use Large Investment")
                                             for o in game.options(s, p)), rng)
    v = views.view(game, s, seat)
    assert covers(v["groups"], len(v["options"]))
    big = [(name, ixs) for name, ixs in v["groups"] if name.startswith("Large Investment in ")]
    assert len(big) == 19                           # one per hexagon A..S
    for name, ixs in big:
        assert all(v["options"][i].endswith(" in " + name[-1]) for i in ixs)


def test_an_undeclared_long_menu_is_grouped_by_first_words():
    labels = [f"set the fee of rail {r} to {f}" for r in (1, 2) for f in range(10)] + \
        ["move A.se to B.s", "move A.se to A.s", "invest 1 in A"]
    groups = menu_groups(None, labels)
    assert groups == [["set", list(range(20))], ["move", [20, 21]], ["invest", [22]]]
    assert menu_groups(None, labels[:20]) is None             # a screenful: one step
    assert menu_groups(None, [str(n) for n in range(40)]) is None   # 40 groups: no shorter
    assert menu_groups(None, ["bid"] * 30) is None             # one group: no use
    assert by_first_words(["a b c", "a b d", "a x"], 2) == [["a b", [0, 1]], ["a x", [2]]]


def test_plain_mode_asks_the_group_then_the_option():
    # the bids come as groups keyed by letters ("b 4 points (2 options: 3-4)"); a letter
    # opens a group, whose options keep their numbers in the whole menu; `back` returns to
    # the groups; an option's number picks it at either step (issue 33 item 7: a number on
    # screen means one thing)
    game = Game.load("etheria")
    s = game.new_state(players=3, seed=1)
    v = views.view(game, s, 0)
    name, ixs = v["groups"][1]
    key = group_keys(v["groups"])[1]
    r = run("play", "etheria", "--seed", 1, "--humans", 1, "--bots", "random",
            input=f"{key}\n99\nback\n{ixs[-1] + 1}\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert f"{key} {name} ({len(ixs)} options: {ixs[0] + 1}-{ixs[-1] + 1})" in out
    assert f"{ixs[-1] + 1} {v['options'][ixs[-1]]}" in out     # its number in the whole menu
    assert "Type a group's letter to see its options, or an option's number" in out
    assert f"There is no option 99: choose 1 to {len(v['options'])}." in out
    # the group's last bid, typed by its number at the group step, as the log names it
    bid = re.sub(r" x\d+", "", v["options"][ixs[-1]].split(": ", 1)[1].split(" (")[0])
    assert f"P1 bids {bid}: {name}" in out


def test_plain_mode_an_option_number_at_the_group_step_is_that_option():
    game = Game.load("etheria")
    s = game.new_state(players=3, seed=1)
    v = views.view(game, s, 0)
    r = run("play", "etheria", "--seed", 1, "--humans", 1, "--bots", "random",
            input="1\nquit\n")
    out = " ".join(r.output.split())
    bid = re.sub(r" x\d+", "", v["options"][0].split(": ", 1)[1].split(" (")[0])
    assert f"P1 bids {bid}" in out and "There is no" not in out


def test_plain_mode_a_group_of_one_option_is_listed_as_it_and_picked_at_once(monkeypatch):
    # found at the table: Metscri's "2 invest: (1 option)" took a second number; listed as
    # its option, with the option's number
    def groups(game, s, seat, options):
        n = len(options)
        return [["most", list(range(n - 1))], ["the last", [n - 1]]] if n > 2 else None
    monkeypatch.setattr(views, "option_groups", groups)
    r = run("play", "etheria", "--seed", 1, "--humans", 1, "--bots", "random",
            input="15\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert "a most (14 options: 1-14) 15 abstain" in out
    assert "P1 abstains" in out


def test_plain_mode_a_full_label_picks_its_option_without_the_group_step():
    game = Game.load("etheria")
    s = game.new_state(players=3, seed=1)
    label = views.view(game, s, 0)["options"][0]
    r = run("play", "etheria", "--seed", 1, "--humans", 1, "--bots", "random",
            input=f"{label}\nundo\nquit\n")
    assert "cannot undo" in r.output     # the bid was taken (and settled): undo refused


# ------------------------------------------------------------------ item 3: card details
def test_meta_hand_cards_show_type_cost_stats_range_and_ability():
    # issue 25 item 9: hand cards read like the buy options (type, cost, range, ability)
    game = Game.load("meta")
    assert game.g.card_details["steam-mortar-1"] == (
        "steamist siege construct, cost 4: attack 3, health 3, movement 1, range 3",
        "ACTIVATION: deal 2 damage to an enemy construct within 3 spaces, then 1 damage to "
        "this construct.")
    assert game.g.card_details["boilerplate-golem-1"][0] == \
        "steamist brawler construct, cost 5 (7 as a prototype): attack 3, health 7, " \
        "movement 2, range 1"
    assert game.g.card_details["rivet-brawler-1-1"] == (
        "neutral brawler construct, cost 2: attack 2, health 3, movement 2, range 1",)  # no text
    rng = random.Random(1)
    s = game.new_state(seed=3)
    seat = play_until(game, s, lambda p: len(s["z"][f"{p}.hand"]) > 2, rng)
    v = views.view(game, s, seat)
    hand = v["seats"][seat]["zones"]["hand"]
    assert hand["details"] is True and hand["cards"]
    for label in hand["cards"]:
        assert v["card_details"][label]
    con = Console(record=True, width=100, color_system=None)
    terminal.render_view(con, v, [])
    screen = con.export_text()
    assert "construct, cost" in screen or "specialty, cost" in screen or "script, cost" in screen


def test_card_details_are_given_only_for_cards_the_seat_sees():
    game = Game.load("meta")
    rng = random.Random(2)
    s = game.new_state(seed=5)
    for _ in range(40):
        for seat in (0, 1, None):
            v = views.view(game, s, seat)
            seen = {game.g.card_labels[c] for c in visible_cards(game, s, seat)}
            assert set(v.get("card_details", {})) <= seen
        other = 1 - game.waiting(s)[0]
        v = views.view(game, s, other)
        theirs = views.view(game, s, 1 - other)["seats"][1 - other]["zones"]["hand"]
        mine_only = set(theirs.get("cards", ())) - {game.g.card_labels[c]
                                                     for c in visible_cards(game, s, other)}
        assert not mine_only & set(v.get("card_details", {}))
        seat = game.waiting(s)[0]
        game.apply(s, seat, rng.randrange(game.option_count(s, seat)))


def test_a_card_type_without_details_shows_its_description_and_attributes():
    game = Game.load("etheria")
    assert game.g.card_details["mandate-1"] == (    # its own description, as written
        "Start a trade with another player now, or keep it for the start of a later turn.",)


def test_a_bad_details_field_is_a_located_error(tmp_path):
    old = '    label: "{colour}"\n'
    path = edited_copy(GAMES.parent.parent / "gamedefs" / "etheria", tmp_path, old,
                       old + '    details: ["worth {pionts}"]\n')
    text = (path / "game.yaml").read_text()
    assert error_places(path) == [("LABEL", *at(text, "{pionts}", "pionts"))]


def test_plain_mode_card_n_prints_the_card_of_option_n():
    # two people: each picks a student behind a pass screen; then P1's mulligan options name
    # hand cards, and `card 1` opens the card option 1 names
    r = run("play", "meta", "--seed", 3, "--humans", 2,
            input="\n1\n\n1\n\ncard 1\ndetails spare parts\ncard zzz\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert "1 set aside Rivet Brawler 2/3" in out
    assert "P1> Rivet Brawler 2/3 neutral brawler construct, cost 2: attack 2, health 3, " \
           "movement 2, range 1" in out
    assert "P1> Spare Parts neutral specialty, cost 0 Gain 1 Focus." in out
    assert "Type card N (option N's card) or details LABEL (a card on screen)" in out


def test_etheria_hands_are_counted_per_colour_for_their_owner_only():
    # issue 25 item 8: a hand of resource cards reads "Red 2, Green 3, Rainbow 1"
    game = Game.load("etheria")
    s = game.new_state(players=3, seed=1)
    mine = views.view(game, s, 0)["seats"][0]["zones"]["hand"]
    colours = [game.g.cards[c]["colour"] for c in s["z"]["0.hand"]]
    assert sum(n for _, n in mine["counts"]) == len(colours) == 6
    assert mine["counts"] == [[c, colours.count(c)] for c in
                              ("Red", "Green", "Yellow", "Rainbow") if c in colours]
    theirs = views.view(game, s, 1)["seats"][0]["zones"]["hand"]
    assert "counts" not in theirs and "cards" not in theirs and theirs["count"] == 6
    con = Console(record=True, width=100, color_system=None)
    terminal.render_view(con, views.view(game, s, 0), [])
    assert ", ".join(f"{c} {n}" for c, n in mine["counts"]) in con.export_text()


def test_counting_by_an_attribute_no_card_has_is_a_located_error(tmp_path):
    old = "count_by: colour"
    path = edited_copy(GAMES.parent.parent / "gamedefs" / "etheria", tmp_path, old,
                       "count_by: color")
    found = [f for f in check_game(str(path)) if f.severity == "error"]
    text = (path / "game.yaml").read_text()
    assert [(f.code, f.line, f.col, f.hint) for f in found] == \
        [("REF-UNDEF", *at(text, "count_by: color", "color"), "did you mean 'colour'?")]


# ------------------------------------------------------------------ item 4: values in words
def test_metropolis_rails_read_as_sentences_and_are_drawn_on_the_map():
    game = Game.load("metropolis")
    s = game.new_state(players=5, seed=3)
    s["v"]["placed"] = [[1, "S.sw", "S.se", 2, 2], [2, "L.ne", "L.s", 0, 0]]
    s["pv"][0]["unplaced"] = [[3, 5]]
    s["v"]["controller"] = {"B": 0, "S": 4}
    v = views.view(game, s, 0)
    assert v["values"]["placed"] == "rail 1: S.sw - S.se, Green, fee 2; rail 2: L.ne - L.s, Red, fee 0"
    assert v["seats"][0]["values"]["unplaced"] == "rail 3 (place by round 5)"
    assert "unplaced" not in views.view(game, s, 1)["seats"][0]["values"]   # owner only
    board = v["boards"]["map"]
    assert board["links"] == [["R.se", "S.se", "Green", "placed"], ["L.ne", "L.s", "Red", "placed"]]
    assert board["markers"]["B"] == [["Red", "controller"]]
    con = Console(record=True, width=100, color_system=None)
    terminal.render_view(con, v, [])
    screen = con.export_text()
    assert "[1," not in screen and "rail 1: S.sw - S.se, Green, fee 2" in screen
    assert "333" in screen and "a line of a seat's number: its placed" in screen
    assert "B     Red controller" in screen
    s["v"]["placed"] = []
    assert views.view(game, s, 0)["values"]["placed"] == "none"


def test_a_bad_display_text_is_a_located_error(tmp_path):
    path = edited_copy(SEALED, tmp_path, "counters:\n", "values:\n  game:\n    last: {start: [], "
                       'display: "bid {it[0]} by {nobody}"}\ncounters:\n')
    text = (path / "game.yaml").read_text()
    assert error_places(path) == [("REF-UNDEF", *at(text, "display:", "nobody"))]


# ------------------------------------------------------------------ item 7: display bugs
def test_a_grid_s_key_names_only_the_tags_drawn():
    # found at M.E.T.A.'s table: "g2 generator 2; g1 generator 1" under a map that showed the
    # Generator cards standing on those squares (a square draws its tag only while empty)
    game = Game.load("meta")
    s = game.new_state(seed=5)
    assert "generator 1" in terminal.legend(views.view(game, s, 0)["boards"]["arena"])
    def standing(p):        # the students chosen: both Generators on the board
        cells = views.view(game, s, p)["boards"]["arena"]["cells"]
        return cells["c1"]["cards"] and cells["c7"]["cards"]
    play_until(game, s, standing, random.Random(5))
    board = views.view(game, s, 0)["boards"]["arena"]
    assert board["cells"]["c1"]["cards"] and board["cells"]["c7"]["cards"]
    assert "generator" not in terminal.legend(board)
    board["cells"]["c1"]["cards"] = []          # a square emptied: its tag is drawn, and keyed
    text = terminal.legend(board)
    assert "g1 generator 1" in text and "generator 2" not in text


def test_meta_draws_furnaces_only_in_the_foundry():
    game = Game.load("meta")
    for variant, furnaces in (("open", False), ("foundry", True)):
        s = game.new_state(seed=1, variant=variant)
        board = views.view(game, s, 0)["boards"]["arena"]
        assert ("features" in board["cells"]["b4"]) == furnaces
        text = terminal.legend(board)
        assert ("furnace" in text) == furnaces


def test_a_feature_variant_naming_nothing_is_a_located_error(tmp_path):
    meta = GAMES.parent.parent / "gamedefs" / "meta"
    old = "feature_variants: {furnace: [foundry]}"
    path = edited_copy(meta, tmp_path, old, "feature_variants: {furnance: [fondry]}")
    found = sorted((f.code, f.message) for f in check_game(str(path)) if f.severity == "error")
    assert found == [("REF-UNDEF", "feature_variants: 'fondry' is not a variant of this game"),
                     ("REF-UNDEF", "feature_variants: 'furnance' is no feature of board arena")]


def test_face_up_and_remembered_cards_are_marked_differently():
    # Metscri: a card lying face up has no mark; one this seat remembers (face down) has *
    from test_metscri_scenarios import table
    game = Game.load("metscri")
    s = table(game, players=2, board={"c1": ["9d-1"], "d4": ["7h-1"]})
    s["cs"]["face_up"]["9d-1"] = True
    s["cs"]["seen_by"]["9d-1"] = [0, 1]                 # everyone saw it: it lies open
    s["cs"]["seen_by"]["7h-1"] = [0, 1]                 # turned down again: remembered
    v = views.view(game, s, 0)
    cells = v["boards"]["board"]["cells"]
    assert cells["c1"]["cards"][0]["known"] == "all"
    assert cells["d4"]["cards"][0]["known"] == "you"
    con = Console(record=True, width=120, color_system=None)
    con.print(terminal.render_board(v["boards"]["board"], "P1"))
    screen = con.export_text()
    assert "9♦" in screen and "9♦*" not in screen and "7♥*" in screen
    assert "* face down, known to you" in screen
