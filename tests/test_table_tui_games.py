"""Whole games at the full-screen table (issue 24, item 1; slow: python -m pytest -m slow
tests/test_table_tui_games.py): each game to its end at 80x24 and 120x40, seat 1 a person who
answers by number keys and Enter, now and then types a label instead, undoes, and halfway
saves, leaves and continues from the save in a new table; the result screen ends it."""
from __future__ import annotations

import pytest

from interpreter.present import views

from tui_table import GAMES, SIZES, answer, on_result_screen, over, press, sync, table

MOST = 3000     # human decisions: a guard, far above any game's length


async def play(pilot, app, first: int, stop):
    """The person's decisions from number `first` until `stop(i)` or the game's end; returns
    the number of the next one."""
    i = first
    while not over(app) and not stop(i):
        assert i < MOST
        session = app.driver.session
        before = len(session.decisions)
        v = app.view
        if i % 9 == 4 and not v.get("number") and len(v["options"]) > 1:
            label = v["options"][(i * 5) % len(v["options"])]      # typed, in lower case
            seat = app.seat
            await press(pilot, *label.lower().replace("\n", " "), "enter")
        else:
            seat, label = await answer(pilot, app, i)
        assert session.decisions[before] == (seat, label)
        if i % 13 == 6 and not over(app):
            made = len(session.decisions)
            steps = app.view.get("steps")
            await press(pilot, "ctrl+z")
            said = str(app.query_one("#note").content)
            if said == "Undone: the last step of your sequence.":
                # within a secret program undo is its "undo last": one step fewer, recorded
                # as an answer like any other (a save replays it)
                assert app.view["steps"] == steps[:-1]
                assert session.decisions[-1] == (app.seat, "undo last")
            elif said.startswith("Undone"):
                assert len(app.driver.session.decisions) < made
            else:
                assert "cannot undo" in said, said
        if not over(app):
            assert app.view == views.view(app.game, app.driver.session.state, app.seat)
        i += 1
    return i


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
@sync
async def test_a_whole_game(game_id, size, tmp_path):
    path = tmp_path / "half.json"
    app = table(game_id, seed=5)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        i = await play(pilot, app, 0, lambda i: i == 20)
        assert not over(app), "the game ended before the save"
        await press(pilot, *f"save {path}", "enter", "ctrl+q")
    assert app.return_value == "quit"
    again = table(game_id, load=str(path))
    async with again.run_test(size=size) as pilot:
        await pilot.pause()
        assert again.driver.session.decisions == app.driver.session.decisions
        await play(pilot, again, i, lambda i: False)
        assert over(again) and on_result_screen(again)
        await press(pilot, "enter")
    assert again.return_value == "over"
