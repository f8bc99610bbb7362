"""evaluate / Evaluator (runtime/evaluation.py): a compiled expression over a state with
its names bound, the only place that sets a VM's locals outside a running script."""
import pytest

from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import parse_expression
from interpreter.runtime.evaluation import Evaluator, evaluate
from interpreter.runtime.game import Game


@pytest.fixture(scope="module")
def metras():
    game = Game.load("metras")
    return game, game.new_state(3, seed=1)


def compiled(g, text, **types):
    fn, _ = Compiler(g).expr(parse_expression(text), Scope(g, types))
    return fn


def test_evaluate_binds_the_names_it_is_given(metras):
    game, s = metras
    fn = compiled(game.g, "n * 10 + player_count", n="num")
    assert evaluate(game.g, s, fn, n=1) == 13
    assert evaluate(game.g, s, fn, n=2) == 23


def test_an_evaluator_binds_each_calls_own_names_only(metras):
    game, s = metras
    ev = Evaluator(game.g, s)
    fn = compiled(game.g, "me", me="player")
    assert [ev(fn, me=p) for p in range(3)] == [0, 1, 2]
    with pytest.raises(KeyError):       # `me` from the call before is not left bound
        ev(fn)


def test_each_and_test_evaluate_over_many_values(metras):
    game, s = metras
    ev = Evaluator(game.g, s)
    def label(vm, x):          # as a compiled option label: f(vm, value), names in vm.l
        return x + vm.l["bonus"]
    assert ev.each(label, [1, 5], {"bonus": 2}) == [3, 7]
    holds = ev.test(compiled(game.g, "card == pick", card="card", pick="card"), "card",
                    pick="x-1")
    assert holds("x-1") is True and holds("x-2") is False
