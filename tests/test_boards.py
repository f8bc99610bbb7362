"""Boards, card state and YAML functions as generic engine pieces: geometry tables, builtins,
and the errors a designer gets (file:line:col) when a board or function is declared wrong."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.boards.geometry import connected, grid
from interpreter.errors import GameDefError, GameError
from interpreter.runtime.game import Game
from places import at, places
from scenario import clear_flow, evaluate, load, place

METSCRI = Path(__file__).resolve().parent.parent / "gamedefs" / "metscri"


def test_a_7x7_grid_without_corners():
    b = grid("board", 7, 7, "corners", 3)
    assert len(b.cells) == 45 and "a1" not in b.cells and "g7" not in b.cells
    assert b.cells[0] == "b7" and b.cells[-1] == "f1"          # drawn top row first
    # rim distance: orthogonal steps to leave the board, minus 1 (b2 is inside, not on the rim)
    assert [b.rim[c] for c in ("b1", "a2", "b2", "c3", "d4", "f6", "e5")] == [0, 0, 1, 2, 3, 1, 2]
    assert sum(1 for c in b.cells if b.rim[c] == 0) == 20
    assert b.rays["d4"]["n"] == ("d5", "d6", "d7") and b.rays["b2"]["sw"] == ()   # a1 removed
    assert b.rays["a2"]["s"] == ()
    assert set(b.neighbours["a2"]) == {"a3", "b2"}
    assert set(b.around["b2"]) == {"a2", "a3", "b1", "b3", "c1", "c2", "c3"}


def test_a_grid_can_remove_any_cells():
    b = grid("arena", 3, 4, ["b2"])
    assert "b2" not in b.cells and b.rays["a2"]["e"] == ()      # a hole ends a ray
    assert b.rim["c2"] == 0                                     # next to the hole: on a rim


def test_connected_groups():
    b = grid("board", 7, 7, "corners")
    cells = ["b2", "c3", "e3", "e4", "g6"]
    assert connected(cells, b.around) == [["b2", "c3"], ["e3", "e4"], ["g6"]]
    assert connected(cells, b.neighbours) == [["b2"], ["c3"], ["e3", "e4"], ["g6"]]


def test_board_builtins_read_the_state():
    game = load("metscri")
    s = clear_flow(game.new_state(players=2, seed=1))
    place(s, game, "7h-1", "board.d4")
    place(s, game, "8h-1", "board.d4")
    place(s, game, "9h-1", "board.d6")
    assert evaluate(game, s, 'height("d4")') == 2
    assert evaluate(game, s, 'room("d4")') == 1
    assert evaluate(game, s, 'top_card("d4")') == "8h-1"
    assert evaluate(game, s, 'top_card("c3")') is None
    assert evaluate(game, s, 'cell_of("7h-1")') == "d4"
    assert evaluate(game, s, 'cell_of("2s-1")') is None
    assert evaluate(game, s, 'ray("d4", "n") until height(it) > 0') == ["d5"]
    assert evaluate(game, s, 'board["d4"]') == ["7h-1", "8h-1"]
    assert evaluate(game, s, 'count(cells() where height(it) > 0)') == 2
    assert evaluate(game, s, 'groups(["d4", "d6", "d5"], "around")') == [["d4", "d6", "d5"]]
    assert evaluate(game, s, 'join(["a", "b"], ", ")') == "a, b"
    with pytest.raises(GameError, match="not a cell"):
        evaluate(game, s, 'height("z9")')
    with pytest.raises(GameError, match="unknown direction"):
        evaluate(game, s, 'ray("d4", "up")')


def test_stacks_and_groups_by_an_attribute_with_wild_cards():
    game = load("metscri")
    s = clear_flow(game.new_state(players=2, seed=1))
    for card, cell in (("7h-1", "b2"), ("7c-1", "c3"), ("8h-1", "d4"), ("as-1", "d3"),
                       ("8c-1", "e5"), ("7d-1", "f6"), ("9h-1", "g4")):
        place(s, game, card, f"board.{cell}")
    assert evaluate(game, s, "stacks()") == evaluate(game, s, "cells() where height(it) > 0")
    cells = '["b2", "c3", "d3", "d4", "e5", "f6", "g4", "a5"]'   # a5 is empty: no part
    # 7s first (b2 is the first non-wild card), then 8s, then 9s; the ace (d3) is wild and
    # joins every value's groups (alone, too, where it touches no card of that value);
    # f6's 7 touches no other 7 or wild card
    assert evaluate(game, s, f'groups({cells}, "around", "symbol", "joker")') == [
        ["b2", "c3", "d3"], ["f6"], ["d3", "d4", "e5"], ["d3"], ["g4"]]
    # without a wild attribute the ace is one more value
    assert evaluate(game, s, f'groups({cells}, "around", "symbol")') == [
        ["b2", "c3"], ["f6"], ["d3"], ["d4", "e5"], ["g4"]]


def test_roll_is_seeded():
    game = load("metscri")
    a = clear_flow(game.new_state(players=2, seed=3))
    b = clear_flow(game.new_state(players=2, seed=3))
    rolls_a = [evaluate(game, a, "roll(6)") for _ in range(50)]
    assert rolls_a == [evaluate(game, b, "roll(6)") for _ in range(50)]
    assert set(rolls_a) == {1, 2, 3, 4, 5, 6}


def _broken(tmp_path, old, new, game=METSCRI):
    """The game copied with one edit; its findings as exact places, and the edited text."""
    dest = tmp_path / game.name
    shutil.copytree(game, dest)
    path = dest / "game.yaml"
    text = path.read_text()
    assert text.count(old) == 1
    text = text.replace(old, new)
    path.write_text(text)
    with pytest.raises(GameDefError) as e:
        Game.load(str(dest))
    return places(e.value.findings, dest), text


def test_an_unknown_removed_cell_is_reported(tmp_path):
    found, text = _broken(tmp_path, "remove: corners", "remove: [a1, z9]")
    assert found == [("game.yaml", *at(text, "remove: [a1, z9]", "z9"), "REF-UNDEF")]


def test_a_function_named_like_a_builtin_is_reported(tmp_path):
    found, text = _broken(tmp_path, "  spy_cost:\n",
                          '  rim:\n    params: {c: text}\n    expr: "1"\n  spy_cost:\n')
    assert found == [("game.yaml", *at(text, "  rim:", "rim"), "DUP-NAME")]


def test_a_card_state_named_like_an_attribute_is_reported(tmp_path):
    found, text = _broken(tmp_path, "card_state:\n",
                          "card_state:\n  symbol: {start: false, kept_in: [board]}\n")
    assert found == [("game.yaml", *at(text, "  symbol: {start: false", "symbol"), "DUP-NAME")]


def test_an_unknown_cell_in_a_board_index_is_reported(tmp_path):
    found, text = _broken(tmp_path, "move top_card(c) to board[dest]",
                          'move top_card(c) to board["z9"]')
    assert found == [("game.yaml", *at(text, 'board["z9"]', '"z9"'), "REF-UNDEF")]


def test_board_builtins_need_a_board(tmp_path):
    metras = Path(__file__).resolve().parent.parent / "gamedefs" / "metras"
    found, text = _broken(tmp_path, "      gain IP my.fame * card.multiplier\n",
                          "      gain IP rim(\"d4\")\n", game=metras)
    assert found == [("game.yaml", *at(text, 'gain IP rim("d4")', "rim"), "REF-UNDEF")]


def test_a_saved_state_with_damaged_card_state_is_refused():
    import json

    from interpreter.errors import SaveFileError
    game = load("metscri")
    s = clear_flow(game.new_state(players=2, seed=1))
    s["cs"]["face_up"]["7h-1"] = True
    assert game.from_json(game.to_json(s)) == s
    for damage in ({"face_up": {}}, {"face_up": {"nope": True}, "seen_by": {}}, []):
        bad = json.loads(game.to_json(s))
        bad["cs"] = damage
        with pytest.raises(SaveFileError, match="card state|'cs'"):
            game.from_json(json.dumps(bad))
    bad = json.loads(game.to_json(s))
    bad["capped"] = "yes"
    with pytest.raises(SaveFileError, match="capped"):
        game.from_json(json.dumps(bad))
