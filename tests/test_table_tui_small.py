"""Smaller things at the full-screen table (issue 33 item 10): the help laid out at 80x24,
the panel Ctrl+Up/Down scrolls named, a refused `done` not left as a filter, keys typed
while the bots think kept for the decision, whose card each board card is. Pilot tests at
80x24 and 120x40."""
from __future__ import annotations

import pytest

from interpreter.present.table.decision import DecisionPanel
from interpreter.present.table.screens import HELP, HelpScreen
from tui_table import SIZES, plain, press, shown_options, sync, table
from test_table_tui_layout import screen_rows


@pytest.fixture(scope="module")
def mid_sequence(tmp_path_factory):
    """A Metropolis game saved while Red composes its 2-point program with one step taken."""
    from test_save_fuzz import stopped_save

    def red_has_one_step(s, k):
        p = s["pending"] or {}
        return bool(p.get("so_far")) and len(p["so_far"].get("0", [])) == 1 \
            and "0" not in p["ans"]
    path = tmp_path_factory.mktemp("mid") / "mid.json"
    path.write_text(stopped_save("metropolis", 5, 3, red_has_one_step))
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_help_rows_wrap_beside_their_keys(size):
    """F1's help wrapped its long lines back to the box's left edge at 80x24."""
    app = table("metras", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "f1", "f1")             # the game's How to play, then the keys
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help-box").region
        keys = [k for k, _ in HELP if k]
        indent = max(map(len, keys)) + 2
        for row in screen_rows(app)[box.y + 1:box.bottom - 1]:
            inner = row[box.x + 2:box.right - 2].rstrip(" \u2502\u2581\u2582\u2583\u2584"
                                                         "\u2585\u2586\u2587\u2588")
            if inner.strip():   # a heading, a row's keys, or its text wrapped under its text
                assert any(inner.startswith(k) for k in keys) or \
                    inner.startswith(" " * indent), inner
        if size == (80, 24):
            assert box.width == 80


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_the_panel_ctrl_up_scrolls_says_so(size):
    app = table("metscri", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(2):
            rows = [r for r in screen_rows(app) if "Ctrl+Up/Down scrolls" in r]
            assert len(rows) == 1
            panel = app.query_one(f"#{app.active}").region
            assert rows[0] == screen_rows(app)[panel.bottom - 1]   # its bottom border
            await press(pilot, "tab")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_a_refused_done_is_not_left_as_a_filter(size, mid_sequence):
    app = table("metropolis", load=str(mid_sequence))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        before = shown_options(app)
        await press(pilot, *"done", "enter")
        panel = app.query_one(DecisionPanel)
        assert "Not done yet" in str(panel.note)
        assert panel.query_one("#entry").value == ""
        assert shown_options(app) == before        # the menu, not the options with "done"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_keys_typed_while_the_bots_think_are_kept(size):
    app = table("metras", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seat, label = app.seat, app.view["options"][1]
        panel = app.query_one(DecisionPanel)
        panel.ask({}, keep_typed=True)        # as next_turn does while the bots think
        await pilot.pause()
        await press(pilot, "2")
        app.show(seat)                        # the decision comes
        await pilot.pause()
        assert panel.query_one("#entry").value == "2"
        await press(pilot, "enter")
        assert app.driver.session.decisions[0] == (seat, label)
        assert panel.query_one("#entry").value == ""    # answered: nothing carried on


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_board_cards_show_whose_they_are(size):
    """M.E.T.A.'s arena did not mark whose constructs were whose at 80x24 (the lines under
    the map scrolled away): a card whose shown state names one seat has that seat's mark."""
    app = table("meta", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(8):                    # the setup: both Generators placed
            if "Generator@2" in plain(app.query_one("#board-text").content):
                break
            await press(pilot, "1", "enter")
        while app.compact and app.active != "board":
            await press(pilot, "tab")
        text = "\n".join(screen_rows(app))
        assert "Generator@1" in text and "Generator@2" in text
        assert "@N after a card: seat N's" in plain(app.query_one("#board-text").content)
