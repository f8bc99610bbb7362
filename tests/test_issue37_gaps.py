"""Issue 37's language gaps, each a general feature met by a designer writing a new kind of
game: mapping literals, choosing a subset, counters named by a value, board geometry from
options, places that show a number, values public but not shown, comprehensions with a
filter, lists of numbers in texts, a real decision with one option, declared turn orders,
menus grouped by first word. Game for scripts: tests/games/claims (values of every kind)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.errors import CompileErrors, GameError
from interpreter.runtime.game import Game
from tests.scenario import run_script

GAMES = Path(__file__).parent / "games"
CLAIMS = GAMES / "claims"


@pytest.fixture(scope="module")
def claims():
    return Game.load(str(CLAIMS))


def run(game, text, s=None, me=0, **local):
    return run_script(game, text, s, players=3, me=me, **local)


def compile_errors(game, text) -> list:
    from interpreter.effects.compiler import Compiler
    from interpreter.effects.parser import parse_script
    from interpreter.effects.script import ScriptCompiler
    try:
        ScriptCompiler(Compiler(game.g), {"me": "player"}).compile(parse_script(text))
    except CompileErrors as e:
        return [(x.code, x.line, x.col, x.message) for x in e.all]
    return []


# 1. mapping literals start, reset and replace a mapping value
def test_a_mapping_literal_resets_and_replaces_a_mapping_value(claims):
    s = run(claims, 'set me.invested["north"] = 2\nset me.invested = {}')
    assert s["pv"][0]["invested"] == {}
    s = run(claims, 'set controller = {"north": me, "south": me.next}\n'
                    'set me.invested = {"north": 1 + 1,\n    "south": 3}')
    assert s["v"]["controller"] == {"north": 0, "south": 1}
    assert s["pv"][0]["invested"] == {"north": 2, "south": 3}


def test_a_mapping_literal_in_a_variable_keeps_seats_as_digits_and_reads_them_back(claims):
    s = run(claims, 'm = {me: 5, "x": [1, 2]}\nset moves = [m[me], m["x"], keys(m)]')
    assert s["v"]["moves"] == [5, [1, 2], ["0", "x"]]


def test_a_mapping_literal_with_a_key_of_the_wrong_kind_is_found(claims):
    assert compile_errors(claims, "m = {[1]: 2}") == [
        ("TYPE", 1, 6, "a mapping's key is a text, a number or a player, not a list of numbers")]
    with pytest.raises(GameError, match="a mapping's key is a text or a whole number, not None"):
        run(claims, "k = none\nm = {k: 2}")
