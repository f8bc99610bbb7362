"""Issue 23's language gaps (section 4), each with the designer's own words: numbered cards
that pass validate --strict, fields in every text a person reads, `continue`, procedures
that compute a value, draw's handle on the cards drawn, refilling a draw pile, a reversible
direction of play, names that need an acting player, lists joined, copies changed by --set,
YAML's comma and CSV hints."""
from __future__ import annotations

from pathlib import Path

from interpreter.build.game_loader import check_game

GAMES = Path(__file__).parent / "games"


# 1. numbered cards: the COUNT check counts what `range` makes, and `range` is no attribute
def test_numbered_cards_pass_strict_validation():
    # tests/games/language: 12 red cards from one range line and 2 x 2 blue ones, start_count 16
    assert check_game(str(GAMES / "language" / "game.yaml")) == []


def test_a_numbered_deck_of_the_wrong_size_is_counted_by_what_range_makes(tmp_path):
    from places import edited_copy
    game = edited_copy(GAMES / "language", tmp_path, "start_count: 16", "start_count: 52")
    found = check_game(str(game / "game.yaml"))
    assert [(f.code, f.message) for f in found] == [
        ("COUNT", "the zone 'deck' should start with 52 cards (start_count), but the card "
                  "lists put 16 there")]


# 13. a CSV column nobody reads: hints name card attributes and card fields, nothing else
def _csv_column_finding(tmp_path, header_old, header_new):
    import shutil
    game = tmp_path / header_new.strip(",\n")
    shutil.copytree(GAMES / "csv_deck", game)
    csv = game / "cards.csv"
    csv.write_text(csv.read_text().replace(header_old, header_new, 1))
    return [f for f in check_game(str(game / "game.yaml")) if f.code == "CSV-COLUMN"]


def test_a_csv_column_hint_never_names_a_counter_or_procedure(tmp_path):
    # 'golds' is one letter from the counter 'gold': not an attribute, so not offered
    found = _csv_column_finding(tmp_path, ",strength\n", ",strength,golds\n")
    assert len(found) == 1 and found[0].message.startswith("the column 'golds'")
    assert "gold'" not in found[0].hint
    assert found[0].hint == "card fields: id, type, zone, count, name, text"


def test_a_misspelt_csv_column_is_told_the_attribute_it_resembles(tmp_path):
    found = _csv_column_finding(tmp_path, ",strength\n", ",strenght\n")
    assert [f.hint for f in found] == ["did you mean 'strength'?"]
    found = _csv_column_finding(tmp_path, ",count,", ",cont,")
    assert [f.hint for f in found] == ["did you mean 'count'?"]


# 11. --set cards.NAME.count=N changes how many copies there are (and sweep steps through it)
STRONG = str(GAMES / "strong_card" / "game.yaml")


def test_set_changes_how_many_copies_of_a_card_there_are():
    from interpreter.analysis.overrides import load_with_overrides
    game = load_with_overrides(STRONG, (("cards.crown.count", 3), ("cards.pebble.count", 4)))
    assert sorted(game.g.cards) == ["crown-1", "crown-2", "crown-3", "pebble-1", "pebble-2",
                                    "pebble-3", "pebble-4", "ring"]
    s = game.new_state(players=2, seed=3)
    assert sorted(c for z in s["z"].values() for c in z) == sorted(game.g.cards)


def test_sweep_over_copies_and_a_bad_count():
    import json
    from click.testing import CliRunner
    from cli import main as cli
    r = CliRunner().invoke(cli, ["sweep", STRONG, "--set", "cards.crown.count=1,4", "-n", 20,
                                 "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["values"] == [1, 4]
    # with 4 crowns among 18 cards the crown's points come more often: wider margins
    margins = [run["margin"]["mean"] for run in out["runs"]]
    assert margins[0] < margins[1]
    r = CliRunner().invoke(cli, ["simulate", STRONG, "-n", 1, "--set", "cards.crown.count=0"])
    assert r.exit_code == 1
    assert "a card's count is a whole number of copies from 1 to 10000, not '0'" in r.stderr


# 12. an unquoted comma inside a {...} mapping: YAML split the text there; quoting fixes it
def test_an_unquoted_comma_in_a_flow_mapping_is_explained(tmp_path):
    from places import at, edited_copy
    game = edited_copy(GAMES / "csv_deck", tmp_path, "counters:\n",
                       "options:\n  cap: {default: 3, description: until every player has chosen,"
                       " then reveal}\ncounters:\n")
    text = (game / "game.yaml").read_text()
    found = check_game(str(game / "game.yaml"))
    assert [(f.line, f.col, f.code) for f in found] == [(*at(text, "then reveal"), "SCHEMA-KEY")]
    assert found[0].message == (
        "unknown key 'then reveal': YAML split the text of 'description' at a comma (in a {...} "
        "mapping an unquoted comma ends a value), so 'then reveal' became a key of its own")
    assert found[0].hint == 'quote the whole text: description: "until every player has chosen, ' \
                            'then reveal"'
    fixed = edited_copy(GAMES / "csv_deck", tmp_path / "fixed", "counters:\n",
                        "options:\n  cap: {default: 3, description: \"until every player has "
                        "chosen, then reveal\"}\ncounters:\n")
    assert [f.code for f in check_game(str(fixed / "game.yaml"))] == ["ORPHAN"]   # cap unused


# 3. continue in loops; a line starting with a word that is no statement says so
import pytest  # noqa: E402

from interpreter.effects.parser import EffectSyntaxError, parse_script  # noqa: E402
from interpreter.runtime.game import Game  # noqa: E402
from tests.scenario import run_script  # noqa: E402

LANGUAGE = GAMES / "language" / "game.yaml"


@pytest.fixture(scope="module")
def language():
    return Game.load(str(LANGUAGE))


@pytest.mark.parametrize("loop", ["for each k in range(6):", "repeat 6:", "while k < 6:"])
def test_continue_skips_the_rest_of_a_round(language, loop):
    head = "k = 0\n" if loop.startswith("while") else ""
    step = "" if loop.startswith("for") else "    k = k + 1\n"
    if loop.startswith("repeat"):
        head, step = "k = 0\n", "    k = k + 1\n"
    text = (head + "xs = []\n" + loop + "\n" + step +
            "    if k % 2 == 0:\n        continue\n    append k to xs\n"
            "c = choose one of xs")
    s = run_script(language, text)
    assert s["pending"]["opts"]["0"]["vals"] == [1, 3, 5]


def test_continue_in_a_loop_that_stops_at_decisions(language):
    # the loop holds a decision, so it is written as jumps between blocks: continue jumps to
    # its head, which takes the next element
    text = ("xs = []\nfor each k in [1, 2, 3, 4]:\n    if k == 2:\n        continue\n"
            "    c = choose one of [k, 10 * k]\n    append c to xs\n"
            "d = choose one of xs")
    s = run_script(language, text)
    asked = []
    for _ in range(3):                       # k = 1, 3, 4: take 10 * k each time
        asked.append(s["pending"]["opts"]["0"]["vals"])
        language.apply(s, 0, 1)
    assert asked == [[1, 10], [3, 30], [4, 40]]
    assert s["pending"]["opts"]["0"]["vals"] == [10, 30, 40]


def test_continue_outside_a_loop_is_a_flow_error(tmp_path):
    from places import edited_copy
    game = edited_copy(GAMES / "language", tmp_path, "        for each p in players:\n",
                       "        continue\n        for each p in players:\n")
    found = check_game(str(game / "game.yaml"))
    assert [(f.code, f.message) for f in found] == [("FLOW", "continue outside a loop")]


@pytest.mark.parametrize("line, message", [
    ("continu", "no statement 'continu' (did you mean 'continue'?)"),
    ("discrad x", "no statement 'discrad' (did you mean 'discard'?)"),
    ("gian IP 2", "no statement 'gian' (did you mean 'gain'?)"),
    ("flip direction", "no statement 'flip': a line is a statement (append, break, "
                          "continue, discard, draw, elif, else, end, ...), x = VALUE or a call "
                          "NAME(...)"),
])
def test_a_word_that_is_no_statement_is_named(line, message):
    with pytest.raises(EffectSyntaxError) as e:
        parse_script(f"x = 1\nif x > 0:\n    {line}\n")
    assert (e.value.message, e.value.line, e.value.col) == (message, 3, 5)


# 4. a procedure that computes a value with statements is usable inside an expression
CARDS = {"r1": "r1", "r7": "r7", "b9": "b9-1"}


def _both_ways(game, text, me=0, s=None):
    """An expression's value compiled and tree-walked, over one state (the locals r1, r7
    and b9 name cards)."""
    from interpreter.effects.compiler import Compiler, Scope
    from interpreter.effects.parser import parse_expression
    from interpreter.effects.treewalk import TreeWalker
    from interpreter.runtime.vm import VM
    s = s or game.new_state(players=2, seed=1)
    node = parse_expression(text)
    types = {"me": "player", **{k: "card" for k in CARDS}}
    fn, _ = Compiler(game.g).expr(node, Scope(game.g, types))
    vm = VM(game.g, s)
    vm.l = {"me": me, **CARDS}
    return fn(vm), TreeWalker(game.g).eval(node, vm, {"me": me, **CARDS})


@pytest.mark.parametrize("text, value", [
    ("odd_sum(r7)", 1 + 3 + 5 + 7),          # odd numbers up to the rank: continue skips
    ("odd_sum(r1) + odd_sum(c=b9)", 1 + 10),   # a blue card: the early return
    ("[odd_sum(x) for x in deck where it.rank < 5 and it.colour == 'red']", [1, 1, 4, 4]),
    ('sum(odd_sum(x) for x in [] ) + 1', 1),
])
def test_a_procedure_computes_a_value_compiled_and_tree_walked(language, text, value):
    assert _both_ways(language, text) == (value, value)


def test_the_phase_scores_with_the_value_procedure(language):
    s = language.new_state(players=2, seed=4)
    card = s["pending"] and language.options(s, 0)[0]
    pick = next(c for c in s["z"]["0.hand"] if language.g.card_labels[c] == card)
    language.apply(s, 0, 0)
    expected = 10 if language.g.cards[pick]["colour"] == "blue" else \
        sum(k for k in range(1, language.g.cards[pick]["rank"] + 1) if k % 2)
    assert s["pl"][0]["score"] == expected


def test_a_procedure_with_effects_is_refused_inside_an_expression(tmp_path):
    from places import edited_copy
    game = edited_copy(GAMES / "language", tmp_path, "      total = 0\n",
                       "      total = 0\n      shuffle deck\n")
    found = check_game(str(game / "game.yaml"))
    assert [(f.code, f.message) for f in found] == [
        ("EXPR-BAD", "'odd_sum' is a procedure with effects (line 4 of it: shuffle); call it as a "
                     "statement (x = odd_sum(...)), not inside an expression")]
    assert found[0].hint == ("a procedure used as a value may only set its own variables, "
                             "test, loop and return")


# 9. the acting player where none acts, and cards_in() on a plain zone, found by validate
PHASE = "        for each p in players:\n"
NO_ACTOR = ("the acting player's, and no player acts here (a phase, the setup, the finish, "
            "a stat and an expression about `it` have no `me`)")


@pytest.mark.parametrize("line, token, message", [
    ("x = count(opponents)", "opponents", "'opponents' are " + NO_ACTOR),
    ("x = my.score + 1", "my", "'my' means " + NO_ACTOR),
    ("gain score 1", "gain", "with no player named, this statement is about " + NO_ACTOR),
    ("x = odd_sum(first(deck))", "odd_sum",
     None),    # a procedure that names no acting player is fine in a phase
    ("x = rivals()", "rivals", "the function 'rivals' reads `me` (or its opponents), and so "
                               "reads " + NO_ACTOR),
    ("x = count(cards_in(deck))", "deck", "cards_in() reads a group of zones (a zone with "
                                          "keys, such as p.slots); this is one zone, already a "
                                          "list of cards"),
])
def test_names_about_an_acting_player_in_a_phase_are_found_by_validate(tmp_path, line, token,
                                                                        message):
    from places import at, edited_copy
    game = edited_copy(GAMES / "language", tmp_path, PHASE, f"        {line}\n{PHASE}")
    path = game / "game.yaml"
    text = path.read_text().replace("procedures:\n", "functions:\n  rivals: {expr: "
                                    "\"count(opponents where it.score > 0)\"}\nprocedures:\n")
    path.write_text(text)
    found = [f for f in check_game(str(path)) if f.code != "ORPHAN"]
    if message is None:
        assert found == []
        return
    assert [(f.line, f.col, f.message) for f in found] == [(*at(text, line, token), message)]


def test_the_acting_player_is_known_in_a_phase_loop_and_a_choice_by_each(tmp_path):
    from places import edited_copy
    game = edited_copy(GAMES / "language", tmp_path, PHASE,
                       "        xs = choose one of me.hand by each of players\n"
                       "        for each me in players:\n            x = count(opponents)\n"
                       + PHASE)
    assert [f.code for f in check_game(str(game / "game.yaml"))] == []


# 10. two filtered lists joined: a list (of the same kind), whatever their elements' types
def test_two_filtered_lists_joined_type_check(language):
    s = run_script(language, "ys = []\nfor each k in (xs where it > 1) + (xs where it < 3):\n"
                             "    append k to ys\nc = choose one of ys", xs=[1, 2, 3])
    assert s["pending"]["opts"]["0"]["vals"] == [2, 3, 1, 2]
    s = run_script(language, "both = (me.hand where it.rank > 6) + (deck where it.rank <= 6)\n"
                             "c = choose one of both")
    vals = s["pending"]["opts"]["0"]["vals"]
    assert s["pending"]["opts"]["0"]["t"] == "card" and len(vals) == len(set(vals)) > 0


# 2. {fields} in an `otherwise` label are filled; a text shown as written says so
def test_fields_in_an_otherwise_label_are_filled_per_seat(language):
    s = run_script(language, 'xs = choose one of me.hand by each of players otherwise '
                             '"keep {count(me.hand)} cards, {me}"')
    assert language.options(s, 0)[-1] == f"keep {len(s['z']['0.hand'])} cards, P1"
    assert language.options(s, 1)[-1] == f"keep {len(s['z']['1.hand'])} cards, P2"
    s = run_script(language, 'c = choose one of me.hand otherwise "pass ({me.score} points)" '
                             'if true')
    assert language.options(s, 0)[-1] == "pass (0 points)"
    language.apply_label(s, 0, "pass (0 points)")
    assert s["pending"] is None            # the otherwise option answers none


def test_a_misspelt_name_in_an_otherwise_label_is_located(tmp_path):
    from places import at, edited_copy
    game = edited_copy(GAMES / "language", tmp_path, 'otherwise "pass"',
                       'otherwise "pass ({p.scor})"')
    text = (game / "game.yaml").read_text()
    found = check_game(str(game / "game.yaml"))
    assert [(f.line, f.col, f.code) for f in found] == [(*at(text, "p.scor", "scor"),
                                                         "REF-UNDEF")]


def test_a_field_in_a_text_shown_as_written_is_a_warning(tmp_path):
    from places import at, edited_copy
    game = edited_copy(GAMES / "language", tmp_path, "counters:\n",
                       "notes: the deck has {count(deck)} cards\ncounters:\n")
    text = (game / "game.yaml").read_text()
    found = check_game(str(game / "game.yaml"))
    assert [(f.line, f.col, f.code, f.severity) for f in found] == [
        (*at(text, "notes:", "the deck"), "TEXT", "warning")]
    assert found[0].message == (
        "'notes' is shown as written, so '{count(deck)}' reaches people with its braces: only "
        "log lines, prompts, option labels, card labels, the status line and texts in scripts "
        "fill fields")


# 6-8. tests/games/switchback: a shedding game with a reversing direction of play
from tests.scenario import place  # noqa: E402

SWITCHBACK = GAMES / "switchback" / "game.yaml"


@pytest.fixture(scope="module")
def switchback():
    return Game.load(str(SWITCHBACK))


def _deal(game, s, hands: dict, pile: list, deck: list):
    """Every card back in the deck, then hands, the pile (last on top) and the deck's top
    cards (last on top) as given; the rest of the deck below them."""
    for c in game.g.cards:
        place(s, game, c, "deck")
    for seat, cards in hands.items():
        for c in cards:
            place(s, game, c, f"{seat}.hand")
    for c in pile:
        place(s, game, c, "pile")
    for c in deck:
        place(s, game, c, "deck")        # moved last: on top


def test_switchback_passes_strict_validation():
    assert check_game(str(SWITCHBACK)) == []      # 3 range lines make the 24 of start_count


def test_the_deck_refills_as_soon_as_it_empties_keeping_the_piles_top_card(switchback):
    from interpreter.runtime.vm import VM
    s = switchback.new_state(players=3, seed=2)
    rest = [c for c in switchback.g.cards if c not in ("h5", "s5", "d2", "h2", "s2")]
    _deal(switchback, s, {0: rest}, ["d2", "h2", "s2"], ["h5", "s5"])
    assert s["z"]["deck"] == ["h5", "s5"]
    VM(switchback.g, s).draw(2, "deck", "1.hand")   # takes the deck's last card
    # refilled at once, not at the next draw: the pile's top card (s2) stays face up
    assert s["z"]["pile"] == ["s2"] and sorted(s["z"]["deck"]) == ["d2", "h2"]
    assert {s["loc"][c] for c in ("d2", "h2")} == {"deck"}
    # a move that empties it refills it too (here from a pile of one card it keeps: nothing)
    for c in list(s["z"]["deck"]):
        VM(switchback.g, s).move(c, "2.hand")
    assert s["z"]["deck"] == [] and s["z"]["pile"] == ["s2"]


def test_the_old_refill_waits_for_a_draw_and_takes_every_card(tmp_path):
    from interpreter.runtime.vm import VM
    from places import edited_copy
    game = edited_copy(GAMES / "switchback", tmp_path, ", refill_keep: 1,\n           refill_when: empty}",
                       "}")
    g = Game.load(str(game / "game.yaml"))
    s = g.new_state(players=3, seed=2)
    rest = [c for c in g.g.cards if c not in ("h5", "s5", "d2", "h2", "s2")]
    _deal(g, s, {0: rest}, ["d2", "h2", "s2"], ["h5", "s5"])
    VM(g.g, s).draw(2, "deck", "1.hand")
    assert s["z"]["deck"] == [] and s["z"]["pile"] == ["d2", "h2", "s2"]   # still empty
    VM(g.g, s).draw(1, "deck", "1.hand")        # the draw that finds it empty takes all 3
    assert s["z"]["pile"] == [] and len(s["z"]["deck"]) == 2


def test_refill_keep_without_refill_from_is_an_error(tmp_path):
    from places import at, edited_copy
    game = edited_copy(GAMES / "switchback", tmp_path, "    pile: {}\n",
                       "    pile: {refill_keep: 2}\n")
    text = (game / "game.yaml").read_text()
    found = check_game(str(game / "game.yaml"))
    assert [(f.line, f.col, f.code) for f in found] == [(*at(text, "refill_keep: 2",
                                                             "refill_keep"), "SCHEMA-VALUE")]
    assert found[0].message == ("'refill_keep' says how 'pile' refills, and it has no "
                                "refill_from: name the zone its cards come back from")


def test_the_card_drawn_is_named_privately_and_played_when_it_fits(switchback):
    from tests.scenario import Log, decide
    s = switchback.new_state(players=3, seed=2)
    rest = [c for c in switchback.g.cards if c not in ("h1", "s3", "h4", "d4", "h7", "s6")]
    _deal(switchback, s, {0: ["s3", "h4"], 1: ["d4"], 2: rest[:5]}, ["h1"], ["s6", "h7"])
    s["g"]["seat"] = 0
    from interpreter.runtime.vm import VM
    s["stack"], s["pending"] = [], None
    VM(switchback.g, s).push("phase:turn", {"me": None})
    VM(switchback.g, s).run()
    # s3 fits neither H nor 1, h4 does; the otherwise label counts the deck
    assert switchback.options(s, 0) == ["4H", f"draw a card ({len(s['z']['deck'])} left)"]
    assert switchback.prompt(s) == "P1: the pile shows AH"
    log = Log()
    decide(switchback, s, 1, log)
    # h7 was on top: drawn, named to P1 alone, and played since it fits the pile's suit
    told = [x for x in log if x == "you draw 7H"]
    assert len(told) == 1 and told[0].audience == (0,)
    assert s["z"]["pile"][-1] == "h7" and s["z"]["0.hand"] == ["s3", "h4"]


def test_an_eight_reverses_the_direction_of_play(switchback):
    from tests.scenario import decide
    from interpreter.runtime.vm import VM
    s = switchback.new_state(players=3, seed=2)
    rest = [c for c in switchback.g.cards if c not in ("h8", "h2", "s3", "d4", "h5")]
    _deal(switchback, s, {0: ["h8", "s3"], 1: ["d4"], 2: ["h2"]}, ["h5"], rest[:4])
    s["g"]["seat"], s["stack"], s["pending"] = 0, [], None
    VM(switchback.g, s).push("phase:turn", {"me": None})
    VM(switchback.g, s).run()
    decide(switchback, s, "8H")
    # direction -1: after seat 0 (P1) comes seat 2 (P3), not P2
    assert s["g"]["direction"] == -1 and s["g"]["seat"] == 2


@pytest.mark.parametrize("text, value", [
    ("next_player(players[0])", 1), ("next_player(players[0], -1)", 2),
    ("previous_player(players[0], -1)", 1), ("next_player(players[1], 2)", 0),
    ("clockwise(players[1])", [1, 2, 0]), ("clockwise(players[1], -1)", [1, 0, 2]),
    ("counterclockwise(players[1], -1)", [1, 2, 0]), ("players[2].seat", 2),
])
def test_direction_of_play_builtins_and_seats_from_zero(switchback, text, value):
    s = switchback.new_state(players=3, seed=1)
    assert _both_ways(switchback, text, s=s) == (value, value)


def test_switchback_plays_to_the_end_with_random_bots(switchback):
    import random
    for seed in range(20):
        s, r = switchback.new_state(players=3, seed=seed), random.Random(seed)
        for _ in range(2000):
            if s["over"]:
                break
            seat = switchback.waiting(s)[0]
            switchback.apply(s, seat, r.randrange(switchback.option_count(s, seat)))
        assert s["over"]
        held = sorted(c for z in s["z"].values() for c in z)
        assert held == sorted(switchback.g.cards)          # no card lost or doubled

