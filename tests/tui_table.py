"""Driving the full-screen table headless (Textual's Pilot), for tests/test_table_tui*.py:
a table as `rulebook play` builds it, a person's answer by number keys and Enter, and the
text every widget holds (to check it against a seat's view)."""
from __future__ import annotations

import asyncio
import functools
import io

from rich.console import Console
from textual.widgets import Input, OptionList, RichLog, Static

from interpreter.bots import make_bot
from interpreter.commands.common import load_game
from interpreter.commands.play import load_session
from interpreter.commands.table_play import TableDriver
from interpreter.present.table import TableApp
from interpreter.present.table.decision import asked_in_groups
from interpreter.present.typed import group_keys
from interpreter.present.table.screens import PassScreen, ResultScreen
from interpreter.runtime.play_session import Session

def sync(test):
    """An async test run to its end by asyncio (the suite has no async plugin); pytest
    still sees its parameters (functools.wraps keeps the signature)."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))
    return run


GAMES = ("metras", "metscri", "metropolis", "etheria", "meta")
SIZES = ((80, 24), (120, 40))


def table(game_id, seed=1, humans=(0,), players=None, bots="greedy", load=None,
          save_path=None) -> TableApp:
    """The table `rulebook play GAME --seed SEED` opens (bots seeded as play.py seeds them);
    bots decide inline, so a test sees each step as it happens."""
    game = load_game(game_id)
    session = load_session(game, load, None, None, None) if load else \
        Session(game, players, seed)
    kinds = {p: make_bot(bots, game, session.seed * 1009 + p)
             for p in range(session.players) if p not in humans}
    return TableApp(TableDriver(session, kinds, set(humans), save_path), threaded=False)


def state_of(app):
    return app.driver.session.state


def over(app) -> bool:
    return app.game.is_over(state_of(app))


async def press(pilot, *keys) -> None:
    """Keys pressed, then the app left to handle them (what every step of a test does)."""
    await pilot.press(*keys)
    await pilot.pause()


async def choose_number(pilot, app, k: int) -> str:
    """Option k chosen by its number and Enter; in a grouped menu its group opened first by
    its letters (options keep their numbers; a group of one option is that option, listed
    with its number). Returns its label."""
    v = app.view
    groups = asked_in_groups(v)     # the groups the table asks first, if any
    label = v["options"][k - 1]
    if groups:
        g = next(n for n, (_, members) in enumerate(groups) if k - 1 in members)
        if len(groups[g][1]) > 1:
            await press(pilot, *group_keys(groups)[g], "enter")
    await press(pilot, *str(k), "enter")
    return label


async def answer(pilot, app, i: int):
    """One decision of the person asked, typed as a person would: the number of an option
    (several options: a different one each time), or for a number prompt the number
    itself; then Enter. Returns (seat, label) that decision must record."""
    if isinstance(app.screen, PassScreen):
        await press(pilot, "enter")
    v = app.view
    seat = app.seat
    if v.get("number"):
        n = v["number"]
        value = n["lo"] + i % (n["hi"] - n["lo"] + 1)
        await press(pilot, *str(value), "enter")
        return seat, n["fmt"].format(value)
    return seat, await choose_number(pilot, app, (i * 7) % len(v["options"]) + 1)


def plain(renderable, width: int = 200) -> str:
    con = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    con.print(renderable)
    return con.export_text()


def shown_options(app) -> list:
    """The rows the decision panel lists now (a number and a label, or a group)."""
    return [plain(o.prompt).strip() for o in app.query_one("#options", OptionList).options]


def note(app) -> str:
    """What the decision panel says under the options."""
    return plain(app.query_one("#note").content).strip()


def widget_texts(app) -> str:
    """Everything the table's widgets hold, on screen or not (a hidden tab, a scrolled-off
    line): statics, the log, the options, the typed text, on every screen of the stack."""
    out = []
    for screen in app.screen_stack:
        for w in screen.query("*"):
            if isinstance(w, Static):
                out.append(plain(w.content) if w.content else "")
            elif isinstance(w, RichLog):
                out.extend(strip.text for strip in w.lines)
            elif isinstance(w, OptionList):
                out.extend(plain(o.prompt) for o in w.options)
            elif isinstance(w, Input):
                out.append(w.value)
    return "\n".join(out)


def on_result_screen(app) -> bool:
    return isinstance(app.screen, ResultScreen)
