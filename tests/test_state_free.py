"""Functions of the board alone, answered once per arguments (effects/state_free.py).

A game function that reads nothing of the state (its parameters, the board's tables, card
attributes, builtins that read nothing else) keeps its answers by argument. These tests
check which functions keep them, that every answer is the one the tree-walker (the
reference semantics) gives in every state, that a function reading the state is never
kept, and that the tables saying which builtins read the state cover every builtin that
does: in their source, and in play (every game of the repository played at random with the
builtins said to read nothing watched as they run)."""
from __future__ import annotations

import functools
import inspect
import shutil
import sys
from pathlib import Path

import pytest

from interpreter.boards.builtins import place_functions
from interpreter.boards.geometry import BOARD_READS_STATE, board_functions
from interpreter.effects import calls, runtime, values
from interpreter.effects.builtins import BUILTINS, READS_STATE
from interpreter.effects import types as T
from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import parse_expression
from interpreter.effects.treewalk import TreeWalker
from interpreter.runtime.game import Game
from interpreter.runtime.vm import VM
from scenario import SHIPPED, TEST_GAMES, played_at_random

STONES = Path(__file__).resolve().parent / "games" / "stones"
FUNCTIONS = """\
functions:
  far:
    description: "of the board alone: the squares at least d from c"
    params: {c: text, d: number}
    expr: count(cells() where distance(c, it) >= d)
  farthest:
    description: "of the board alone, through another: the largest far() from c"
    params: {c: text}
    expr: max([far(c, d) for d in range(1, 3)])
  ring:
    description: "of the board alone, but a list: answered afresh"
    params: {c: text}
    expr: cells() where distance(c, it) == 1
  free_near:
    description: "reads the board's stones: never kept"
    params: {c: text}
    expr: count(ring(c) where height(it) == 0)
  luck:
    description: "rolls: never kept"
    params: {n: number}
    expr: roll(6) + n
  after:
    description: "reads the seat count: never kept"
    params: {p: player}
    expr: next_player(p)
  mine:
    description: "reads a counter: never kept"
    params: {p: player, d: number}
    expr: p.placed + far("a1", d)
  seats:
    description: "reads how many seats the game has, which differs between games: never kept"
    expr: count(players) + count(cells())
"""


@pytest.fixture(scope="module")
def stones(tmp_path_factory):
    dest = tmp_path_factory.mktemp("sf") / "stones"
    shutil.copytree(STONES, dest)
    path = dest / "game.yaml"
    path.write_text(path.read_text().replace("rounds:\n", FUNCTIONS + "rounds:\n", 1))
    game = Game.load(str(dest))
    return game, Compiler(game.g)


def keeps(comp, name) -> bool:
    """Whether the game function's generated code keeps its answers."""
    return "MEMO_" in comp.function(name).source


def test_only_functions_of_the_board_alone_that_answer_a_value_keep_it(stones):
    _, comp = stones
    assert keeps(comp, "far") and keeps(comp, "farthest")
    for name in ("ring", "free_near", "luck", "after", "mine", "seats"):
        assert not keeps(comp, name), name
    assert comp.function_ref("ring") in comp.ns.static       # a list: not kept, but
    for name in ("free_near", "luck", "after", "mine", "seats"):   # of the board alone
        assert comp.function_ref(name) not in comp.ns.static, name


def states(game, n=6):
    """Positions reached by random play, from the empty board on."""
    return [played_at_random(game, 2, seed, (0, 4)) for seed in range(n)]


@pytest.mark.parametrize("text", ['far(c, 1) + far(c, 2) * 10', "farthest(c)",
                                  "free_near(c)", "mine(me, 2)", "count(ring(c))"])
def test_every_answer_is_the_reference_one_in_every_state(stones, text):
    game, comp = stones
    tree = parse_expression(text)
    fn, _ = comp.expr(tree, Scope(game.g, {"c": T.STR, "me": "player"}))
    walker = TreeWalker(game.g)
    for s in states(game):
        for c in game.g.boards["board"].cells:
            for _ in range(2):                  # the second time from what was kept
                vm = VM(game.g, s)
                vm.l = {"c": c, "me": 0}
                assert fn(vm) == walker.eval(tree, VM(game.g, s), {"c": c, "me": 0}), c


def test_a_list_answer_is_never_shared(stones):
    game, comp = stones
    ring = comp.function("ring")
    vm = VM(game.g, game.new_state(2, 1))
    first = ring(vm, 0, "b2")
    first.append("zz")                          # a rule may append to what it was handed
    assert "zz" not in ring(vm, 0, "b2")


def test_an_argument_that_cannot_be_a_key_is_answered_afresh(stones):
    game, comp = stones
    far = comp.function("far")
    vm = VM(game.g, game.new_state(2, 1))
    memo = far.__globals__["MEMO_" + comp.function_ref("far")]
    memo.clear()
    assert far(vm, 0, "a1", 1.0) == far(vm, 0, "a1", 1) == 8      # 1.0 is not a key
    assert far(vm, 0, "a1", True) == 8                               # nor true
    assert list(memo) == [("a1", 1)]                                 # (me is not read)


def source_and_callees(fn) -> str:
    """A function's source and that of the functions of its module it calls."""
    module = sys.modules[fn.__module__]
    called = [getattr(module, n) for n in fn.__code__.co_names
              if inspect.isfunction(getattr(module, n, None))]
    return "".join(inspect.getsource(f) for f in [fn, *called])


def test_the_tables_name_every_builtin_that_reads_the_state():
    for name, (fn, _, _) in BUILTINS.items():
        body = source_and_callees(fn)
        reads = any(w in body for w in ("vm.s", "vm.label", "vm.shown"))
        assert reads == (name in READS_STATE), name


def test_the_board_tables_name_every_board_builtin_that_reads_the_state():
    for shape in ("grid", "hex"):
        board = next(b for g in ("metscri", "metropolis") for b in Game.load(g).g.boards.values()
                     if b.shape == shape)
        for name, (fn, _, _) in board_functions(board).items():
            body = source_and_callees(fn)
            assert ("vm.s" in body or "vm.g" in body) == (name in BOARD_READS_STATE), name
    assert set(place_functions(board)) >= BOARD_READS_STATE


def test_the_pure_helpers_read_only_their_arguments():
    helpers = [runtime.HELPERS[n] for n in runtime.PURE_HELPERS - {"GameError"}] + \
        [values.RUNTIME[n] for n in values.PURE_RUNTIME]
    for fn in helpers:          # handed neither the VM nor the state, nor reading a global one
        assert not {"vm", "s"} & set(inspect.signature(fn).parameters), fn.__name__
        assert not {"vm", "s"} & set(fn.__code__.co_names), fn.__name__


def test_metropolis_keeps_its_distances_to_stations():
    comp = Compiler(Game.load("metropolis").g)
    assert keeps(comp, "nearest") and keeps(comp, "ahead")
    assert not keeps(comp, "stations")          # a list


# ---------------------------------------------------------------- the tables, in play
PLAYED = [*SHIPPED, *TEST_GAMES]


class Watched(VM):
    """The VM while a builtin said to read no state runs: reading the state (`s`) or the
    running frame's locals (`l`), directly or through any function of any module it calls,
    is recorded against that builtin."""
    __slots__ = ()
    caught: set = set()     # the builtins seen reading it
    called: set = set()     # every watched builtin that ran
    running: list = []

    def _reading(slot):
        def get(self):
            Watched.caught.add(Watched.running[-1])
            return getattr(VM, slot).__get__(self, VM)

        def put(self, value):
            getattr(VM, slot).__set__(self, value)
        return property(get, put)

    s = _reading("s")
    l = _reading("l")


def watched(name: str, fn):
    """fn, run with the VM watched (signature kept: the compiler reads it)."""
    @functools.wraps(fn)
    def call(vm, *args, **kwargs):
        was = vm.__class__
        vm.__class__ = Watched
        Watched.running.append(name)
        Watched.called.add(name)
        try:
            return fn(vm, *args, **kwargs)
        finally:
            Watched.running.pop()
            vm.__class__ = was
    return call


def test_no_builtin_said_to_read_no_state_reads_it_in_play(monkeypatch):
    """Every game of the repository played at random, with each builtin the tables say reads
    no state watched as it runs: none reads the state or the running frame, however deep
    (a helper in another module included). The source checks above cover the builtins no
    game calls."""
    for name, (fn, rt, arity) in list(BUILTINS.items()):
        if name not in READS_STATE:
            monkeypatch.setitem(BUILTINS, name, (watched(name, fn), rt, arity))

    def watched_board(board):
        fns = board_functions(board)
        return {name: (watched("board " + name, fn), rt, arity)
                if name not in BOARD_READS_STATE else (fn, rt, arity)
                for name, (fn, rt, arity) in fns.items()}
    monkeypatch.setattr(calls, "board_functions", watched_board)
    Watched.caught.clear()
    Watched.called.clear()
    for path in PLAYED:
        game = Game.load(str(path.parent))
        for seed in (1, 2):
            played_at_random(game, game.g.players_min, seed, (150, 151))
    assert not Watched.caught, sorted(Watched.caught)
    # the watch was on: builtins and board builtins ran under it (on 2026-11-29, 15 of the
    # 26 builtins and 8 board builtins; the others are inlined from tables or unused)
    assert {"max", "min", "sorted", "board cells", "board ray", "board exits"} <= Watched.called, \
        sorted(Watched.called)
    # and it sees a read
    state = game.new_state(game.g.players_min, seed=1)
    watched("probe", lambda vm: vm.s["n"])(VM(game.g, state))
    assert Watched.caught == {"probe"}
