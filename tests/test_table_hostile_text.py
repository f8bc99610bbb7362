"""Issue 32, items 1, 2 and 7: a game's text is shown at the full-screen table, never obeyed.
Every name and text of the game below is hostile: rich/Textual markup that styles
(`[reverse]`), links (`[link=...]`), runs the table's actions when clicked
(`[@click=app.command('save', ...)]`, `[@click=app.screenshot(...)]`, `[@click=app.quit]`),
breaks the markup parser (`[/]`, `[bold`), control characters, and a name near the length
limit. The test walks every widget and screen of the table (each panel, help, rim, the
cards, the log, the pass screen, the result) at 80x24 and 120x40: no traceback, every text
shown literally, no segment on screen carries a link or a click action, and clicking where
the texts are writes no file and leaves the table running."""
from __future__ import annotations

import pytest
from rich.cells import cell_len

from interpreter.present.table.rules_screen import RulesScreen
from interpreter.present.table.screens import HelpScreen, InfoScreen, PassScreen, ResultScreen

from interpreter.safe_text import NAME_LIMIT

from tui_table import SIZES, press, sync, table, widget_texts

SAVE_CLICK = "[@click=app.command('save','hostile-click.json')]"
SHOT_CLICK = "[@click=app.screenshot('hostile-shot.svg','.')]"
NORTH = f"{SAVE_CLICK}North" + "h" * (NAME_LIMIT - len(SAVE_CLICK) - 8) + "[/]"
SOUTH = "[/] S\\e[2Jouth [bold " + "x" * 30         # near the length limit (60)
GAME = rf'''game:
  id: hostile
  name: "Ho[reverse]st[/]ile [link=https://hostile.x]g[/link] [bold"
  players: {{min: 2, max: 2}}
  how_to_play: "Goal: [reverse]win[/] [@click=app.quit]rules[/] [bold"
  seat_names: ["{NORTH}", "{SOUTH}"]
counters:
  player:
    points: {{start: 0}}
    "[reverse]c[/]": {{start: 0}}
  game:
    round: {{start: 0}}
zones:
  player:
    hand: {{visibility: owner, show_details: true}}
  game:
    supply: {{}}
    "[/] [bold": {{}}
constants:
  worth: [3, 2, 1]
boards:
  board:
    shape: grid
    rows: 3
    cols: 3
    stack_limit: 1
    features: {{b2: {{"[reverse]f[/]": "[@click=app.quit]v[/] [/]"}}}}
    rim_worth: {{constant: worth, says: "{SHOT_CLICK}points[/] [reverse]x[/] [/] [link=https://hostile.example]y"}}
  "b[/]x [reverse]y[/]":
    shape: grid
    rows: 1
    cols: 1
card_types:
  stone:
    label: "[reverse]{{name}}[/]"
    details: ["[@click=app.quit]detail[/] [bold {{name}}", "[/]"]
cards:
  - {{id: stone, name: "{SAVE_CLICK}st[/]one", type: stone, zone: supply, count: 6}}
status: "[reverse]round {{round}}[/] [@click=app.quit]q[/] [/]"
rounds:
  count: 2
  counter: round
  phases:
    - name: place
      do: |
        for each p in players:
            move first(supply) to p.hand
            c = choose one of cells() where height(it) == 0 by p prompt "{SHOT_CLICK}{{p}}[/]: [reverse]where[/] [/]?"
            move first(p.hand) to board[c]
            gain points 1 to p
            log "[@click=app.quit]{{p}}[/] puts [reverse]a stone[/] on {{c}} [/] [bold"
end:
  score: it.points
'''
assert len(NORTH) == NAME_LIMIT and len(SOUTH) <= NAME_LIMIT     # long, and legal
SOUTH_SHOWN = SOUTH.replace("\\e", "\\x1b")
CARD = f"[reverse]{SAVE_CLICK}st[/]one[/]"
# what must be read literally somewhere on the table, with what it is
LITERAL = {
    "the game's name": "Ho[reverse]st[/]ile [link=https://hostile.x]g[/link] [bold",
    "a seat name": NORTH, "a seat name with an escape": SOUTH_SHOWN,
    "a counter": "[reverse]c[/]", "a card's label": CARD,
    "the status": "[reverse]round 1[/] [@click=app.quit]q[/] [/]",
    "the prompt": f"{SHOT_CLICK}{NORTH}[/]: [reverse]where[/] [/]?",
    "a board's name": "b[/]x [reverse]y[/]",
    "the board's key": "[reverse]f[/] [@click=app.quit]v[/] [/]",
}
RULES = "Goal: [reverse]win[/] [@click=app.quit]rules[/] [bold"    # F1's How to play
HOSTILE = ("hostile", "app.quit")     # what a link or click action from the game would name


def squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.fixture
def game(tmp_path, monkeypatch):
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    monkeypatch.chdir(tmp_path)       # the clicks' files would be written here
    return str(folder)


def screen_cells(app):
    """(the screen's text lines, [(x, y)] of every cell whose style links or clicks to
    something the game's texts name)."""
    lines, hits = [], []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x = 0
        for seg in strip:
            style = seg.style
            if style is not None:
                action = str((style.meta or {}).get("@click", "")) + str(style.link or "")
                if any(h in action for h in HOSTILE):
                    hits.append((x, y))
            x += cell_len(seg.text)
        lines.append(strip.text)
    return lines, hits


async def looked(pilot, app, tmp_path, seen: list) -> None:
    """The screen now: nothing in it links or acts; a click on each place where the game's
    markup is (as text, or as a style had it been obeyed) runs nothing."""
    lines, hits = screen_cells(app)
    seen.append("\n".join(lines))
    assert "\x1b" not in seen[-1]
    assert not hits, f"{type(app.screen).__name__}: a game's text links or acts at {hits}"
    spots = [(line.index("[@click"), y) for y, line in enumerate(lines) if "[@click" in line]
    screen, focused = app.screen, app.focused
    for x, y in spots:
        await pilot.click(offset=(x + 1, y))
        await pilot.pause()
    if focused is not None:     # a click on a panel takes the focus; the keys go on typing
        focused.focus()
        await pilot.pause()
    assert app.is_running and app.screen is screen, \
        ("a click changed the table", app.return_value, [lines[y] for _, y in spots])
    assert not list(tmp_path.glob("hostile-*")), "a click on a game's text wrote a file"


# The wide walk takes half a minute; the small screen, where text is cut and wrapped, stays in
# the default run and the wide one runs with -m slow.
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)])
@sync
async def test_every_widget_shows_hostile_game_text_literally_and_runs_nothing(
        game, tmp_path, size):
    app = table(game, seed=1)
    seen: list = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.view.get("options"), "the table did not open on a decision"
        await looked(pilot, app, tmp_path, seen)
        # the options are in view beside a long seat name and a long prompt
        assert any(squeezed(line).strip("│").startswith("1a3") for line in seen[-1].splitlines()), \
            seen[-1]
        texts = widget_texts(app)
        for what, text in LITERAL.items():
            assert squeezed(text) in squeezed(texts), f"{what} not shown literally"
        for _ in range(4):                          # every panel of the compact table
            await press(pilot, "tab")
            await looked(pilot, app, tmp_path, seen)
        await press(pilot, "f1")                    # the game's How to play, then the keys
        assert isinstance(app.screen, RulesScreen)
        await looked(pilot, app, tmp_path, seen)
        assert squeezed(RULES) in squeezed(widget_texts(app))
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await looked(pilot, app, tmp_path, seen)
        await press(pilot, "escape")
        for word, literal in (("rim", f"{SHOT_CLICK}points[/] [reverse]x[/] [/] "
                                      "[link=https://hostile.example]y"),
                              ("card", "[@click=app.quit]detail[/] [bold")):
            await press(pilot, *word, "enter")
            assert isinstance(app.screen, InfoScreen), word
            await looked(pilot, app, tmp_path, seen)
            assert squeezed(literal) in squeezed(widget_texts(app)), word
            await press(pilot, "escape")
        while not isinstance(app.screen, ResultScreen):     # every decision, to the end
            await press(pilot, "1", "enter")
            await looked(pilot, app, tmp_path, seen)
            if not isinstance(app.screen, ResultScreen):
                await press(pilot, *"card a3", "enter")   # a stone on the board, opened
                if isinstance(app.screen, InfoScreen):
                    await looked(pilot, app, tmp_path, seen)
                    await press(pilot, "escape")
                app.action_panel(1)
                await pilot.pause()
                await looked(pilot, app, tmp_path, seen)
        assert squeezed("[@click=app.quit]" + NORTH) in squeezed(widget_texts(app))  # the log
        await looked(pilot, app, tmp_path, seen)
    assert app.return_value is None or app.return_value == "over"
    everything = squeezed("\n".join(seen))
    assert squeezed("puts [reverse]a stone[/] on") in everything      # a log line, on screen


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_the_pass_screen_shows_a_hostile_seat_name_literally(game, tmp_path, size):
    app = table(game, seed=1, humans=(0, 1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await press(pilot, "1", "enter")
        assert isinstance(app.screen, PassScreen)
        await looked(pilot, app, tmp_path, [])
        assert squeezed(SOUTH_SHOWN) in squeezed(widget_texts(app))
        assert squeezed("Ho[reverse]st[/]ile") in squeezed(widget_texts(app))
