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
