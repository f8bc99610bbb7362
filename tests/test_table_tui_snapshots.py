"""One screen per game per size of the full-screen table, pinned (pytest-textual-snapshot):
seed 1, seat 1 a person who has made three decisions by number keys, greedy bots. Nothing on
screen depends on time or chance beyond the seed (the cursor does not blink here).

Update after a deliberate change: python -m pytest -n 0 tests/test_table_tui_snapshots.py
--snapshot-update, then again with RULEBOOK_UPDATE_DOCS=1 (the update is written at the
session's end): the screens are copied to docs/ as
docs/table-GAME-WxH.svg, and as PNG beside them where cairosvg is installed (README's "At
the table" shows them)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input

from tui_table import GAMES, SIZES, answer, table

DOCS = Path(__file__).resolve().parent.parent / "docs"
SNAPSHOTS = Path(__file__).resolve().parent / "__snapshots__" / Path(__file__).stem


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_screen(game_id, size, snap_compare, request):
    app = table(game_id, seed=1)

    async def three_decisions(pilot):
        app.query_one("#entry", Input).cursor_blink = False
        for i in range(3):
            await answer(pilot, app, i)
        # the log panel is scrolled to its end after a refresh (app.log_to_end), and
        # wrapped again when its width changes: which of the two lands last depended on
        # timing, so the pinned screen is taken with both settled and the log at its end
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        app.query_one("#log").scroll_end(animate=False, immediate=True)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=three_decisions)
    if os.environ.get("RULEBOOK_UPDATE_DOCS"):
        doc = DOCS / f"table-{game_id}-{size[0]}x{size[1]}.svg"
        shutil.copy(SNAPSHOTS / f"{request.node.name}.svg", doc)
        try:                     # a PNG beside it where cairosvg is installed (not required)
            import cairosvg
        except ImportError:
            return
        cairosvg.svg2png(url=str(doc), write_to=str(doc.with_suffix(".png")),
                         output_width=10 * size[0])
