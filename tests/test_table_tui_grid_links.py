"""Links on a grid board (issue 24, item 4): a value's entries joining two squares (board
`links:`) are shown on a grid as on a hex map, in their owner's seat number: listed under the
grid (a square table has no edges to draw along), in the plain drawing and in the full-screen
table's board panel alike; only the links of values the seat may see."""
from __future__ import annotations

import shutil
from pathlib import Path

from interpreter.present import terminal, views
from interpreter.present.table import panels
from interpreter.runtime.game import Game

from tui_table import plain

STONES = Path(__file__).resolve().parent / "games" / "stones"


def walled(tmp_path, visibility: str = "all") -> Game:
    """Stones with a player value `walls`, a list of [square, square] the board links."""
    dest = tmp_path / "stones"
    shutil.copytree(STONES, dest)
    path = dest / "game.yaml"
    text = path.read_text()
    text = text.replace("  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1}\n",
                        "  board: {shape: grid, rows: 3, cols: 3, stack_limit: 1,\n"
                        "          links: [{value: walls}]}\n")
    text = text.replace("counters:\n", "values:\n  player:\n    walls: {start: [], "
                        f"visibility: {visibility}}}\ncounters:\n", 1)
    path.write_text(text)
    return Game.load(str(dest))


def test_a_grid_lists_its_links_in_their_owners_numbers(tmp_path):
    g = walled(tmp_path)
    s = g.new_state(players=2, seed=1)
    s["pv"][0]["walls"] = [["a1", "b1"], ["b1", "b2"]]
    s["pv"][1]["walls"] = [["c3", "c2"]]
    v = views.view(g, s, 0)
    board = v["boards"]["board"]
    assert board["links"] == [["a1", "b1", "P1", "walls"], ["b1", "b2", "P1", "walls"],
                              ["c3", "c2", "P2", "walls"]]
    seats = [x["label"] for x in v["seats"]]
    drawn = plain(terminal.render_board(board, "P1", seats=seats), 80).splitlines()
    assert [x.strip() for x in drawn if " - " in x and "(" in x] == [
        "@1 a1 - b1 (P1's walls)", "@1 b1 - b2 (P1's walls)", "@2 c3 - c2 (P2's walls)"]
    assert "@N x - y: seat N's walls joining squares x and y" in drawn[-1] + drawn[-2]
    # the full-screen table's board panel holds the same lines
    panel = plain(panels.board(panels.safe(v)), 120)
    assert "@2 c3 - c2 (P2's walls)" in panel and "@1 a1 - b1 (P1's walls)" in panel


def test_a_grid_hides_the_links_of_a_value_the_seat_may_not_see(tmp_path):
    g = walled(tmp_path, visibility="owner")
    s = g.new_state(players=2, seed=1)
    s["pv"][0]["walls"] = [["a1", "b1"]]
    s["pv"][1]["walls"] = [["c3", "c2"]]
    board = views.view(g, s, 1)["boards"]["board"]
    assert board["links"] == [["c3", "c2", "P2", "walls"]]
    drawn = plain(terminal.render_board(board, "P2", seats=["P1", "P2"]), 80)
    assert "c3 - c2" in drawn and "a1 - b1" not in drawn
