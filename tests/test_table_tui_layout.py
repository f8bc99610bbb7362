"""The full-screen table's layout (issue 33): the log laid out at the panel's real width
whenever shown (after a hidden tab, after a resize), its newest line in view, the decision
panel's share of the screen, the boards shown whole. Pilot tests at 80x24 and 120x40."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from tui_table import SIZES, press, sync, table


def screen_rows(app) -> list:
    """The rows on the terminal now, as text."""
    return [s.text.rstrip() for s in app.screen._compositor.render_strips()]


def laid_out(log) -> list:
    """The log's written lines wrapped at the panel's width now, as a RichLog lays them out."""
    width = log.scrollable_content_region.width
    con = Console(width=width, file=io.StringIO())
    return [line.plain.rstrip() for text in log.written for line in text.wrap(con, width)]


async def settle(pilot, app) -> None:
    """The bots' worker done and the screen laid out after it."""
    await app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


async def show_log(pilot, app) -> None:
    while app.compact and app.active != "log":
        await press(pilot, "tab")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_log_written_while_hidden_is_laid_out_at_its_width(size):
    """Issue 33 item 1: lines written while the Log tab was hidden wrapped at ~20 columns
    (metras --players 3 --seed 7, keys Tab Tab 1 Enter 2 Enter Tab); they are laid out at the
    panel's width when shown, also after the window is resized mid-game."""
    app = table("metras", seed=7, players=3)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if size != (80, 24):        # shrunk mid-game, played, then grown again
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
        await press(pilot, "tab", "tab", "1", "enter", "2", "enter")
        if size != (80, 24):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        await show_log(pilot, app)
        log = app.query_one("#log")
        shown = [s.text.rstrip() for s in log.lines]
        assert len(log.written) >= 4
        assert shown == laid_out(log)
        assert max(map(len, shown)) > 30    # not the hidden panel's 20 columns
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await show_log(pilot, app)
        assert [s.text.rstrip() for s in log.lines] == laid_out(log)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id,seed", [("etheria", 7), ("metras", 7)])
@sync
async def test_newest_log_line_in_view(game_id, seed, size):
    """Issue 33 item 4: the newest log line was cut at the panel's bottom when the decision
    panel grew after the log had scrolled (the highlighted option's card details, shown once
    the bots' worker is done). Bots in their thread, as `rulebook play` runs them."""
    app = table(game_id, seed=seed, players=3)
    app.threaded = True
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        seen = 0
        for decision in range(4):
            await show_log(pilot, app)
            log = app.query_one("#log")
            if log.lines:
                seen += 1
                assert log.scroll_y == log.max_scroll_y
                last = log.lines[-1].text.rstrip()
                assert any(f"\u2502 {last}" in row for row in screen_rows(app)), last
            await press(pilot, "1", "enter")
            await settle(pilot, app)
        assert seen >= 2
