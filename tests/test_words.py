"""One wording of types in messages (errors.py's words): the compiler, the value checks, the
schema findings and the options say a type the same way."""
import pytest

from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import parse_expression
from interpreter.effects.values import TYPES
from interpreter.errors import (DECLARED_WORDS, JSON_WORDS, TYPE_WORDS, CompileError,
                                type_words)
from interpreter.runtime.game import Game


@pytest.mark.parametrize("t, words", [
    ("num", "a number"), ("bool", "true or false"), ("list:card", "a list of cards"),
    ("list:bool", "a list of true or false values"), ("list:list:player",
                                                      "a list of lists of players"),
])
def test_a_static_type_in_words(t, words):
    assert type_words(t) == words


def test_every_table_says_true_or_false_for_a_truth():
    assert TYPE_WORDS["bool"] == DECLARED_WORDS["truth"] == JSON_WORDS["boolean"] \
        == TYPES["truth"][1] == "true or false"


def test_the_compiler_says_the_same_words():
    g = Game.load("metras").g
    with pytest.raises(CompileError, match="^1:1: TYPE true or false cannot be negated$"):
        Compiler(g).expr(parse_expression("-(1 == 1)"), Scope(g, {}))
