"""Locals read where they may have no value yet (interpreter/checks/unset.py, UNSET warnings):
which paths give a name its value. tests/broken/85 holds a located case."""
from __future__ import annotations

import textwrap

import pytest

from interpreter.build.game_loader import check_game

GAME = """\
game: {{id: t, name: T, players: {{min: 2, max: 2}}}}
counters: {{player: {{gold: {{start: 0}}}}}}
procedures:
  bump:
    params: {{n: number}}
    do: |
      n = n + 1
      gain gold n
rounds:
  count: 1
  phases:
    - name: main
      do: |
{script}
"""


def unset(tmp_path, script) -> list:
    (tmp_path / "game.yaml").write_text(GAME.format(
        script=textwrap.indent(textwrap.dedent(script).strip("\n"), " " * 8)))
    found = check_game(str(tmp_path))
    assert not [f for f in found if f.severity == "error"], [f.format() for f in found]
    return [(f.line, f.col, f.message) for f in found if f.code == "UNSET"]


SAFE = {
    "every branch sets it": """
        if roll(2) == 1:
            x = 1
        elif roll(2) == 2:
            x = 2
        else:
            x = 3
        gain gold x to first(players)
        """,
    "a branch that ends the game need not": """
        if roll(2) == 1:
            x = 1
        else:
            end game
        gain gold x to first(players)
        """,
    "while true: what every break saw": """
        while true:
            x = roll(6)
            if x > 3:
                break
        gain gold x to first(players)
        """,
    "read inside the branch that set it": """
        if roll(2) == 1:
            x = 1
            gain gold x to first(players)
        """,
    "a loop's own variable, and `it` in a filter": """
        for each p in players:
            gain gold 1 to p
        y = count(players where it.gold > 0)
        gain gold y to first(players)
        """,
}


@pytest.mark.parametrize("script", SAFE.values(), ids=SAFE.keys())
def test_no_warning_where_every_path_sets_the_name(tmp_path, script):
    assert unset(tmp_path, script) == []


MAY_HAVE_NO_VALUE = ("'{}' may have no value here: on some way to this line it was never set (it "
                     "is set only in some branches of an if, or in a loop that may not run)")


def test_a_name_set_in_one_branch_only(tmp_path):
    assert unset(tmp_path, """
        if roll(2) == 1:
            x = 1
        gain gold x to first(players)
        """) == [(16, 19, MAY_HAVE_NO_VALUE.format("x"))]


def test_a_name_set_in_a_loop_that_may_not_run(tmp_path):
    assert unset(tmp_path, """
        for each p in players where it.gold > 5:
            last = p
        gain gold 1 to last
        """) == [(16, 24, MAY_HAVE_NO_VALUE.format("last"))]


LOG = """
        repeat roll(3) - 1:
            x = 2
        log "x is {x}"
        """


def test_a_name_read_in_a_log_text(tmp_path):
    assert [(line, message) for line, _, message in unset(tmp_path, LOG)] == [
        (16, MAY_HAVE_NO_VALUE.format("x"))]


@pytest.mark.xfail(strict=True, reason="an UNSET read inside a text's {field} is placed at the "
                   "statement (16:9), not at the name (16:20) as REF-UNDEF in a text is")
def test_a_name_read_in_a_log_text_is_placed_at_the_name(tmp_path):
    assert [(line, col) for line, col, _ in unset(tmp_path, LOG)] == [(16, 20)]


def test_a_name_read_in_a_sequence_length(tmp_path):
    """Every part of a statement is read, a sequence's length (a list of two) too."""
    assert [(line, message) for line, _, message in unset(tmp_path, """
        repeat roll(3) - 1:
            most = 2
        steps = choose sequence of [1, 2] by each of players length 1 to most
        """)] == [(16, MAY_HAVE_NO_VALUE.format("most"))]
