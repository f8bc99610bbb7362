"""Board reach on a grid: features per place, distance, within, reach, row and col.

The arena below is 4 columns x 5 rows with a hole at b3 (a removed cell is no cell: paths go
around it), drawn with row 5 on top:

    5  a5 b5 c5 d5        features: c1 generator 1, b5 generator 2,
    4  a4 b4 c4 d4                  a3 and d3 furnace
    3  a3 -- c3 d3
    2  a2 b2 c2 d2
    1  a1 b1 c1 d1
        a  b  c  d

Every number was counted by hand on that drawing.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.effects.parser import parse_expression
from interpreter.effects.treewalk import TreeWalker
from interpreter.errors import GameDefError, GameError
from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM
from places import at, places
from scenario import evaluate

STONES = Path(__file__).resolve().parent / "games" / "stones"
BOARD = "  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1}\n"
ARENA = """  board:
    shape: grid
    rows: 5
    cols: 4
    remove: [b3]
    stack_limit: 1
    features:
      c1: {generator: 1}
      b5: {generator: 2}
      a3: {furnace: true}
      d3: {furnace: true}
"""


def arena_dir(tmp_path, board=ARENA, old=None, new=None) -> Path:
    dest = tmp_path / "arena"
    shutil.copytree(STONES, dest)
    path = dest / "game.yaml"
    text = path.read_text()
    assert BOARD in text
    text = text.replace(BOARD, board)
    if old is not None:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    return dest


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    game = Game.load(str(arena_dir(tmp_path_factory.mktemp("g"))))
    return game, game.new_state(players=2, seed=1)


def both(game, state, text):
    """The compiled value, checked against the tree-walked one."""
    value = evaluate(game, state, text)
    assert TreeWalker(game.g).eval(parse_expression(text), VM(game.g, state), {}) == value
    return value


def test_distance_goes_around_a_removed_cell(arena):
    game, s = arena
    assert both(game, s, 'distance("a1", "d5")') == 7               # Manhattan: 3 + 4
    assert both(game, s, 'distance("b2", "b4")') == 4               # around b3: by a or by c
    assert both(game, s, 'distance("b2", "b2")') == 0
    assert both(game, s, 'distance("b2", "b4", "around")') == 2     # king steps b2-a3-b4
    assert both(game, s, 'distance("a1", "d5", "around")') == 4     # max(3, 4)
    assert both(game, s, 'distance("b4", "b2", adjacency="around")') == 2


def test_row_and_col_count_from_1(arena):
    game, s = arena
    assert both(game, s, '[col("c4"), row("c4")]') == [3, 4]
    assert both(game, s, 'cells() where row(it) == 5') == ["a5", "b5", "c5", "d5"]
    assert both(game, s, 'count(cells() where col(it) == 2)') == 4  # b3 is removed


def test_within_lists_places_at_distance_1_to_r_in_board_order(arena):
    game, s = arena
    assert both(game, s, 'within("b2", 1)') == ["a2", "c2", "b1"]
    assert both(game, s, 'within("a1", 2)') == ["a3", "a2", "b2", "b1", "c1"]
    assert both(game, s, 'within("a1", 1, "around")') == ["a2", "b2", "b1"]
    assert both(game, s, 'within("b2", 0)') == []


def test_reach_passes_over_through_and_never_enters_blocked(arena):
    game, s = arena
    # step 1: b1, c2 (a2 blocked, b3 removed); step 2: a1, c1 from b1, c3, d2 (and c1) from
    # c2; c2 is passed over but is no place to stop
    assert both(game, s, 'reach("b2", 2, through=["c2"], blocked=["a2"])') == \
        ["c3", "d2", "a1", "b1", "c1"]
    assert both(game, s, 'reach("b2", 1, ["c2"], ["a2"])') == ["b1"]
    assert both(game, s, 'reach("b2", 2)') == ["a3", "c3", "a2", "c2", "d2", "a1", "b1", "c1"]
    assert both(game, s, 'reach("b2", 0)') == []
    # boxed in: every neighbour blocked; a none in the lists (a card off the board) is ignored
    assert both(game, s, 'reach("a1", 3, blocked=["a2", "b1", none])') == []
    assert both(game, s, 'reach("a1", 2, adjacency="around", blocked=["a2", "b1"])') == \
        ["a3", "c3", "b2", "c2", "c1"]                               # b2 at step 1


def test_features_are_read_by_place(arena):
    game, s = arena
    assert both(game, s, 'feature("c1", "generator")') == 1
    assert both(game, s, 'feature("c2", "generator")') is None
    assert both(game, s, 'feature("a3", "furnace")') is True
    assert both(game, s, 'with_feature("furnace")') == ["a3", "d3"]
    assert both(game, s, 'with_feature("generator")') == ["b5", "c1"]
    assert both(game, s, 'with_feature("generator", 2)') == ["b5"]
    assert both(game, s, 'reach("c2", 2, blocked=with_feature("furnace"))') == \
        ["c4", "c3", "a2", "b2", "d2", "b1", "c1", "d1"]


def test_a_place_the_board_lacks_is_the_rules_error(arena):
    game, s = arena
    for text in ('distance("b3", "a1")', 'distance("a1", "z9")', 'row("b3")',
                 'feature("e1", "furnace")', 'within("q1", 2)', 'reach("b3", 1)',
                 'reach("a1", 1, blocked=["zz"])'):
        with pytest.raises(GameError, match="not a cell of board"):
            evaluate(game, s, text)
    with pytest.raises(GameError, match="adjacency"):
        evaluate(game, s, 'distance("a1", "a2", "diagonal")')


def findings(tmp_path, **kw):
    """The edited arena's findings as exact places, the findings, and the edited text."""
    game = arena_dir(tmp_path, **kw)
    with pytest.raises(GameDefError) as e:
        Game.load(str(game))
    return places(e.value.findings, game), e.value.findings, (game / "game.yaml").read_text()


def test_an_unknown_place_in_features_is_located_with_did_you_mean(tmp_path):
    found, said, text = findings(tmp_path, board=ARENA.replace(
        "      d3: {furnace: true}", "      c11: {furnace: true}\n      b3: {furnace: true}"))
    assert found == [("game.yaml", *at(text, "      c11: {furnace", "c11"), "REF-UNDEF"),  # a typo
                     ("game.yaml", *at(text, "      b3: {furnace", "b3"), "REF-UNDEF")]    # removed
    assert [(f.message, f.hint) for f in said] == [
        ("'c11' is not a place of board", "did you mean 'c1'?"),
        ("'b3' is not a place of board", "")]


def test_a_misspelt_feature_name_is_a_located_error(tmp_path):
    found, said, text = findings(
        tmp_path, old="cells() where height(it) == 0 by p",
        new='cells() where height(it) == 0 and feature(it, "generater") == none by p')
    assert found == [("game.yaml", *at(text, '"generater"'), "REF-UNDEF")]
    assert said[0].hint == "did you mean 'generator'?"


def test_a_game_with_features_plays_to_its_end(tmp_path):
    # stones only on the furnaces and next to a generator: 2 rounds x 2 players
    game = Game.load(str(arena_dir(
        tmp_path, old="cells() where height(it) == 0 by p",
        new='(with_feature("furnace") + within(first(with_feature("generator", 1)), 1)) '
            'where height(it) == 0 by p')))
    s = game.new_state(players=2, seed=3)
    while game.waiting(s):
        seat = game.waiting(s)[0]
        game.apply(s, seat, 0)
    assert sorted(c for c in ("a3", "d3", "c2", "b1", "d1") if s["z"]["board." + c]) == \
        ["a3", "b1", "c2", "d3"]
