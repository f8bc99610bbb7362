"""Panels that keep their place at 80x24 (issue 24, found playing as a new player): the log
shows its last lines when shown again or when the program panel takes rows from it; the tab
bar says how many log lines are new while another panel is shown; a number prompt (typed,
not looked for) leaves the map its rows."""
from __future__ import annotations

from textual.widgets import OptionList, RichLog

from tui_table import answer, plain, press, sync, table


def at_end(app) -> bool:
    log = app.query_one("#log", RichLog)
    return log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


@sync
async def test_the_log_stays_at_its_end_when_the_program_panel_appears():
    app = table("metropolis", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while app.active != "log":
            await press(pilot, "tab")
        for i in range(12):                 # the pregame, then the first round's program
            if "steps" in app.view:
                break
            await answer(pilot, app, i)
        assert "steps" in app.view and app.query_one("#program").display
        await pilot.pause()
        assert at_end(app)                  # the newest lines in view, not an old place
        await press(pilot, "ctrl+up")        # the person scrolls back...
        assert not at_end(app)
        await press(pilot, "tab", "shift+tab")   # ...and showing the panel again: its end
        assert app.active == "log" and at_end(app)


@sync
async def test_the_tab_bar_counts_new_log_lines_until_the_log_is_shown():
    app = table("metscri", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.active == "board"
        for i in range(12):                 # until a decision brings new lines
            before = len(app.logged)
            await answer(pilot, app, i)
            if len(app.logged) > before:
                break
        assert app.news == len(app.logged) - before
        bar = plain(app.query_one("#tabbar").content)
        assert app.news > 0 and f"Log +{app.news}" in bar
        while app.active != "log":
            await press(pilot, "tab")
        assert app.news == 0 and "+" not in plain(app.query_one("#tabbar").content)


@sync
async def test_a_number_prompt_lists_three_rows_and_the_board_keeps_the_rest():
    app = table("metropolis", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.view["number"] and len(app.view["options"]) > 3
        assert app.query_one("#options", OptionList).size.height == 3
        assert app.query_one("#board").size.height >= 10      # most of the map's rows


@sync
async def test_log_lines_are_wrapped_to_the_panel_after_the_board_sets_its_width():
    # found in M.E.T.A.'s screen at 120x40: the log was wrapped before the board's width
    # was known and kept those lines, cut at the panel's edge
    app = table("meta", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        for i in range(3):
            await answer(pilot, app, i)
        await pilot.pause()
        log = app.query_one("#log", RichLog)
        width = log.scrollable_content_region.width
        assert log.lines and max(strip.cell_length for strip in log.lines) <= width
        words = " ".join(s.text for s in log.lines if not s.text.startswith("-- since"))
        assert words.split() == " ".join(app.logged).split()      # every word, once


@sync
async def test_without_a_board_the_seats_table_is_never_cut():
    # found playing Metras at 120x40: "expl…", "espio…", "favor…" in a half-width panel
    app = table("metras", seed=2, players=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seats = app.query_one("#seats-text")
        text = plain(seats.content, seats.content_region.width)
        assert "…" not in text.split("\n", 3)[1] + text.split("\n", 3)[2]   # header, P1
        assert "exploration" in text and "espionage" in text
        assert app.query_one("#decision").content_region.width >= 40   # the decision keeps room
