"""Typed words at the full-screen table (issue 24): every looking word plain mode has (rim,
card N / PLACE / LABEL, details, log, show, help) works here too, drawn from the seat's view
only; and a Metropolis secret program at the table: a step typed in lower case, undo by key
(the case that stopped the whole-game runs, which are slow)."""
from __future__ import annotations

from interpreter.present import terminal, views
from interpreter.present.table.screens import HelpScreen, InfoScreen

from tui_table import answer, note, plain, press, sync, table


def info(app) -> str:
    """The text an InfoScreen shows (fails when none is up)."""
    assert isinstance(app.screen, InfoScreen), type(app.screen).__name__
    return plain(app.screen.query_one("#info-text").content)


def board_cards(v: dict) -> dict:
    """{place: [card label, ...]} of the cards this view shows on its boards."""
    return {p: [c["card"] for c in cell["cards"] if c.get("card")]
            for b in (v.get("boards") or {}).values() for p, cell in b["cells"].items()
            if any(c.get("card") for c in cell["cards"])}


# ------------------------------------------------------------------ a Metropolis program
@sync
async def test_a_metropolis_program_step_typed_in_lower_case_and_undone_by_key():
    app = table("metropolis", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for i in range(12):                     # the pregame, then the first round's program
            if "steps" in app.view:
                break
            await answer(pilot, app, i)
        v = app.view
        assert v["steps"] == [] and app.query_one("#program").display
        step = next(o for o in v["options"] if o != o.lower())     # e.g. "move n to C.ne"
        before = len(app.driver.session.decisions)
        await press(pilot, *step.lower(), "enter")
        assert app.driver.session.decisions[before] == (0, step)  # the label as the menu has it
        assert app.view["steps"] == [step]
        assert plain(app.query_one("#program-text").content).strip() == f"1. {step}"
        await press(pilot, "ctrl+z")             # in a program: its last step taken back
        assert note(app) == "Undone: the last step of your sequence."
        assert app.view["steps"] == []
        assert app.driver.session.decisions[-1] == (0, "undo last")
        assert app.view == views.view(app.game, app.driver.session.state, 0)
        await press(pilot, *"done", "enter")     # too early: says how many steps are missing
        need = app.game.steps_needed(app.driver.session.state, 0)
        assert need and f"needs {need} more step" in note(app)


# ------------------------------------------------------------------ rim
@sync
async def test_rim_shows_each_squares_distance_and_worth_and_escape_returns():
    app = table("metscri", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *"rim", "enter")
        board = app.view["boards"]["grid"] if "grid" in app.view["boards"] else \
            next(iter(app.view["boards"].values()))
        want = plain(terminal.render_board(board, app.view["seat_label"], rim=True))
        shown = info(app)
        assert "distance from the rim" in shown
        rows = [line.split() for line in want.splitlines() if line.strip()]
        assert all(" ".join(r) in " ".join(shown.split()) for r in rows[1:])
        assert any(":" in c for r in rows[1:] for c in r)    # Metscri's points: "0:1"
        await press(pilot, "escape")
        assert not isinstance(app.screen, InfoScreen) and app.driver.session.decisions == []


@sync
async def test_rim_on_a_game_without_a_grid_board_says_so():
    app = table("metropolis", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *"rim", "enter")
        assert note(app) == "This game has no grid board."


# ------------------------------------------------------------------ card details
@sync
async def test_card_place_opens_the_cards_on_a_board_square():
    app = table("meta", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for i in range(40):                      # until a card lies on the arena
            details = app.view.get("card_details") or {}
            found = [(p, c) for p, c in board_cards(app.view).items() if c[0] in details]
            if found:
                break
            await answer(pilot, app, i)
        place, labels = found[0]
        board = plain(app.query_one("#board-text").content)
        assert "type card PLACE (card " in board      # the board panel says how
        await press(pilot, *f"card {place.upper()}", "enter")     # any case
        shown = info(app)
        assert f"On {place}:" in shown
        assert all(line in shown for c in labels for line in details[c])
        await press(pilot, "enter")
        empty = next(p for p, cell in app.view["boards"]["arena"]["cells"].items()
                     if not cell["cards"])
        await press(pilot, *f"card {empty}", "enter")
        assert note(app) == f"No card you may see lies on {empty}."


@sync
async def test_card_n_opens_the_card_option_n_names_and_details_a_card_on_screen():
    app = table("meta", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        for i in range(30):
            v = app.view
            details = v.get("card_details") or {}
            hits = [(n, c) for n, o in enumerate(v["options"], 1) for c in details if c in o]
            if hits:
                break
            await answer(pilot, app, i)
        n, card = hits[0]
        await press(pilot, *f"card {n}", "enter")
        assert all(line in info(app) for line in details[card])
        await press(pilot, "escape", *f"details {card.lower()}", "enter")
        assert info(app).startswith(card)
        await press(pilot, "escape", *"card", "enter")      # alone: every card on screen
        assert all(c in info(app) for c in details)
        await press(pilot, "escape", *"card 99", "enter")
        assert note(app).startswith("There is no option 99.")
        await press(pilot, *"details nothing-like-it", "enter")
        assert "card LABEL or details LABEL" in note(app)


# ------------------------------------------------------------------ log, show, help
@sync
async def test_log_show_and_help_typed():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *"log", "enter")
        assert app.active == "log" and app.query_one("#log").display
        assert "whole log" in note(app)
        await press(pilot, *"show", "enter")
        assert note(app).startswith("The panels are drawn again from your view")
        assert app.view == views.view(app.game, app.driver.session.state, 0)
        await press(pilot, *"help", "enter", "f1")     # How to play, then the keys
        assert isinstance(app.screen, HelpScreen)
        help_text = plain(app.screen.query_one("#help-text").content)
        assert all(w in help_text for w in ("rim", "card N", "card PLACE", "details LABEL",
                                            "show", "log"))
        await press(pilot, "escape")
        assert app.driver.session.decisions == []     # looking decides nothing
