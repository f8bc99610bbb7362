"""The full-screen table (issue 24, item 1), driven headless by Textual's Pilot: a person
answers by number keys and Enter, types a filter or a label, undoes, saves and loads; each
game's first decisions at 80x24 and 120x40, and what every panel holds."""
from __future__ import annotations

import json

import pytest
from rich.text import Text

from interpreter.present import views
from interpreter.present.table import app as app_mod
from interpreter.present.table import decision as decision_mod
from interpreter.present.table import panels
from interpreter.present.table.decision import DecisionPanel, asked_in_groups
from interpreter.present.table.rules_screen import RulesScreen
from interpreter.present.table.screens import HelpScreen
from interpreter.runtime.play_session import Session

from tui_table import (GAMES, SIZES, answer, note, on_result_screen, over, plain, press,
                       shown_options, sync, table, widget_texts)

FAMILY_A1 = "family servant A [fame 1 wealth 3 expl 2 esp 4]"
FAMILY_B1 = "family servant B [fame 4 wealth 2 expl 3 esp 1]"


# ------------------------------------------------------------------ each game's first decisions
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
@sync
async def test_first_decisions_by_number_keys(game_id, size):
    """The person answers by number keys and Enter (a number prompt by the number itself);
    each answer is the decision recorded, and after it every panel is the seat's view."""
    app = table(game_id, seed=1)
    count = 10 if size == (80, 24) else 6
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(count):
            if over(app):
                break
            before = len(app.driver.session.decisions)
            seat, label = await answer(pilot, app, i)
            assert app.driver.session.decisions[before] == (seat, label)
            session = app.driver.session
            if over(app):
                break
            v = views.view(app.game, session.state, 0)
            assert app.view == v                       # the panels show this view, now
            # a long grouped menu lists its groups first, else every option
            assert len(shown_options(app)) == len(asked_in_groups(v) or v["options"])
            log = [str(x) for x in session.log
                   if x.__class__ is str or x.audience is None or 0 in x.audience]
            assert app.logged == log      # the whole log as seat 1 may read it, in order
        while app.active != "log":        # (at 80x24 a tab: the log drawn once shown)
            await press(pilot, "tab")
        from textual.widgets import RichLog
        logged = [s.text for s in app.query_one("#log", RichLog).lines]
        # wrapped to the panel, with a mark where each decision's news begin
        words = " ".join(x for x in logged if not x.startswith("-- since")).split()
        assert words == " ".join(app.logged).split()
        assert app.compact == (size == (80, 24))


# ------------------------------------------------------------------ typing
@sync
async def test_a_typed_word_filters_and_enter_picks_the_highlighted_option():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *"servant B", "enter")        # the only option containing it
        assert app.driver.session.decisions == [(0, FAMILY_B1)]
        await press(pilot, *"ion")                        # exploration, espionage
        assert shown_options(app) == ["3 exploration", "4 espionage"]
        await press(pilot, "enter")                       # Enter: the highlighted, the first
        mine = [x for p, x in app.driver.session.decisions if p == 0]
        assert mine == [FAMILY_B1, "exploration"]


@sync
async def test_arrow_keys_move_and_enter_chooses():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "down", "enter")
        assert app.driver.session.decisions == [(0, FAMILY_B1)]


@sync
async def test_a_word_several_labels_hold_lists_them_and_enter_picks_the_one_under_the_cursor():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *"family")
        assert shown_options(app) == [f"1 {FAMILY_A1}", f"2 {FAMILY_B1}"]
        await press(pilot, "down", "enter")               # the second of the two listed
        assert app.driver.session.decisions == [(0, FAMILY_B1)]


@sync
async def test_a_label_typed_whole_in_any_case_and_a_bad_word_answered():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1", "enter")
        await press(pilot, *"ESPIONAGE", "enter")
        assert app.driver.session.decisions[:2] == [(0, FAMILY_A1), (0, "espionage")]
        await press(pilot, *"fmae", "enter")              # no option, no command
        assert "'fmae' is not an option (did you mean 'fame'?)" in note(app)
        await press(pilot, "ctrl+u", "9", "enter")
        assert "There is no option 9: choose 1 to 3." in note(app)
        assert len(app.driver.session.decisions) >= 2
        # the refused number is cleared: the next one typed is read alone, not as 92
        assert app.query_one("#entry").value == ""
        made = len(app.driver.session.decisions)
        label = app.view["options"][1]
        await press(pilot, "2", "enter")
        assert app.driver.session.decisions[made] == (0, label)


@sync
async def test_number_prompt_takes_the_number_itself():
    """A bid (a number in a range) is typed as the number, as in plain mode."""
    app = table("metropolis", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        for i in range(40):
            if app.view.get("number"):
                break
            await answer(pilot, app, i)
        number = app.view["number"]
        value = number["hi"]
        before = len(app.driver.session.decisions)
        await press(pilot, *str(value + 1), "enter")      # above the range: refused, said
        assert "is not allowed" in note(app) and len(app.driver.session.decisions) == before
        assert app.query_one("#entry").value == ""       # cleared: the next number alone
        await press(pilot, *str(value), "enter")
        assert app.driver.session.decisions[before] == (0, number["fmt"].format(value))


# ------------------------------------------------------------------ undo, save, load, help, stop
@sync
async def test_undo_by_key_and_by_word():
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1", "enter")
        await press(pilot, "ctrl+z")
        assert app.driver.session.decisions == []
        assert "Undone: 1 decision." in note(app)
        await press(pilot, "2", "enter")
        await press(pilot, *"undo", "enter")
        assert app.driver.session.decisions == []
        assert app.view == views.view(app.game, app.driver.session.state, 0)


@sync
async def test_save_by_key_and_word_then_load_continues_the_same_game(tmp_path):
    path, other = tmp_path / "keyed.json", tmp_path / "typed.json"
    app = table("metscri", seed=2, save_path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        for i in range(3):
            await answer(pilot, app, i)
        await press(pilot, "ctrl+s")
        # the note is laid out in the panel's width: a long path wraps inside a word
        assert f"Saved to {path}." in note(app).replace("\n", "")
        await press(pilot, *f"save {other}", "enter")
        assert f"Saved to {other}." in note(app).replace("\n", "")
        made = list(app.driver.session.decisions)
        hash_then = app.game.position_hash(app.driver.session.state)
    saved = json.loads(path.read_text())
    assert [tuple(d) for d in saved["decisions"]] == [(p + 1, x) for p, x in made]
    assert json.loads(other.read_text())["decisions"] == saved["decisions"]
    again = table("metscri", load=str(other))
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.game.position_hash(again.driver.session.state) == hash_then
        assert again.view == views.view(again.game, again.driver.session.state, 0)
        before = len(again.driver.session.decisions)
        seat, label = await answer(pilot, again, 5)
        assert again.driver.session.decisions[before] == (seat, label)


@pytest.mark.parametrize("keys, outcome", [(["ctrl+c"], "interrupt"), (["ctrl+d"], "eof"),
                                           (["ctrl+q"], "quit"), ([*"quit", "enter"], "quit")])
@sync
async def test_stop_keys_end_the_app_with_what_the_command_saves(keys, outcome):
    app = table("metras", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "enter")
        await press(pilot, *keys)
    assert app.return_value == outcome
    assert app.driver.session.decisions == [(0, FAMILY_A1)]   # nothing lost on the way


@sync
async def test_help_by_key_and_word_and_tab_shows_each_panel():
    app = table("metscri", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f1")                 # How to play, then F1 again: the keys
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape", *"help", "enter")
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "escape")
        seen = []
        for _ in app.shown_panels():
            seen.append([p for p in ("board", "seats", "yours", "log")
                         if app.query_one(f"#{p}").display])
            await pilot.press("tab")
        assert seen == [["board"], ["seats"], ["yours"], ["log"]]


@sync
async def test_the_title_keeps_a_long_status_whole_or_says_it_was_cut():
    """M.E.T.A.'s status ("Generators: P1 15 (...), P2 15 (...)") was cut mid-word at 80
    columns with nothing to say so: at 80x24 (one row) it now ends in an ellipsis and the
    Seats panel has it whole; on a wide screen the title takes two rows and keeps it."""
    app = table("meta", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = " ".join(app.view["status"].split())
        row = plain(app.query_one("#title").content, 80).rstrip("\n")
        assert "\n" not in row and len(row.rstrip()) <= 78 and row.rstrip().endswith("\u2026")
        assert status in " ".join(plain(app.query_one("#seats-text").content, 78).split())
        await pilot.resize_terminal(110, 30)        # every panel at once
        await pilot.pause()
        await pilot.pause()
        shown = plain(app.query_one("#title").content, 108)
        assert status in " ".join(shown.split()) and "\u2026" not in shown
        assert app.query_one("#title").size.height == 2    # both rows on screen


def test_a_fitted_title_is_left_alone_when_it_fits():
    text = Text("Metras - P1 - bid   Round 2")
    assert panels.fitted(text, 78).plain == text.plain


# ------------------------------------------------------------------ the view's optional data
def with_groups_and_details(monkeypatch):
    """A view with the two keys the views may add: `groups` and `card_details`."""
    real = views.view

    def view(game, s, seat):
        v = real(game, s, seat)
        if v.get("options"):
            n = len(v["options"])
            v["groups"] = [["first ones", list(range(0, n, 2))],
                           ["the others", list(range(1, n, 2))]]
        hand = next(p for p in v["seats"] if p["you"])["zones"].get("hand", {})
        v["card_details"] = {c: {"lines": [f"type: detail of {c}"], "remembered": i == 0}
                             for i, c in enumerate(hand.get("cards", []))}
        return v
    monkeypatch.setattr(app_mod.views, "view", view)


@sync
async def test_groups_are_asked_first_then_the_option(monkeypatch):
    with_groups_and_details(monkeypatch)
    # the two steps themselves, on Etheria's first bids grouped odd and even (the table
    # would list 15 bids whole: when groups are asked is tested below)
    monkeypatch.setattr(decision_mod, "asked_in_groups",
                        lambda v: [g for g in v.get("groups") or [] if g[1]])
    app = table("etheria", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = app.view["options"]
        assert shown_options(app) == ["a first ones  (8 options: 1, 3, 5, ...)",
                                      "b the others  (7 options: 2, 4, 6, ...)"]
        await press(pilot, "b", "enter")                  # the group, by its letter
        assert shown_options(app)[:2] == [f"2 {labels[1]}", f"4 {labels[3]}"]
        mine = lambda: [x for p, x in app.driver.session.decisions if p == 0]   # noqa: E731
        assert mine() == []
        await press(pilot, "escape")                      # back to the groups
        assert len(shown_options(app)) == 2 and mine() == []
        await press(pilot, *"abst")                       # a filter looks past the groups
        assert shown_options(app) == ["15 abstain"]
        await press(pilot, "ctrl+u")
        await press(pilot, "enter", "enter")              # group a, its first option
        assert mine() == [labels[0]]


@sync
async def test_an_option_number_means_that_option_at_either_step(monkeypatch):
    """Issue 33 item 7: a number on screen means one thing. An option keeps its number in a
    group and is picked by it at the group step too (a filtered option numbered 37 gave
    "There is no group 37"), or inside another group."""
    with_groups_and_details(monkeypatch)
    monkeypatch.setattr(decision_mod, "asked_in_groups",
                        lambda v: [g for g in v.get("groups") or [] if g[1]])
    app = table("etheria", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = app.view["options"]
        mine = lambda: [x for p, x in app.driver.session.decisions if p == 0]   # noqa: E731
        await press(pilot, "1", "3")      # the group holding option 13 is highlighted
        assert app.query_one(DecisionPanel).highlighted() == "g1"
        await press(pilot, "enter")       # at the group step: option 13, not a group
        assert mine() == [labels[12]]


@sync
async def test_an_option_number_in_another_group_is_that_option(monkeypatch):
    with_groups_and_details(monkeypatch)
    monkeypatch.setattr(decision_mod, "asked_in_groups",
                        lambda v: [g for g in v.get("groups") or [] if g[1]])
    app = table("etheria", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = app.view["options"]
        await press(pilot, "b", "enter")          # the even-numbered options' group
        await press(pilot, "1", "enter")          # option 1, in the other group
        assert [x for p, x in app.driver.session.decisions if p == 0] == [labels[0]]


@sync
async def test_a_group_of_one_option_is_that_option_and_one_key_picks_it(monkeypatch):
    # found playing Metscri at 80x24: "2 invest:  (1 option)" took two key presses
    real = views.view

    def view(game, s, seat):
        v = real(game, s, seat)
        if v.get("options") and len(v["options"]) > 2:
            n = len(v["options"])
            v["groups"] = [["most", list(range(n - 1))], ["the last", [n - 1]]]
        return v
    monkeypatch.setattr(app_mod.views, "view", view)
    monkeypatch.setattr(decision_mod, "asked_in_groups",
                        lambda v: [g for g in v.get("groups") or [] if g[1]])
    app = table("etheria", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_options(app) == ["a most  (14 options: 1-14)", "15 abstain"]
        await press(pilot, "1", "5", "enter")
        assert [x for p, x in app.driver.session.decisions if p == 0] == ["abstain"]


@sync
async def test_card_details_shown_with_the_hand_and_marked(monkeypatch):
    with_groups_and_details(monkeypatch)
    app = table("metscri", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = next(p for p in app.view["seats"] if p["you"])["zones"]["hand"]["cards"]
        yours = plain(app.query_one("#yours-text").content)
        assert f"{hand[0]} (remembered)" in yours and f"{hand[1]} (face up)" in yours
        assert all(f"type: detail of {c}" in yours for c in hand)


@sync
async def test_alike_cards_in_your_hand_are_listed_once_with_their_count():
    app = table("etheria", seed=3)      # a hand of six with four alike (found playing)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        v = app.view
        hand = next(p for p in v["seats"] if p["you"])["zones"]["hand"]["cards"]
        many = max(set(hand), key=hand.count)
        assert hand.count(many) > 1
        yours = plain(app.query_one("#yours-text").content)
        assert f"{hand.count(many)} x {many}" in yours      # as plain mode counts them
        for label in set(hand):           # each kind once, with its details once
            assert yours.count(v["card_details"][label][0]) == 1


@sync
async def test_a_short_menu_or_groups_of_one_option_each_are_listed_whole():
    app = table("etheria", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(12):      # until the game's declared groups come (bids by points)
            v = app.view
            if v.get("groups"):
                break
            await answer(pilot, app, i)
        assert v["groups"] and not asked_in_groups(v)
        assert shown_options(app) == [f"{n} {o}" for n, o in enumerate(v["options"], 1)]
        label = v["options"][-1]
        await press(pilot, *str(len(v["options"])), "enter")     # one key: the option
        assert (0, label) in app.driver.session.decisions
    long = {"options": [f"o{i}" for i in range(12)], "groups": [["a", list(range(6))],
                                                                  ["b", list(range(6, 12))]]}
    assert asked_in_groups(long) == long["groups"]
    assert asked_in_groups({**long, "groups": [[f"g{i}", [i]] for i in range(12)]}) == []


def test_without_the_optional_keys_the_menu_is_flat_and_cards_are_labels(monkeypatch):
    # a view without `groups` and `card_details` (a game declaring neither, a short menu)
    real = views.view

    def bare(game, s, seat):
        v = real(game, s, seat)
        v.pop("groups", None)
        v.pop("card_details", None)
        return v
    monkeypatch.setattr(app_mod.views, "view", bare)
    _flat_menu_and_labels()


@sync
async def _flat_menu_and_labels():
    app = table("metscri", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "groups" not in app.view and "card_details" not in app.view
        assert len(shown_options(app)) == len(app.view["options"])
        hand = next(p for p in app.view["seats"] if p["you"])["zones"]["hand"]["cards"]
        assert "; ".join(hand) in plain(app.query_one("#yours-text").content)


# ------------------------------------------------------------------ the end of the game
def last_decision_of_seat_one(game_id, seed):
    """A game played by greedy bots in every seat: the decisions up to seat 1's last one,
    and that one."""
    from interpreter.bots import make_bot
    from interpreter.commands.common import load_game
    game = load_game(game_id)
    s = Session(game, None, seed)
    bots = {p: make_bot("greedy", game, seed * 1009 + p) for p in range(s.players)}
    while not game.is_over(s.state):
        p = game.waiting(s.state)[0]
        s.decide(p, bots[p].choose(game, s.state, p))
    last = max(i for i, (p, _) in enumerate(s.decisions) if p == 0)
    return s.decisions[:last], s.decisions[last]


@sync
async def test_the_last_decision_shows_the_result_screen_and_enter_leaves(tmp_path):
    first, (seat, label) = last_decision_of_seat_one("metras", 4)
    session = Session(table("metras").game, None, 4)
    for p, x in first:
        session.decide(p, x)
    path = tmp_path / "late.json"
    session.save(str(path))
    app = table("metras", load=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.seat == seat and label in app.view["options"]
        await press(pilot, *label, "enter")
        assert over(app) and on_result_screen(app)
        assert "game over" in widget_texts(app)
        await press(pilot, "enter")
    assert app.return_value == "over"
