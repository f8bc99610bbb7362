"""A number on screen means one thing (issue 33 item 7), at the full-screen table: an option
keeps its number at every step of a grouped menu and is picked by it at any step; groups are
keyed by letters; a number prompt (a bid) is never asked in groups, its number is the value.
The plain table's reading is tested in test_table_data.py (the same present/typed.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.present.table.decision import DecisionPanel, asked_in_groups
from interpreter.present.typed import group_key, group_keys, numbers_of, option_number, \
    typed_group
from tests.places import edited_copy
from tui_table import SIZES, note, press, shown_options, sync, table

SEALED = Path(__file__).parent / "games" / "sealed_numbers"
BID = "bids = choose number from 0 to me.coins by each of players"


def mine(app) -> list:
    return [x for p, x in app.driver.session.decisions if p == 0]


def test_the_reading_of_numbers_and_group_keys():
    assert [group_key(k) for k in (0, 1, 25, 26, 27)] == ["a", "b", "z", "aa", "ab"]
    groups = [["pass", [0]], ["bid", list(range(1, 24))], ["other", [24, 26]], ["x", [25]]]
    assert group_keys(groups) == {1: "a", 2: "b"}       # a group of one is its option
    assert typed_group("A", groups) == 1 and typed_group("other", groups) == 2
    assert typed_group("1", groups) is None             # a number is never a group
    assert option_number("01", 27) == 1 and option_number("27", 27) == 27
    assert option_number("28", 27) is None and option_number("²", 27) is None
    assert numbers_of(list(range(1, 24))) == "2-24"
    assert numbers_of([0, 2, 4, 5, 6, 9]) == "1, 3, 5-7, ..."


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_a_number_prompt_is_never_asked_in_groups(size, tmp_path):
    """`1 pass / 2 bid (23 options)` read `1` as a bid of 1 (Metras, seed 7): a number prompt
    with a long menu was listed in numbered groups while a typed number is the bid."""
    path = edited_copy(SEALED, tmp_path, BID, BID + ' grouped by ("low" if it < 10 else '
                       '"high") otherwise "pass"')
    text = (path / "game.yaml").read_text().replace("coins: {start: 3}", "coins: {start: 30}")
    (path / "game.yaml").write_text(text)
    app = table(str(path), seed=1, players=2)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        v = app.view
        assert v["number"] and len(v["options"]) == 32
        assert not asked_in_groups(v)
        rows = shown_options(app)
        assert rows[:2] == ["0", "1"] and "pass" in rows      # the values, no group rows
        await press(pilot, "1", "enter")
        assert mine(app) == ["1"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_a_filtered_option_number_is_that_option_at_the_group_step(size):
    """A filtered option numbered 37 gave "There is no group 37" (Etheria, seed 7, round 2):
    a bid menu in groups by points, a word filters it, and the number of an option it lists
    picks that option."""
    app = table("etheria", seed=7)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(80):
            if asked_in_groups(app.view) and len(app.view["options"]) > 30:
                break
            await press(pilot, "1", "enter")
        v = app.view
        groups = asked_in_groups(v)
        assert groups and len(v["options"]) > 30
        # groups keyed by letters, a group of one by its option's number
        keys = group_keys(groups)
        assert all(row.split(" ")[0] in set(keys.values()) | {str(g[1][0] + 1)}
                   for row, g in zip(shown_options(app), groups))
        n = len(v["options"]) - 1          # the last bid (before abstain), deep in a group
        word = v["options"][n - 1].split(": ", 1)[1].split(" + ")[-1]
        await press(pilot, *word)          # a filter lists it with its number
        assert any(row.startswith(f"{n} ") for row in shown_options(app))
        await press(pilot, "ctrl+u", *str(n))
        assert note(app) == "" or "There is no" not in note(app)
        await press(pilot, "enter")
        assert mine(app)[-1] == v["options"][n - 1]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_inside_a_group_any_option_number_is_that_option(size):
    app = table("etheria", seed=7)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(80):
            if asked_in_groups(app.view):
                break
            await press(pilot, "1", "enter")
        v = app.view
        groups = asked_in_groups(v)
        last = max(k for k, g in enumerate(groups) if len(g[1]) > 1)
        await press(pilot, *group_keys(groups)[last], "enter")      # the last group opened
        panel = app.query_one(DecisionPanel)
        assert panel.group == last
        assert shown_options(app)[0].startswith(f"{groups[last][1][0] + 1} ")
        await press(pilot, "1", "enter")          # option 1, of the first group
        assert mine(app)[-1] == v["options"][0]
