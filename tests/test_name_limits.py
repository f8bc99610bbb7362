"""Issue 32, item 7: names have a length limit, checked where a game is loaded (NAME-LONG, an
error at the name's file:line:col), and long texts are cut with an ellipsis where shown, so
a long name or prompt never hides the options at 80x24."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from rich.text import Text

from cli import main
from interpreter.safe_text import ELLIPSIS, LABEL_LIMIT, NAME_LIMIT, cut, literal

from tui_table import SIZES, shown_options, sync, table

GAME = '''game:
  id: longnames
  name: Long names
  players: {{min: 2, max: 2}}
  seat_names: ["{north}", "South"]
zones:
  game:
    supply: {{}}
boards:
  board: {{shape: grid, rows: 3, cols: 3, stack_limit: 1}}
card_types:
  stone: {{label: "{label}"}}
cards:
  - {{id: stone, name: "{card}", type: stone, zone: supply, count: 4}}
rounds:
  count: 2
  phases:
    - name: place
      do: |
        for each p in players:
            c = choose one of cells() where height(it) == 0 by p prompt "{{p}}: {prompt}where?"
            move first(supply) to board[c]
            log "{{p}} puts a stone on {{c}}"
end:
  score: "0"
'''


def write(tmp_path, north="North", card="Stone", label="{name}", prompt="") -> str:
    folder = tmp_path / "longnames"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(north=north, card=card, label=label,
                                                  prompt=prompt), encoding="utf-8")
    return str(folder)


def validate(path):
    return CliRunner().invoke(main, ["validate", path])


def line_of(path, text) -> int:
    lines = (open(f"{path}/game.yaml", encoding="utf-8").read()).split("\n")
    return next(i for i, s in enumerate(lines, 1) if text in s)


@pytest.mark.parametrize("field, what", [("north", "a seat name"), ("card", "a card name")])
def test_a_3000_character_name_is_a_located_error(tmp_path, field, what):
    path = write(tmp_path, **{field: "N" * 3000})
    r = validate(path)
    assert r.exit_code == 1, r.output
    line = line_of(path, "N" * 3000)
    assert f"game.yaml:{line}:" in r.output
    assert f"error NAME-LONG {what} has 3,000 characters, more than {NAME_LIMIT}" in r.output
    assert "N" * 100 not in r.output        # the finding does not repeat the whole name


def test_a_label_template_has_its_own_longer_limit(tmp_path):
    assert validate(write(tmp_path, label="{name} " + "x" * 150)).exit_code == 0
    r = validate(write(tmp_path, label="{name} " + "x" * LABEL_LIMIT))
    assert r.exit_code == 1 and "NAME-LONG a card label has" in r.output


def test_a_name_at_the_limit_is_legal(tmp_path):
    r = validate(write(tmp_path, north="N" * NAME_LIMIT, card="C" * NAME_LIMIT))
    assert r.exit_code == 0 and "NAME-LONG" not in r.output, r.output


def test_cut_keeps_short_texts_and_ends_long_ones_in_an_ellipsis():
    assert cut("Metras", 60) == "Metras"
    assert cut("x" * 61, 60) == "x" * 59 + ELLIPSIS and len(cut("x" * 61, 60)) == 60
    assert cut("x" * 61, None) == "x" * 61
    t = literal("[bold]a\x1b[/]" + "y" * 100, "cyan", 20)
    assert isinstance(t, Text) and t.plain == ("[bold]a\\x1b[/]" + "y" * 100)[:19] + ELLIPSIS
    assert not t.spans and t.style == "cyan"


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_a_long_legal_name_and_a_long_prompt_leave_the_options_in_view(tmp_path, size):
    """A seat name at the limit, and a prompt of 3,000 characters (a text, not a name: cut
    where shown), at the decision: the options' first rows are on screen."""
    path = write(tmp_path, north="N" * NAME_LIMIT, prompt="word " * 600)
    app = table(path, seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert shown_options(app)[:3] == ["1 a3", "2 b3", "3 c3"]
        screen = "\n".join(s.text for s in app.screen._compositor.render_strips())
        rows = [line.strip(" │") for line in screen.splitlines()]
        assert {"1 a3", "2 b3"} <= set(rows), screen
        assert "N" * NAME_LIMIT in "".join(screen.split()), screen
