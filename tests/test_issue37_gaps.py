"""Issue 37's language gaps, each a general feature met by a designer writing a new kind of
game: mapping literals, choosing a subset, counters named by a value, board geometry from
options, places that show a number, values public but not shown, comprehensions with a
filter, lists of numbers in texts, a real decision with one option, declared turn orders,
menus grouped by first word. Game for scripts: tests/games/claims (values of every kind)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.errors import CompileErrors, GameError
from interpreter.runtime.game import Game
from tests.scenario import run_script

GAMES = Path(__file__).parent / "games"
CLAIMS = GAMES / "claims"


@pytest.fixture(scope="module")
def claims():
    return Game.load(str(CLAIMS))


def run(game, text, s=None, me=0, **local):
    return run_script(game, text, s, players=3, me=me, **local)


def compile_errors(game, text) -> list:
    from interpreter.effects.compiler import Compiler
    from interpreter.effects.parser import parse_script
    from interpreter.effects.script import ScriptCompiler
    try:
        ScriptCompiler(Compiler(game.g), {"me": "player"}).compile(parse_script(text))
    except CompileErrors as e:
        return [(x.code, x.line, x.col, x.message) for x in e.all]
    return []


# 1. mapping literals start, reset and replace a mapping value
def test_a_mapping_literal_resets_and_replaces_a_mapping_value(claims):
    s = run(claims, 'set me.invested["north"] = 2\nset me.invested = {}')
    assert s["pv"][0]["invested"] == {}
    s = run(claims, 'set controller = {"north": me, "south": me.next}\n'
                    'set me.invested = {"north": 1 + 1,\n    "south": 3}')
    assert s["v"]["controller"] == {"north": 0, "south": 1}
    assert s["pv"][0]["invested"] == {"north": 2, "south": 3}


def test_a_mapping_literal_in_a_variable_keeps_seats_as_digits_and_reads_them_back(claims):
    s = run(claims, 'm = {me: 5, "x": [1, 2]}\nset moves = [m[me], m["x"], keys(m)]')
    assert s["v"]["moves"] == [5, [1, 2], ["0", "x"]]


def test_a_mapping_literal_with_a_key_of_the_wrong_kind_is_found(claims):
    assert compile_errors(claims, "m = {[1]: 2}") == [
        ("TYPE", 1, 6, "a mapping's key is a text, a number or a player, not a list of numbers")]
    with pytest.raises(GameError, match="a mapping's key is a text or a whole number, not None"):
        run(claims, "k = none\nm = {k: 2}")


# 2. subsets, combinations and a power operator
def test_subsets_combinations_and_power(claims):
    s = run(claims, "set moves = [subsets([3, 3, 5]), combinations([1, 2, 3], 2), "
                    "2 ** 10, 0 - 2 ** 3, (0 - 2) ** 3, 2 * 3 ** 2, count(subsets(range(1, 10)))]")
    assert s["v"]["moves"] == [
        [[], [3], [3], [5], [3, 3], [3, 5], [3, 5], [3, 3, 5]],
        [[1, 2], [1, 3], [2, 3]], 1024, -8, -8, 18, 1024]


@pytest.mark.parametrize("text,message", [
    ("x = 2 ** 64", r"2 \*\* 64 is beyond the largest number"),
    ("x = 3 ** (0 - 1)", "the power must be 0 or more"),
    ("x = subsets(range(1, 17))", "would make 131072 lists"),
    ("x = combinations(range(1, 40), 20)", "would make more than 65536 lists"),
])
def test_subsets_and_powers_stay_bounded(claims, text, message):
    with pytest.raises(GameError, match=message):
        run(claims, text)


# 8. lists of numbers read as lists in texts; collections of cards keep their counted form
def test_a_list_of_numbers_reads_as_a_list_in_texts_and_menus():
    from interpreter.effects.menus import label_of
    g = Game.load("examples/keep_dice").g
    assert label_of(g, [3, 3, 5]) == "3, 3, 5"
    assert label_of(g, [3, 3, 5], "list:num") == "3, 3, 5"
    assert label_of(g, []) == "nothing"
    assert label_of(g, ["x", "x", "y"]) == "2 x + 1 y"       # texts: counted, as cards are
    game = Game.load("examples/keep_dice")
    s = game.new_state(players=2, seed=3)
    assert game.options(s, 0) == ["2", "4", "4 #2", "2, 4", "2, 4 #2", "4, 4", "2, 4, 4"]


# 7. comprehensions with a filter, and the natural form's error saying what to write
def test_a_comprehension_keeps_the_elements_its_filter_allows(claims):
    s = run(claims, "xs = [1, 3, 4, 2, 5]\nset moves = [[b * 2 for b in xs if b > 2], "
                    "[b for each b in xs if b % 2 == 0 and b > 2], sum(b for b in xs if b < 3), "
                    "[b * 10 for b in xs where b > 3], [b for b in xs where it > 4], "
                    "[b if b > 1 else 0 for b in xs]]")
    assert s["v"]["moves"] == [[6, 8, 10], [4], 3, [40, 50], [5], [0, 3, 4, 2, 5]]


def test_the_tree_walker_filters_as_compiled_code_does(claims):
    from interpreter.effects.parser import parse_expression
    from interpreter.effects.treewalk import TreeWalker
    from interpreter.runtime.vm import VM
    s = claims.new_state(players=3, seed=1)
    tree = parse_expression("[b * 2 for b in [1, 3, 4] if b > 2]")
    assert TreeWalker(claims.g).eval(tree, VM(claims.g, s), {}) == [6, 8]


def test_an_unknown_name_inside_where_says_the_element_is_it(claims):
    [(code, line, col, message)] = compile_errors(claims, "x = [1, 2] where b > 1")
    assert (code, message) == ("REF-UNDEF", "unknown name 'b'")
    from interpreter.effects.compiler import Compiler
    from interpreter.effects.parser import parse_script
    from interpreter.effects.script import ScriptCompiler
    with pytest.raises(CompileErrors) as info:
        ScriptCompiler(Compiler(claims.g), {"me": "player"}).compile(
            parse_script("x = [1, 2] where b > 1"))
    assert "each element is 'it'; to give it a name, write [... for b in X if ...]" \
        in info.value.all[0].hint


# 11. automatic grouping by first word never makes one group of (nearly) everything
def test_automatic_grouping_falls_back_to_the_flat_list_when_it_does_not_shorten():
    from interpreter.present.option_groups import menu_groups
    keeps = [f"keep {i}" for i in range(22)]
    assert menu_groups(None, keeps + ["done"]) is None
    assert menu_groups(None, keeps + ["done", "undo last"]) is None
    trade = [f"buy {i}" for i in range(25)] + [f"sell {i}" for i in range(25)]
    assert [(name, len(ixs)) for name, ixs in menu_groups(None, trade)] == \
        [("buy", 25), ("sell", 25)]
    # a longest group of a screenful or less still groups (what sets the fee, what moves)
    fees = [f"set fee {i}" for i in range(20)] + ["move a", "move b", "invest"]
    assert [len(ixs) for _, ixs in menu_groups(None, fees)] == [20, 2, 1]


# 9. a declared real decision even with one option
def test_ask_always_asks_a_choice_with_one_option(claims):
    s = run(claims, 'x = choose one of ["only"] by me\nset moves = [x]')
    assert s["pending"] is None and s["v"]["moves"] == ["only"] and s["forced"] == 1
    s = run(claims, 'x = choose one of ["only"] by me ask always prompt "go"\nset moves = [x]')
    assert claims.waiting(s) == [0] and claims.options(s, 0) == ["only"]
    claims.apply(s, 0, 0)
    assert s["v"]["moves"] == ["only"] and "forced" not in s
    s = run(claims, "x = choose number from 2 to 2 by me ask always")
    assert claims.options(s, 0) == ["2"]


def test_ask_always_on_a_sequence_or_twice_is_found(claims):
    assert [e[:3] for e in compile_errors(
        claims, "x = choose sequence of [1] by each of players length 1 ask always")] == \
        [("SYNTAX", 1, 56)]
    assert [e[0] for e in compile_errors(
        claims, "x = choose one of [1] by me ask always ask always")] == ["SYNTAX"]


# 3. counters named by a value; attr() on a player is caught by validate
def test_a_counter_named_by_a_value_is_read_and_changed(claims):
    s = run(claims, 'for each r in ["coins"]:\n    gain counter(r) 4 to me\n    lose counter(r) 1\n'
                    '    set moves = [me.counter(r), me.next.counter("coins")]\n'
                    'set me.next.counter("coins") = 9')
    assert s["pl"][0]["coins"] == 3 + 4 - 1 and s["v"]["moves"] == [6, 3]
    assert s["pl"][1]["coins"] == 9


def test_a_known_counter_name_is_checked_at_load_and_others_in_play(claims):
    assert [e[0] + " " + e[3] for e in compile_errors(
        claims, 'gain counter("coin") 1 to me\nx = me.counter("wood")\nx = me.counters("coins")')] \
        == ["REF-UNDEF players have no counter 'coin'", "REF-UNDEF players have no counter 'wood'",
            "REF-UNDEF 'counters(...)' is not something a value has: a player's counter named "
            "by a value is p.counter(NAME)"]
    with pytest.raises(GameError, match=r"players have no counter 'coin' \(did you mean 'coins'"):
        run(claims, 'r = "coin"\ngain counter(r) 1 to me')


def test_attr_on_a_player_is_a_finding_saying_what_to_write(claims):
    [(code, line, col, message)] = compile_errors(claims, 'x = attr(me, "coins")')
    assert (code, line, col) == ("TYPE", 1, 10)
    assert message == ("attr() reads a card's attribute or state, and this is a player: read "
                       "a player's counter by a computed name with p.counter(NAME)")


def test_attr_on_a_value_that_is_no_card_is_a_rule_error_in_words(claims):
    with pytest.raises(GameError, match="attr.. reads a card's attribute, and 0 is no card"):
        run(claims, 'x = attr(who, "coins")', who=0)      # `who` is typed any


def test_counters_named_in_play_are_no_orphans_and_the_recipe_validates(tmp_path):
    from interpreter.build.game_loader import check_game
    root = Path(__file__).resolve().parent.parent
    assert check_game(str(root / "examples" / "gather")) == []
    text = (root / "examples" / "gather" / "game.yaml").read_text()
    # the counters read only through counter(r): each named in text is used, others orphans
    text = text.replace("gain counter(space.gives) n to p",
                        'gain counter("wood") n to p').replace(
        "sum(worth[r] * p.counter(r) for r in goods) + (3 if min([p.counter(r) for r in goods])"
        " >= 2 else 0)", "p.counter('wood')").replace(
        " ({p.counter(space.gives)} in all)", "")
    (tmp_path / "game.yaml").write_text(text)
    found = [(f.code, f.message) for f in check_game(str(tmp_path / "game.yaml"))]
    assert ("ORPHAN", "the player counter 'stone' is never used") in found
    assert not any("'wood'" in m for _, m in found)


# 6. a value (or counter) public to the rules and bots but shown on no screen
def _bookkeeping_game(tmp_path, declaration):
    text = (CLAIMS / "game.yaml").read_text().replace(
        "    moves: {start: [], type: list,",
        f"    history: {declaration}\n    moves: {{start: [], type: list,", 1).replace(
        "  player:\n    coins:", "  player:\n    tries: {start: 0, shown: false}\n    coins:", 1)
    (tmp_path / "game.yaml").write_text(text)
    return Game.load(str(tmp_path / "game.yaml"))


def test_a_value_not_shown_is_left_out_of_views_but_bots_read_it_truly(tmp_path):
    import random
    from interpreter.bots.worlds import determinize
    from interpreter.present.views import view
    game = _bookkeeping_game(tmp_path, "{start: [], type: list, shown: false}")
    s = run(game, 'set history = ["c", "d", "c"]\ngain tries 2 to me')
    v = view(game, s, 1)
    assert "history" not in v["values"] and "moves" in v["values"]
    mine = view(game, s, 0)["seats"][0]["counters"]
    assert "tries" not in mine and "coins" in mine
    world = determinize(game, s, 1, random.Random(3))
    assert world["v"]["history"] == ["c", "d", "c"] and world["pl"][0]["tries"] == 2
    # visibility: none hides it from bots too: a bot imagines it at its start
    hidden = _bookkeeping_game(tmp_path, "{start: [], type: list, visibility: none}")
    s = run(hidden, 'set history = ["c", "d", "c"]')
    assert determinize(hidden, s, 1, random.Random(3))["v"]["history"] == []


# 10. extra turns and strict alternation as declared turn orders (boardgame.io's {first, next})
TURNS = """
game: {id: turns, name: Turns, players: {min: 2, max: 3}}
counters:
  player:
    score: {start: 0}
  game:
    moves: {start: 0}
values:
  game:
    again: {start: false, shown: false}
    order: {start: [], type: list}
rounds:
  count: 1
  phases:
    - name: play
      turns: TURNS
      do: |
        x = choose one of ["one", "two"] prompt "{me}: how many?"
        set order = order + [me.seat]
        gain score 1 to me
        set moves = moves + 1
        set again = x == "two"
end:
  score: it.score
"""


def _turn_game(tmp_path, turns):
    (tmp_path / "game.yaml").write_text(TURNS.replace("TURNS", turns))
    return Game.load(str(tmp_path / "game.yaml"))


def _play(game, players, answers):
    s = game.new_state(players=players, seed=1)
    for a in answers:
        if game.is_over(s):
            break
        seat = game.waiting(s)[0]
        game.apply(s, seat, game.options(s, seat).index(a))
    return s


def test_a_turn_order_alternates_and_gives_extra_turns(tmp_path):
    game = _turn_game(tmp_path, '{next: "me if again else next_player(me)", until: "moves >= 5"}')
    s = _play(game, 2, ["one", "two", "two", "one", "one", "one"])
    assert s["v"]["order"] == [0, 1, 1, 1, 0] and game.is_over(s)
    # first and count: the last seat starts, at most 4 turns, strict alternation
    game = _turn_game(tmp_path, '{first: "players[player_count - 1]", count: 4}')
    s = _play(game, 3, ["two"] * 10)
    assert s["v"]["order"] == [2, 0, 1, 2] and game.is_over(s)


def test_a_turn_order_whose_next_is_none_ends_the_phase(tmp_path):
    game = _turn_game(tmp_path, '{next: "next_player(me) if me.seat < 1 else none"}')
    s = _play(game, 3, ["one"] * 5)
    assert s["v"]["order"] == [0, 1] and game.is_over(s)


def test_a_turn_order_of_the_wrong_kind_is_found_at_its_place(tmp_path):
    from interpreter.build.game_loader import check_game
    (tmp_path / "game.yaml").write_text(TURNS.replace(
        "TURNS", '{next: "me.score", until: "moves", first: "nobody"}'))
    found = sorted((f.line, f.code) for f in check_game(str(tmp_path / "game.yaml")))
    assert found == [(16, "REF-UNDEF"), (16, "TYPE"), (16, "TYPE")]


# 4. board geometry from constants and options
BOARD = """
game: {id: sized, name: Sized, players: {min: 2, max: 2}}
constants: {margin: 1}
options:
  size: {default: 3, type: number, min: 2, max: 30, description: "Board side."}
counters:
  player:
    score: {start: 0}
boards:
  grid: BOARD
rounds:
  count: 1
  phases:
    - name: p
      do: |
        for each p in players:
            c = choose one of cells() by p
            gain score 1 to p
end:
  score: it.score
"""


def _sized(tmp_path, board):
    (tmp_path / "game.yaml").write_text(BOARD.replace("BOARD", board))
    return str(tmp_path / "game.yaml")


def test_a_grid_sized_by_an_option_is_built_again_for_another_value(tmp_path):
    from interpreter.analysis.overrides import board_overrides, load_with_overrides
    path = _sized(tmp_path, '{shape: grid, rows: "size", cols: "size + margin", '
                            'remove: "[\'a1\'] if size > 2 else []"}')
    game = Game.load(path)
    assert len(game.g.boards["grid"].cells) == 3 * 4 - 1 and game.g.board_options == {"size"}
    assert board_overrides(game, {"size": 3}) == ()
    big = load_with_overrides(path, board_overrides(game, {"size": 5}))
    assert len(big.g.boards["grid"].cells) == 5 * 6 - 1
    s = big.new_state(players=2, seed=1, options={"size": 5})
    assert len(big.options(s, 0)) == 29


def test_a_hex_board_shaped_by_a_constant(tmp_path):
    game = Game.load(_sized(tmp_path, '{shape: hex, rows: "[size, size + 1, size]", '
                                      'places: faces}'))
    assert len(game.g.boards["grid"].cells) == 10


@pytest.mark.parametrize("board,message", [
    ('{shape: grid, rows: "size", cols: "size * 10"}',
     "cols 'size * 10' gives 30: a whole number from 1 to 26 is needed"),
    ('{shape: grid, rows: "sise", cols: 3}', "rows 'sise': 'sise' is no constant or option "
                                             "(did you mean 'size'?)"),
    ('{shape: grid, rows: "cells()", cols: 3}', "rows 'cells()': a board's size is worked out"),
])
def test_a_board_size_that_cannot_be_worked_out_is_found_at_its_key(tmp_path, board, message):
    from interpreter.build.game_loader import check_game
    found = check_game(_sized(tmp_path, board))
    assert [(f.code, f.line) for f in found] == [("SCHEMA-VALUE", 10)]
    assert found[0].message.startswith(message)


def test_the_board_size_bound_is_checked_on_the_worked_out_size(tmp_path):
    from interpreter.build.game_loader import check_game
    found = check_game(_sized(tmp_path, '{shape: hex, rows: "[60 for i in range(1, 200)]"}'))
    assert [f.code for f in found] == ["SCHEMA-VALUE"] and "at most" in found[0].message


# 5. a board place that shows a number or a short text, drawn and described in views
def test_a_board_shows_each_places_number_in_views_and_on_the_terminal():
    from rich.console import Console
    from interpreter.present.board_draw import render_board
    from interpreter.present.views import view
    game = Game.load("examples/sow")
    s = game.new_state(players=2, seed=1)
    game.apply(s, 0, game.options(s, 0).index("b1 (3 seeds)"))
    board = view(game, s, 1)["boards"]["pits"]
    assert board["shows"] == "seeds"
    assert {k: c.get("shows") for k, c in board["cells"].items()} == {
        "a1": "3", "b1": "0", "c1": "4", "d1": "4", "e1": "1",
        "a2": "0", "b2": "3", "c2": "3", "d2": "3", "e2": "3"}
    console = Console(width=80, record=True)
    console.print(render_board(board, "P2", seats=["P1", "P2"]))
    text = console.export_text()
    rows = text.splitlines()
    assert rows[1].split() == ["2", "0", "3", "3", "3", "3"]
    assert rows[2].split() == ["1", "3", "0", "4", "4", "1"]
    assert "the square's seeds" in " ".join(text.split())


def test_a_board_shows_nothing_of_a_value_a_seat_may_not_see(tmp_path):
    from interpreter.build.game_loader import check_game
    from interpreter.present.views import view
    root = Path(__file__).resolve().parent.parent / "examples" / "sow" / "game.yaml"
    text = root.read_text().replace('seeds: {start: {}, entries: number, default: 0,',
                                    'seeds: {start: {}, entries: number, default: 0, '
                                    'visibility: none,')
    (tmp_path / "game.yaml").write_text(text)
    game = Game.load(str(tmp_path / "game.yaml"))
    cells = view(game, game.new_state(players=2, seed=1), 0)["boards"]["pits"]["cells"]
    assert not any("shows" in c for c in cells.values())
    (tmp_path / "game.yaml").write_text(root.read_text().replace("shows: seeds", "shows: seed"))
    found = [(f.code, f.message, f.hint) for f in check_game(str(tmp_path / "game.yaml"))]
    assert found == [("REF-UNDEF", "shows: 'seed' is not a game value", "did you mean 'seeds'?")]


# 2. choosing a subset: one decision whose options are the sets of items
def test_choose_any_offers_every_set_of_items_within_its_bounds(claims):
    s = run(claims, 'kept = choose any of [3, 3, 5] at least 1 at most 2 by me prompt "keep?"\n'
                    'set moves = kept')
    assert claims.options(s, 0) == ["3", "3 #2", "5", "3, 3", "3, 5", "3, 5 #2"]
    claims.apply(s, 0, 4)
    assert s["v"]["moves"] == [3, 5]
    s = run(claims, "kept = choose any of [1, 2] by me\nset moves = [kept]")
    assert claims.options(s, 0) == ["nothing", "1", "2", "1, 2"]
    s = run(claims, 'kept = choose any of ["a", "b", "c"] at least 3 by me\nset moves = kept')
    assert s["pending"] is None and s["v"]["moves"] == ["a", "b", "c"]     # one set: taken


def test_choose_any_past_its_bound_offers_a_sample_and_its_bounds_are_numbers(claims):
    from interpreter.effects import menus
    s = run(claims, "kept = choose any of range(1, 13) by me")     # 8192 sets: a sample
    menu = s["pending"]["opts"]["0"]
    assert len(claims.options(s, 0)) == 4096 and menus.sampled(menu)
    assert menu == run(claims, "kept = choose any of range(1, 13) by me")["pending"]["opts"]["0"]
    s = run(claims, "kept = choose any of range(1, 20) at most 2 by me")
    assert len(claims.options(s, 0)) == 1 + 20 + 190
    assert [e[0] for e in compile_errors(claims, 'k = choose any of [1] at least "a" by me')] \
        == ["TYPE"]


def test_a_person_composes_the_set_item_by_item_at_the_plain_table():
    from interpreter.present.views import view
    from test_cli import run as cli
    game = Game.load("examples/keep_dice")
    v = view(game, game.new_state(players=2, seed=3), 0)
    assert v["subset"] == {"items": ["2", "4", "4 #2"], "at_least": 1, "at_most": 3}
    # items 1 and 3 kept (3 toggled twice on the way), an empty set refused, then done
    r = cli("play", "examples/keep_dice", "--seed", 3, "--humans", 1, "--bots", "random",
            "--plain", input="done\n1\n3\n2\n2\ndone\nquit\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0, r.output
    assert "Keep 1 to 3 items: 0 items kept now." in out
    assert "[x] 2" in out and "[x] 4 #2" in out
    assert "P1 keeps 2, 4 for" in out
