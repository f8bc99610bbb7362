"""count/first/any/all of `X where C` and `X until C` run as one generated loop that builds
no list (effects/codegen.py LOOPS, compiler.fold). They must give what the list forms give:
each row is compared with the same call over `(X where C) + []`, a list the compiler cannot
fold, and with the tree-walker; an error in the condition is placed where the expression
stands; a condition that rolls dice is read on every element, as before."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.effects.builtins import stops_early
from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import parse_expression
from interpreter.effects.treewalk import TreeWalker
from interpreter.errors import GameError
from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM

GAME = Path(__file__).parent / "games" / "statements" / "game.yaml"


@pytest.fixture(scope="module")
def game():
    return Game.load(str(GAME))


def compiled(game, text):
    fn, _ = Compiler(game.g).expr(parse_expression(text), Scope(game.g, {"me": "player"}))
    return fn


def run(game, text, fn=None, seed=1):
    """(value, the state's random generator afterwards) of an expression on a fresh state."""
    s = game.new_state(players=2, seed=seed)
    vm = VM(game.g, s)
    vm.l = {"me": 0}
    return (fn or compiled(game, text))(vm), s["rng"]


def walked(game, text):
    vm = VM(game.g, game.new_state(players=2, seed=1))
    vm.l = {"me": 0}
    return TreeWalker(game.g).eval(parse_expression(text), vm, {})


# (expression, value): the expression is folded into a loop; its list form (FORM with X
# replaced by `(X) + []`) must give the same value
ROWS = [
    # empty collections
    ("count([] where it > 0)", 0),
    ("count([] until it > 0)", 0),
    ("first([] where it > 0)", None),
    ("bottom([] where it > 0)", None),
    ("any([] where it > 0)", False),
    ("all([] where it > 0)", True),
    # nothing passes, everything passes
    ("count(range(5) where it > 9)", 0),
    ("count(range(5) until it > 9)", 5),
    ("count(range(5) until it > 0)", 0),
    ("first(range(5) where it > 9)", None),
    ("first(range(5) where it > 2)", 3),
    ("count(range(5) where it % 2 == 1)", 3),   # range(5): 1 to 5,
    # any/all read the elements' truth, as any/all of the list do: 0 is false
    ("any([0, 0, 1] where it < 1)", False),
    ("any([0, 2, 1] where it > 0)", True),
    ("all([0, 2, 1] where it < 9)", False),
    ("all([0, 2, 1] where it > 0)", True),
    # the condition reads the state, a player and the caller's names
    ("count(players where it.gold == 5)", 2),
    ("first(players where it != me)", 1),
    ("count(players until it.gold > me.gold)", 2),
    ("[count(range(6) until it > x) for x in range(3)]", [1, 2, 3]),
    # nested: an until inside a where, a where inside an until, `it` shadowed inside
    ("count(range(6) where count(range(it) until it > 3) == 3)", 4),
    ("count(range(5) until count(range(it) where it < 3) > 1)", 1),
    ("first(range(6) where count(range(it) until it > 3) == 3)", 3),
    ("[first(range(9) where it > x and count(range(it) until it > x) == x) for x in range(3)]",
     [2, 3, 4]),
]


def list_form(text: str) -> str:
    """The same call over a list the compiler does not fold: F(X where C) -> F((X where C) + [])."""
    head, rest = text.split("(", 1)
    inner = rest[:-1]
    if head.startswith("["):        # a comprehension of folds: compare as written
        return text
    return f"{head}(({inner}) + [])"


@pytest.mark.parametrize("text,value", ROWS, ids=[t for t, _ in ROWS])
def test_loop_gives_the_list_forms_value(game, text, value):
    assert run(game, text)[0] == value
    assert run(game, list_form(text))[0] == value
    assert walked(game, text) == value


def test_folded_calls_build_no_list_and_call_nothing_per_element(game):
    fn = compiled(game, "count(players until it.gold > me.gold)")
    assert "loop" in fn.source and "lambda" not in fn.source
    assert "lambda" not in compiled(game, "range(5) until it > 2").source


@pytest.mark.parametrize("text,message", [
    ("count([1, 0] where 6 / it > 1)", "division by zero"),
    ("count([1, 0] until 6 / it > 9)", "division by zero"),
    ("first([1, 0] where 6 / it > 9)", "division by zero"),
    ("any([1, 0] where 6 / it > 9)", "division by zero"),
    ("[2, 0] until 6 / it > 9", "division by zero"),
])
def test_a_condition_that_raises_raises_both_ways(game, text, message):
    with pytest.raises(GameError, match=message):
        run(game, text)
    with pytest.raises(GameError, match=message):
        walked(game, text)


def test_first_any_all_stop_at_their_answer_both_ways(game):
    """The element after the answer is not read (6 / 0 is never worked out)."""
    for text, value in [("first([1, 0] where 6 / it > 1)", 1), ("any([1, 0] where 6 / it > 1)", True),
                        ("all([0, 0] where 6 / (it + 1) > 1)", False)]:
        assert run(game, text)[0] == value
        assert walked(game, text) == value


def test_a_condition_that_rolls_is_read_on_every_element(game):
    """Stopping early would change the draws: roll() in the condition keeps the list form."""
    text = "first(range(6) where roll(6) > 0)"
    assert not stops_early(parse_expression(text).args[0].cond, game.g.functions)
    assert "loop" not in compiled(game, text).source
    assert run(game, text) == run(game, list_form(text))
    assert run(game, text)[1] != run(game, "first(range(6) where 1 > 0)")[1]


def test_an_error_in_a_loop_is_placed_at_its_statement(tmp_path):
    """The loop's own function is not located: the error names the statement's place, as
    when the condition was written inside it."""
    text = GAME.read_text().replace(
        "      do: pass\n",
        "      do: |\n"
        "        x = choose number from 0 to 1 by first(players)\n"
        "        set pool = count(range(x, 2) until 6 / it > 9)\n")
    (tmp_path / "game.yaml").write_text(text)
    g = Game.load(str(tmp_path / "game.yaml"))
    s = g.new_state(players=2, seed=42)
    with pytest.raises(GameError, match="division by zero") as e:
        g.apply(s, 0, 0)
    line = text.splitlines().index("        set pool = count(range(x, 2) until 6 / it > 9)") + 1
    assert e.value.where.endswith(f"game.yaml:{line}:9")


# The conditions' operators, written without the calls they do not need (str() around a
# text, bool() around a truth value): the values are those of the full forms.
OPERATOR_ROWS = [
    ('"a" + 1 + "b"', "a1b"),
    ('"a" + ("b" + "c") + 2', "abc2"),
    ('"x" + none', "xNone"),
    ('1 + "x" + none', "1xNone"),
    ("1 and 2", True),
    ("0 or []", False),
    ("(1 < 2) and (2 < 3 or 1)", True),
    ("not 0 and 3", True),
    ("count(players where it.gold and it.gold > 4)", 2),
]


@pytest.mark.parametrize("text,value", OPERATOR_ROWS, ids=[t for t, _ in OPERATOR_ROWS])
def test_operators_without_needless_calls(game, text, value):
    assert run(game, text)[0] == value
    assert walked(game, text) == value
