"""Boards in views and on the terminal: a hex map drawn in 80 columns with its list of places,
features as tags, markers from player values (only where the viewer may see the value), and
grids keeping their squares. tests/games/hex_trains is the small hex game they play."""
from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from interpreter.present import terminal, views
from interpreter.present.board_draw import feature_tags, render_board
from interpreter.errors import GameDefError
from interpreter.runtime.game import Game
from interpreter.boards.hex import face_letters, hexboard
from places import at, places
from scenario import evaluate

TRAINS = Path(__file__).resolve().parent / "games" / "hex_trains"


def shown(renderable) -> list:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None, highlight=False, markup=False,
            emoji=False).print(renderable)
    return out.getvalue().splitlines()


def played(players=3, moves=4, path=TRAINS):
    g = Game.load(str(path))
    s = g.new_state(players=players, seed=1)
    for _ in range(moves):
        g.apply(s, g.waiting(s)[0], 0)
    return g, s


def test_a_hex_view_has_places_features_and_markers():
    g, s = played()
    board = views.view(g, s, 0)["boards"]["map"]
    assert board["shape"] == "hex" and board["rows"] == [2, 3, 2]
    assert len(board["cells"]) == 24 and board["faces"] == list("ABCDEFG")
    assert board["cells"]["B.se"] == {"cards": [{"card": "parcel"}],
                                      "features": {"station": "circle"}}
    assert board["face_features"] == {"D": {"terrain": "hills"}}
    ats = {g.g.seat_label(p): s["pv"][p]["at"] for p in range(3)}
    assert sorted((w, p) for p, ms in board["markers"].items() for w, v in ms if v == "at") == \
        sorted((w, at) for w, at in ats.items())


def test_a_mapping_of_faces_to_players_marks_the_faces():
    # 2 seats always taking their first exit: P1 (seat 0) picks up at B.se on its second
    # move and claims B, the first hexagon of that corner; P2 at E.s claims E
    g, s = played(players=2, moves=4)
    assert s["v"]["claimed"] == {"B": 0, "E": 1}
    v = views.view(g, s, 1)
    assert v["boards"]["map"]["markers"]["B"] == [["P1", "claimed"]]
    assert v["boards"]["map"]["markers"]["E"] == [["P2", "claimed"]]
    assert v["boards"]["map"]["markers"]["B.se"] == [["P1", "at"]]
    lines = shown(render_board(v["boards"]["map"], "P2", seats=["P1", "P2"]))
    assert "B @1" in lines[3] and "B     P1 claimed" in lines
    assert "@1 P1 at/claimed" in lines[-1]


def test_the_hex_map_is_drawn_in_80_columns_with_its_list():
    g, s = played()
    v = views.view(g, s, 0)
    lines = shown(render_board(v["boards"]["map"], "P1", title="map",
                               seats=[x["label"] for x in v["seats"]]))
    assert max(map(len, lines)) <= 80
    text = "\n".join(lines)
    # the top of the map: A's point carries start 1 (st1), then A's and B's sides and names
    assert lines[1].split() == ["st1", "·"]
    assert lines[2].split() == ["/", "\\", "/", "\\"]
    assert lines[4].split() == ["|", "A", "|", "B", "|"]
    assert "D h" in text                                    # a face's feature tag
    assert "B.se  (E.n) station circle | parcel" in text    # the list: every spelling
    assert "c station circle" in text and "st2 start 2" in text and "@1 P1 at" in text
    for p in range(3):
        assert f"@{p + 1}" in text


def test_the_3_4_5_4_3_map_fits_and_every_face_is_named():
    b = hexboard("map", [3, 4, 5, 4, 3])
    board = {"shape": "hex", "rows": [3, 4, 5, 4, 3], "orientation": "pointy",
             "places": "vertices", "faces": face_letters(19), "remove": [], "hides": False,
             "marks": False, "stack_limit": None,
             "cells": {v: {"cards": []} for v in b.vertices}}
    board["cells"]["A.se"]["features"] = {"station": "circle"}
    lines = shown(render_board(board, "P1"))
    assert max(map(len, lines)) <= 80 and len(lines) == 23 + 2   # map, 1 listed place, legend
    assert sorted(ch for line in lines[:23] for ch in line.split() if ch.isupper()) == \
        list("ABCDEFGHIJKLMNOPQRS")
    assert sum(line.count("·") for line in lines) == 53            # A.se shows "c"
    assert sum(line.count("|") for line in lines[:23]) == 24        # the vertical edges


def test_a_flat_map_is_drawn_with_dashes_and_a_removed_face_left_blank():
    b = hexboard("map", [2, 3, 2], remove=["D"], orientation="flat")
    board = {"shape": "hex", "rows": [2, 3, 2], "orientation": "flat", "places": "vertices",
             "faces": face_letters(7), "remove": ["D"], "hides": False, "marks": False,
             "stack_limit": None, "cells": {v: {"cards": []} for v in b.vertices}}
    board["cells"]["A.nw"]["features"] = {"gate": True}
    lines = shown(render_board(board, "P1"))
    # columns of 2, 3, 2 hexagons: A on top of the middle one, D (removed) in its centre
    assert lines[0].split() == ["g---------·"]              # A's top side; A.nw is a gate
    assert lines[4].split() == ["·", "B", "·---------·", "C", "·"]
    assert lines[6].split() == ["·---------·", "·---------·"]   # no D
    assert lines[10].split()[1] == "G" and "A.nw  gate" in lines and "g gate" in lines[-1]
    assert max(map(len, lines)) <= 80


def test_feature_tags_stay_short_and_distinct():
    board = {"cells": {"a1": {"features": {"station": "circle", "start": 1}},
                       "a2": {"features": {"station": "square", "start": 2}},
                       "a3": {"features": {"furnace": True}}}}
    assert feature_tags(board) == {("station", "circle"): "c", ("start", 1): "st1",
                                   ("station", "square"): "sq", ("start", 2): "st2",
                                   ("furnace", True): "f"}


def with_trains(tmp_path, old, new) -> Path:
    dest = tmp_path / "trains"
    shutil.copytree(TRAINS, dest)
    path = dest / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return dest


def test_a_marker_of_an_owner_value_is_shown_to_its_owner_only(tmp_path):
    path = with_trains(tmp_path, "at: {start: none, type: text,",
                       "at: {start: none, type: text, visibility: owner,")
    g, s = played(path=path)
    for seat in range(3):
        board = views.view(g, s, seat)["boards"]["map"]
        assert [w for ms in board["markers"].values() for w, v in ms if v == "at"] == \
            [g.g.seat_label(seat)]
    spectator = views.view(g, s, None)["boards"]["map"].get("markers", {})
    assert not [w for ms in spectator.values() for w, v in ms if v == "at"]


def test_an_unknown_marker_value_is_a_located_error(tmp_path):
    path = with_trains(tmp_path, "markers: [at, claimed]", "markers: [att, claimed]")
    with pytest.raises(GameDefError) as e:
        Game.load(str(path))
    text = (path / "game.yaml").read_text()
    assert places(e.value.findings, path) == [
        ("game.yaml", *at(text, "    markers: [att, claimed]", "att"), "REF-UNDEF")]
    assert e.value.findings[0].hint == "did you mean 'at'?"


def test_a_grid_shows_features_on_empty_squares_and_markers(tmp_path):
    dest = stones_with(tmp_path, "markers: [home], features: {b2: {well: true}}")
    path = dest / "game.yaml"
    path.write_text(path.read_text().replace(
        "counters:\n", "values:\n  player:\n    home: {start: a1}\ncounters:\n", 1))
    g = Game.load(str(dest))
    s = g.new_state(players=2, seed=1)
    v = views.view(g, s, 0)
    lines = shown(terminal.render_board(v["boards"]["board"], "P1",
                                        seats=[x["label"] for x in v["seats"]]))
    assert lines[2].split() == ["2", "·", "w", "·"]
    assert lines[3].split() == ["1", "·@12", "·", "·"]
    assert "w well" in lines[-1] and "@1 P1 home" in lines[-1]


def test_random_games_on_the_hex_map_end():
    g = Game.load(str(TRAINS))
    for seed in range(10):
        s = g.new_state(players=2 + seed % 2, seed=seed)
        steps = 0
        while g.waiting(s):
            seat = g.waiting(s)[0]
            g.apply(s, seat, (seed + steps) % g.option_count(s, seat))
            steps += 1
        assert s["over"] and steps <= 6 * 3
        delivered = [evaluate(g, s, "p.delivered", p=p) for p in range(s["n"])]
        assert sum(delivered) == len(s["z"]["done"])           # one point per parcel taken
        ats = [s["pv"][p]["at"] for p in range(s["n"])]
        assert all(a in g.g.boards["map"].vertices for a in ats)


def stones_with(tmp_path, board_keys: str) -> Path:
    stones = Path(__file__).resolve().parent / "games" / "stones"
    dest = tmp_path / "stones"
    shutil.copytree(stones, dest)
    path = dest / "game.yaml"
    text = path.read_text().replace(
        "  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1}\n",
        "  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1, " + board_keys + "}\n")
    path.write_text(text)
    return dest


def test_a_grid_lists_its_cards_shown_state_under_the_board_hidden_ones_as_backs(tmp_path):
    # card state with show: true is the one way a board card shows its state (views stay
    # plain data: the state is there, the terminal words it)
    dest = stones_with(tmp_path, 'visible_if: "viewer != none"')
    path = dest / "game.yaml"
    text = path.read_text().replace("card_types:\n", "card_state:\n  placed_by: {start: none, "
                                    "type: player, kept_in: [board], show: true}\ncard_types:\n")
    text = text.replace("            move first(supply) to board[c]\n",
                        "            x = first(supply)\n"
                        "            move x to board[c]\n"
                        "            set x.placed_by = p\n")
    path.write_text(text)
    g = Game.load(str(dest))
    s = g.new_state(players=2, seed=1)
    g.apply_label(s, g.waiting(s)[0], "b2")
    g.apply_label(s, g.waiting(s)[0], "a3")
    seen = views.view(g, s, 1)["boards"]["board"]
    # known to the seats, not lying open (a spectator sees none): "known" says which
    assert seen["cells"]["b2"]["cards"] == [{"card": "stone", "placed_by": "P1", "known": "you"}]
    assert seen["shown"] == {"placed_by": None}
    assert shown(render_board(seen, "P2"))[-3:-1] == ["a3 stone: placed by P2",
                                                       "b2 stone: placed by P1"]
    spectator = views.view(g, s, None)["boards"]["board"]
    assert "b2 ##: placed by P1" in shown(render_board(spectator, "spectator"))


def test_a_hex_map_lists_its_cards_shown_state_under_its_places(tmp_path):
    dest = with_trains(tmp_path, "card_types:\n", "card_state:\n  waiting: {start: false, "
                       "kept_in: [map], show: true}\ncard_types:\n")
    path = dest / "game.yaml"
    path.write_text(path.read_text().replace("      move first(depot) to map[v]\n",
                                             "      x = first(depot)\n"
                                             "      move x to map[v]\n"
                                             "      set x.waiting = true\n"))
    g = Game.load(str(dest))
    s = g.new_state(players=2, seed=1)
    lines = shown(render_board(views.view(g, s, 0)["boards"]["map"], "P1", seats=["P1", "P2"]))
    listed = [x for x in lines if x.endswith(": waiting")]
    assert listed == ["B.se parcel: waiting", "E.s parcel: waiting", "F.sw parcel: waiting"]
    places = [i for i, x in enumerate(lines) if "station" in x and " | " in x]   # listed places
    assert len(places) == 3 and lines.index(listed[0]) > max(places)


def hex_view(rows, places="vertices", remove=()):
    b = hexboard("map", rows, remove=remove, places=places)
    return b, {"shape": "hex", "rows": list(rows), "orientation": "pointy", "places": places,
               "faces": face_letters(sum(rows)), "remove": list(remove), "hides": False,
               "marks": False, "stack_limit": None, "cells": {p: {"cards": []} for p in b.cells}}


def test_faces_as_places_show_their_cards_at_the_centre_and_a_wide_map_is_listed():
    b, board = hex_view([2, 3, 2], places="faces")
    board["cells"]["D"]["cards"] = [{"card": "tower"}, {"card": None}]
    board["markers"] = {"E": [["P2", "army"]]}
    lines = shown(render_board(board, "P1", seats=["P1", "P2"]))
    assert "D 2" in lines[7] and "E @2" in lines[7]           # the middle row's centres
    assert "D     tower, ##" in lines and "E     P2 army" in lines
    _, wide = hex_view([12, 13, 12])                        # 25 lattice columns: no room
    wide["cells"]["A.n"]["cards"] = [{"card": "x"}]
    lines = shown(render_board(wide, "P1"))
    assert lines[0].startswith("A.n") and max(map(len, lines)) <= 80 and len(lines) == 2


def test_a_marked_board_card_is_drawn_with_what_the_seat_was_told():
    """`mark` on a card lying on a grid: the square says `!` and a line under the board
    gives the words, to the seats told only (the mark's words were once read as seats)."""
    from interpreter.runtime.vm import VM
    g = Game.load("metscri")
    s = g.new_state(2, 1)
    r = random.Random(2)
    while not any(e["cards"] for e in views.view(g, s, 0)["boards"]["board"]["cells"].values()):
        seat = g.waiting(s)[0]
        g.apply(s, seat, r.randrange(len(g.options(s, seat))))
    board = g.g.boards["board"]
    cell = next(c for c in board.cells if s["z"][board.zone_key[c]])
    card = s["z"][board.zone_key[cell]][-1]
    VM(g.g, s).mark([card], "text", "a trap", False, to=[0])
    told = shown(render_board(views.view(g, s, 0)["boards"]["board"], "P1"))
    blind = shown(render_board(views.view(g, s, 1)["boards"]["board"], "P2"))
    assert any(line.startswith(f"{cell} ") and line.endswith(": a trap") for line in told)
    assert "!" in "".join(told) and "! marked" in told[-1] + " ".join(told)
    assert not any("a trap" in line or "!" in line for line in blind)
