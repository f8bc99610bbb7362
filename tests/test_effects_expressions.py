"""The expression language, as data tables evaluated against one small fixed Metras state.

VALUES rows are (expression, expected value); ERRORS rows are (expression, error code,
column, text the message or hint must contain). Expressions are compiled as the loader
compiles them (Compiler(game.g).expr with `me` a player) and run by a VM whose locals
hold me = P1 (seat 0).

The state (turn 3, 4 players, standard variant):
  P1  IP 10  fame: ally25 (5)            espionage: ally28, ally32 (5 + 5)
  P2  IP 12  wealth: ally26, ally30 (5 + 5)   reserve: ally01
  P3  IP 3   exploration: servant-1 (2)
  P4  IP 7   wealth: familyA-4 (3)
  market: A04 (#4 theft, chest 2), A08 (#8 court x2), A13 (#13 mission, sextant 2 laurel 1)
  missions: M1a (difficulty 3, laurel 3), M2b (difficulty 6, laurel 5)
  favorite P2, suppliant P3
"""
from __future__ import annotations

import pytest

from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import EffectSyntaxError, parse_expression
from interpreter.effects.treewalk import TreeWalker
from interpreter.errors import CompileError, GameError
from interpreter.runtime.vm import VM
from scenario import clear_board, clear_flow, fresh, load, place, place_all, set_counter, set_turn

VALUES = [
    # arithmetic and integer division
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 - 2 - 3", 5),
    ("2 * -3", -6),
    ("-(2 + 3)", -5),
    ("7 / 2", 3),
    ("-7 / 2", -4),                 # integer division rounds down
    ("6 / 3 * 2", 4),
    ("7 % 3", 1),
    ("-7 % 3", 2),
    # comparisons
    ("1 < 2", True),
    ("2 <= 2", True),
    ("3 > 4", False),
    ("3 >= 4", False),
    ("1 == 1", True),
    ("1 != 2", True),
    ('"fame" == "fame"', True),
    ("1 + 1 == 2", True),
    # and / or / not
    ("1 < 2 and 2 < 1", False),
    ("1 < 2 or 2 < 1", True),
    ("not 1 < 2", False),
    ("not true", False),
    ("true and false or true", True),
    ("false or false", False),
    ("not false and not false", True),
    ("none == none", True),
    # conditional expressions
    ("1 if true else 2", 1),
    ("1 if false else 2 if false else 3", 3),
    ("my.IP * 2 if my.IP > 5 else 0", 20),
    # members of players
    ("my.IP", 10),
    ("me.IP", 10),
    ("my.fame", 5),
    ("my.wealth", 0),
    ("my.espionage", 10),
    ("my.name", "P1"),
    ("my.seat", 0),
    ("my.next", 1),
    ("my.prev", 3),
    ("my.next.IP", 12),
    ("favorite.IP", 12),
    ("suppliant.exploration", 2),
    ("players[1].wealth", 10),
    ("count(players[1].reserve)", 1),
    ("my.slots.fame", ["ally25"]),
    ('my.slots["espionage"]', ["ally28", "ally32"]),
    ("cards_in(my.slots)", ["ally25", "ally28", "ally32"]),
    ("count(my.slots)", 4),                     # a group of four zones
    # members of cards
    ("first(market).number", 4),
    ("first(market).chest", 2),
    ("first(market).type", "theft"),
    ("first(market).label", "#4 Theft (chest x2)"),
    ("first(market).zone", "market"),
    ("first(market).owner", None),
    ("first(my.slots.fame).owner", 0),
    ("first(my.slots.fame).zone", "slots.fame"),
    ("first(missions).difficulty", 3),
    ("last(missions).laurel", 5),
    ("first(market).multiplier", None),          # a card without the attribute
    # where / ranked by
    ("players where it.IP > 5", [0, 1, 3]),
    ("players until it.IP < 5", [0, 1]),             # the elements before the first match
    ("players until it.IP > 100", [0, 1, 2, 3]),
    ("[] until true", []),
    ("(players where it.IP > 100) where true", []),  # an empty collection binds no `it`
    ("opponents", [1, 2, 3]),
    ("opponents where it.wealth < my.espionage", [2, 3]),
    ("count(opponents where it.wealth < my.espionage)", 2),
    ('market where it.type == "court"', ["A08"]),
    ("missions where my.exploration * 2 >= it.difficulty", []),
    ("players ranked by it.IP", [1, 0, 3, 2]),
    ("players ranked by it.wealth", [1, 3, 0, 2]),      # ties keep the players' order
    ("players ranked by [it.wealth, it.IP]", [1, 3, 0, 2]),
    ("players ranked by [it.fame, it.espionage]", [0, 1, 2, 3]),
    ("first(players ranked by it.IP)", 1),
    ("last(players ranked by it.IP)", 2),
    # comprehensions
    ("[p.IP for p in players]", [10, 12, 3, 7]),
    ("[c.number for c in market]", [4, 8, 13]),
    ("sum(t.espionage for t in my.slots.espionage)", 10),
    ("sum(p.IP for p in players)", 32),
    ("count(c for c in market)", 3),
    ("min(p.IP for p in players)", 3),
    ("max(p.IP for p in players)", 12),
    ("max(p.wealth for p in opponents)", 10),
    ("[p.IP for p in (players where it.IP > 5)]", [10, 12, 7]),
    # builtins
    ("min(3, 1, 2)", 1),
    ("max(3, 1, 2)", 3),
    ("min([4, 2])", 2),
    ("max([])", 0),
    ("abs(-3)", 3),
    ("count(market)", 3),
    ("first(market)", "A04"),
    ("last(market)", "A13"),
    ("top(market)", "A13"),
    ("bottom(market)", "A04"),
    ("first([])", None),
    ("range(3)", [1, 2, 3]),
    ("range(2, 4)", [2, 3, 4]),
    ("any([false, true])", True),
    ("all([true, false])", False),
    ("unique([1, 1, 2])", [1, 2]),
    ("sorted([3, 1, 2])", [1, 2, 3]),
    ("reversed([1, 2, 3])", [3, 2, 1]),
    ("without(players, me)", [1, 2, 3]),
    ("clockwise(2)", [2, 3, 0, 1]),
    ("counterclockwise(2)", [2, 1, 0, 3]),
    ("next_player(3)", 0),
    ("previous_player(0)", 3),
    ('zone("ally_bag") == ally_bag', True),
    ('count(zone("slots.wealth", 1))', 2),
    # list literals, in, concatenation
    ("[1, 2, 3]", [1, 2, 3]),
    ("[]", []),
    ("[my.IP, turn]", [10, 3]),
    ("[1] + [2]", [1, 2]),
    ("2 in [1, 2, 3]", True),
    ("4 not in [1, 2, 3]", True),
    ('"fame" in branches', True),
    ('"luck" in branches', False),
    ("1 in removed_with_3", True),
    ("first(market).number in removed_with_3", False),
    ('"a" + "b"', "ab"),
    ('"IP: " + 3', "IP: 3"),
    # game names: counters, roles, zones, constants, variant
    ("turn", 3),
    ("turns", 5),
    ("favorite", 1),
    ("suppliant", 2),
    ("player_count", 4),
    ("variant", "standard"),
    ("reserve_size", 2),
    ("branches", ["fame", "wealth", "exploration", "espionage"]),
    ("market_size", 9),                         # constants by player count
    ("count(balanced_market)", 9),
    ("turn <= early_turns", True),
    ("count(ally_bag)", 32 - 6),
]

ERRORS = [
    # unknown names, with a did-you-mean hint
    ("oponents", "REF-UNDEF", 1, "did you mean 'opponents'?"),
    ("turn + favorit", "REF-UNDEF", 8, "did you mean 'favorite'?"),
    ("my.IPP", "REF-UNDEF", 4, "did you mean 'IP'?"),
    ("my.fam", "REF-UNDEF", 4, "did you mean 'fame'?"),
    ("my.slots.famee", "REF-UNDEF", 10, "did you mean 'fame'?"),
    ("first(market).chestt", "REF-UNDEF", 15, "did you mean 'chest'?"),
    ("cont(market)", "REF-UNDEF", 1, "did you mean 'count'?"),
    ("players ranked by it.bogus", "REF-UNDEF", 22, "'bogus'"),
    ("foo", "REF-UNDEF", 1, "unknown name 'foo'"),
    ("it.IP", "REF-UNDEF", 1, "unknown name 'it'"),
    ('zone("nowhere")', "REF-UNDEF", 6, "unknown zone 'nowhere'"),
    # type mismatches
    ("1 + true", "TYPE", 5, "a bool cannot be used with '+'"),
    ("my + 1", "TYPE", 1, "a player cannot be used with '+'"),
    ("first(market) + 1", "TYPE", 1, "a card cannot be used with '+'"),
    ('my.IP < "a"', "TYPE", 9, "compare numbers"),
    ("players < 2", "TYPE", 1, "compare numbers"),
    ('1 == "a"', "TYPE", 3, "never equal"),
    ('-"a"', "TYPE", 1, "cannot be negated"),
    ("my.IP.x", "TYPE", 7, "a number has no 'x'"),
    ("market.x", "TYPE", 8, "has no 'x'"),
    ("turn where it > 1", "TYPE", 1, "not a collection"),
    ("[x for x in turn]", "TYPE", 13, "not a collection"),
    ("count(1)", "TYPE", 7, "count() needs a collection"),
    ("sum(turn)", "TYPE", 5, "sum() needs a collection"),
    ("first(favorite)", "TYPE", 7, "first() needs a collection"),
    # wrong calls
    ("min()", "ARGS", 1, "min needs xs: min(xs...)"),
    ("count(1, 2)", "ARGS", 1, "count() takes 1 argument (x), not 2"),
    ("theft(me, 1)", "EXPR-BAD", 1, "call it as a statement"),
    # syntax errors, with the exact column
    ("(1 + 2", "SYNTAX", 7, "')' is missing"),
    ("count(market", "SYNTAX", 13, "')' is missing"),
    ("[1, 2", "SYNTAX", 6, "']' is missing"),
    ("1 +", "SYNTAX", 4, "the line ends too early"),
    ("1 + * 2", "SYNTAX", 5, "unexpected '*'"),
    ("my.", "SYNTAX", 4, "expected a name"),
    ("1 ? 2", "SYNTAX", 3, "unexpected character '?'"),
    ("my.IP = 3", "SYNTAX", 7, "unexpected '='"),
    ("1 2", "SYNTAX", 3, "unexpected '2'"),
    ("ranked by it", "SYNTAX", 8, "unexpected 'by'"),
    ("players where", "SYNTAX", 14, "the line ends too early"),
]

RUNTIME_ERRORS = [
    ("10 / 0", "division by zero"),
    ("10 % (turn - 3)", "division by zero"),
]


@pytest.fixture(scope="module")
def game():
    return load("metras")


def fixed_state(game, players=4, variant=None):
    s = fresh(game, players=players, seed=1, variant=variant)
    clear_flow(s)
    clear_board(game, s)
    set_turn(s, 3)
    place_all(s, game, ["ally28", "ally32"], "0.slots.espionage")
    place(s, game, "ally25", "0.slots.fame")
    place_all(s, game, ["ally26", "ally30"], "1.slots.wealth")
    place(s, game, "ally01", "1.reserve")
    place(s, game, "servant-1", "2.slots.exploration")
    if players == 4:
        place(s, game, "familyA-4", "3.slots.wealth")
    place_all(s, game, ["A04", "A08", "A13"], "market")
    place_all(s, game, ["M1a", "M2b"], "missions")
    for p, v in enumerate([10, 12, 3, 7][:players]):
        set_counter(s, game, p, "IP", v)
    s["roles"] = {"favorite": 1, "suppliant": 2}
    return s


@pytest.fixture(scope="module")
def state(game):
    return fixed_state(game)


def compile_expr(game, text):
    return Compiler(game.g).expr(parse_expression(text), Scope(game.g, {"me": "player"}))


def evaluate(game, s, text):
    fn, _ = compile_expr(game, text)
    vm = VM(game.g, s)
    vm.l = {"me": 0}
    return fn(vm)


@pytest.mark.parametrize("text,expected", VALUES, ids=[t for t, _ in VALUES])
def test_value(game, state, text, expected):
    before = game.to_json(state)
    assert evaluate(game, state, text) == expected
    assert game.to_json(state) == before        # evaluating changes nothing


@pytest.mark.parametrize("text,code,col,fragment", ERRORS, ids=[t for t, *_ in ERRORS])
def test_error(game, text, code, col, fragment):
    try:
        compile_expr(game, text)
    except EffectSyntaxError as e:
        assert (code, e.line, e.col) == ("SYNTAX", 1, col)
        assert fragment in e.message
        for word in ("RPAR", "RSQB", "LPAR", "$END", "_NL", "__ANON"):
            assert word not in e.message
        return
    except CompileError as e:
        assert (e.code, e.line, e.col) == (code, 1, col), e.message
        assert fragment in e.message + " " + e.hint
        return
    raise AssertionError(f"{text!r} compiled without error")


@pytest.mark.parametrize("text,fragment", RUNTIME_ERRORS)
def test_runtime_error(game, state, text, fragment):
    with pytest.raises(GameError, match=fragment):
        evaluate(game, state, text)


# The tree-walking reference evaluator covers the core of the language; the compiled
# closures must agree with it wherever it has an answer.
TREEWALK_ROWS = [(t, v) for t, v in VALUES if not any(
    w in t for w in (".name", ".seat", ".next", ".prev", ".label", ".zone", ".owner", "variant",
                     "zone(", '"IP: "', "opponents", "cards_in", "my.slots", "players[1]"))]


@pytest.mark.parametrize("text,expected", TREEWALK_ROWS, ids=[t for t, _ in TREEWALK_ROWS])
def test_treewalker_agrees(game, state, text, expected):
    vm = VM(game.g, state)
    vm.l = {"me": 0}
    assert TreeWalker(game.g).eval(parse_expression(text), vm, {}) == expected


@pytest.mark.parametrize("players,market,balanced", [(3, 7, [3, 4, 5, 6, 7, 8, 9]),
                                                     (4, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9])])
def test_constants_by_player_count(game, players, market, balanced):
    s = fixed_state(game, players=players, variant="balanced")
    assert evaluate(game, s, "market_size") == market
    assert evaluate(game, s, "balanced_market") == balanced
    assert evaluate(game, s, "player_count") == players
    assert evaluate(game, s, "variant") == "balanced"
    assert evaluate(game, s, "opponents") == list(range(1, players))


def test_locals_shadow_nothing_after_where(game, state):
    """`it` inside a filter is restored afterwards, even when filters nest."""
    text = ('opponents where count(cards_in(it.slots) where it.kind == "ally") > 0 '
            'and it.wealth < my.espionage')
    assert evaluate(game, state, text) == []
    fn, _ = compile_expr(game, "players where count(cards_in(it.slots) where it.kind == \"ally\") > 0")
    vm = VM(game.g, state)
    vm.l = {"me": 0}
    assert fn(vm) == [0, 1]
    assert vm.l == {"me": 0}
