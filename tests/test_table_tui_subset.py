"""Choosing a subset at the full-screen table (issue 37): a choose-any decision lists its
items, each kept or left by its number and Enter (or Enter on its row), what is kept is said
as it changes, and done answers with the set, refused with the bounds when its size is out
of them. A menu whose sets are too many to list (bots are offered a sample) still lets a
person keep any set: it is answered by its items' positions, and a save replays it."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.effects import menus
from interpreter.runtime.play_session import Session
from tui_table import SIZES, note, press, shown_options, sync, table

MANY = str(Path(__file__).parent / "games" / "keep_many")


def mine(app) -> list:
    return [x for p, x in app.driver.session.decisions if p == 0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_a_person_composes_the_kept_dice_item_by_item(size):
    app = table("examples/keep_dice", seed=3, players=2, bots="random")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.view["subset"]["items"] == ["2", "4", "4 #2"]
        assert shown_options(app) == ["1 [ ] 2", "2 [ ] 4", "3 [ ] 4 #2",
                                      "done  keep the 0 items marked (1 to 3)"]
        await press(pilot, "d", "o", "n", "e", "enter")     # nothing kept: refused
        assert note(app) == "Keep 1 to 3 items: 0 items kept now."
        assert mine(app) == []
        for key in ("1", "3", "2", "2"):                    # 2 kept and left again
            await press(pilot, key, "enter")
        assert shown_options(app)[:3] == ["1 [x] 2", "2 [ ] 4", "3 [x] 4 #2"]
        assert note(app).startswith("Kept: 2, 4 #2 (2 items; 1 to 3 to keep)")
        await press(pilot, "9", "enter")
        assert note(app) == "There is no item 9: choose 1 to 3, then done."
        await press(pilot, "d", "o", "n", "e", "enter")
        assert mine(app) == ["2, 4 #2"]         # the option holding dice 1 and 3
        assert any("P1 keeps 2, 4 for" in str(x) for x in app.driver.session.log)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_enter_on_an_item_row_keeps_it_and_on_done_answers(size):
    app = table("examples/keep_dice", seed=3, players=2, bots="random")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "down", "enter")             # row 2: the die 4
        assert shown_options(app)[1] == "2 [x] 4"
        await press(pilot, "down", "down", "enter")     # the done row
        assert mine(app) == ["4"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_a_set_the_sample_left_out_is_kept_and_replays(size):
    app = table(MANY, seed=5, players=2, bots="random")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        sub = app.view["subset"]
        assert sub["sampled"] and len(sub["items"]) == 14 and len(app.view["options"]) == 4096
        menu = app.driver.session.state["pending"]["opts"]["0"]
        items = menu["any"][0]
        # a set of 7 dice no option of the sample holds
        sevens = (menus.combination_at(14, 7, r) for r in range(3432))
        want = next(c for c in sevens if [items[i] for i in c] not in menu["vals"])
        for i in want:
            await press(pilot, *str(i + 1), "enter")
        assert sum("[x]" in row for row in shown_options(app)) == 7
        await press(pilot, "d", "o", "n", "e", "enter")
        label = mine(app)[0]
        assert label.endswith("(items " + ", ".join(str(i + 1) for i in want) + ")")
        kept = ", ".join(str(items[i]) for i in want)
        assert any(f"P1 keeps {kept} for" in str(x) for x in app.driver.session.log)
        session = app.driver.session
        again = Session.from_save(session.game, session.save_data())
        assert again.game.state_hash(again.state) == session.game.state_hash(session.state)
