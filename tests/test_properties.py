"""Property tests (hypothesis) for the expression language, the parser and the state.

1. Random well-typed expressions (integer literals, + - * / %, unary minus, min/max, comparisons,
   and/or/not, conditional expressions, `in` list literals and a few state reads) are printed,
   parsed, compiled and evaluated over a hypothesis-built Metras state: the compiled closure, the
   tree-walker and a Python oracle computed from the generated tree all agree. A zero divisor
   (reached in evaluation order: the untaken side of `if`/`and`/`or` is not evaluated) must make
   the compiled closure raise GameError("division by zero"); the tree-walker has no answer there
   (it may raise ZeroDivisionError or GameError).
2. Printing then parsing gives back the generated tree; mutated texts and random soups of the
   language's own tokens either parse or raise EffectSyntaxError positioned inside the text.
3. Random play of Metras with hypothesis-chosen decisions keeps the state invariants: clone +
   same decision gives equal states, the JSON round trip is exact, option labels are unique,
   counters are never negative.

Examples are derandomized and no example database is written, so runs are reproducible
(RULEBOOK_PROPERTIES_SCALE=N runs N times as many, randomized, to hunt for bugs).
"""
from __future__ import annotations

import functools
import os
import random
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from interpreter.effects import ast as A
from interpreter.effects.compiler import Compiler, Scope
from interpreter.effects.parser import GRAMMAR, EffectSyntaxError, parse_expression, parse_script
from interpreter.effects.treewalk import TreeWalker
from interpreter.errors import GameError
from interpreter.runtime.vm import VM
from scenario import clear_board, clear_flow, fresh, load, place, set_counter, set_turn


# RULEBOOK_PROPERTIES_SCALE=20 runs 20 times the examples, randomized (to hunt for bugs); by
# default the examples are derandomized, so every run checks the same ones.
SCALE = float(os.environ.get("RULEBOOK_PROPERTIES_SCALE", "1"))


def props(n: int):
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None, derandomize=SCALE == 1,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@functools.lru_cache(maxsize=None)
def game():
    return load("metras")


@functools.lru_cache(maxsize=None)
def compiler():
    return Compiler(game().g)


@functools.lru_cache(maxsize=None)
def treewalker():
    return TreeWalker(game().g)


# ================================================================ 1. expressions: generation

READS = [
    A.Attr(A.Name("my"), "IP"),
    A.Attr(A.Name("me"), "IP"),
    A.Attr(A.Name("my"), "fame"),
    A.Name("turn"),
    A.Name("player_count"),
    A.Call("count", [A.Name("players")], {}),
]
ORDER = ["==", "!=", "<", "<=", ">", ">="]

# small literals often (so that divisors are often zero), huge ones sometimes
int_leaf = st.one_of(st.integers(0, 2).map(A.Const), st.sampled_from(READS),
                     st.integers(0, 12).map(A.Const), st.integers(0, 10 ** 12).map(A.Const))
bool_leaf = st.booleans().map(A.Const)


INT_KINDS = ["leaf", "leaf", "arith", "arith", "arith", "arith", "neg", "minmax", "minmax[]", "if"]
BOOL_KINDS = ["leaf", "compare", "compare", "in", "andor", "andor", "not", "bool==", "if"]


@st.composite
def ints(draw, depth: int):
    kind = draw(st.sampled_from(INT_KINDS)) if depth else "leaf"
    sub = ints(depth - 1)
    if kind == "leaf":
        return draw(int_leaf)
    if kind == "arith":
        return A.BinOp(draw(st.sampled_from(["+", "-", "*", "/", "%"])), draw(sub), draw(sub))
    if kind == "neg":
        return A.Neg(draw(sub))
    if kind == "minmax":
        return A.Call(draw(st.sampled_from(["min", "max"])),
                      draw(st.lists(sub, min_size=1, max_size=4)), {})
    if kind == "minmax[]":
        return A.Call(draw(st.sampled_from(["min", "max"])),
                      [A.ListExpr(draw(st.lists(sub, max_size=3)))], {})
    return A.CondExpr(draw(sub), draw(bools(depth - 1)), draw(sub))


@st.composite
def bools(draw, depth: int):
    kind = draw(st.sampled_from(BOOL_KINDS if depth else ["leaf", "compare"]))
    sub, num = bools(depth - 1), ints(max(depth - 1, 0))
    if kind == "leaf":
        return draw(bool_leaf)
    if kind == "compare":
        return A.Compare(draw(st.sampled_from(ORDER)), draw(num), draw(num))
    if kind == "in":
        return A.Compare(draw(st.sampled_from(["in", "not in"])), draw(num),
                         A.ListExpr(draw(st.lists(num, max_size=4))))
    if kind == "andor":
        return A.BoolOp(draw(st.sampled_from(["and", "or"])), draw(sub), draw(sub))
    if kind == "not":
        return A.Not(draw(sub))
    if kind == "bool==":
        return A.Compare(draw(st.sampled_from(["==", "!="])), draw(sub), draw(sub))
    return A.CondExpr(draw(sub), draw(sub), draw(sub))


exprs = st.one_of(ints(3), bools(3))


# ================================================================ printing

# (left operand's minimum level, right operand's minimum level, the node's level); a higher
# level binds tighter: 1 test (if/else), 2 or, 3 and, 4 not, 5 comparison, 6 sum, 7 term,
# 8 unary minus, 9 atom.
BINARY = {"+": (6, 7, 6), "-": (6, 7, 6), "*": (7, 8, 7), "/": (7, 8, 7), "%": (7, 8, 7),
          "and": (3, 4, 3), "or": (2, 3, 2)}


def tokens(node, rnd, paren_p=0.1) -> list:
    """The node as a list of tokens, with the parentheses precedence needs (and, with
    probability paren_p at each node, redundant ones)."""
    def sub(n, need):
        toks, level = walk(n)
        if level < need or rnd.random() < paren_p:
            return ["(", *toks, ")"]
        return toks

    def seq(items):
        out = []
        for i, x in enumerate(items):
            if i:
                out.append(",")
            out.extend(sub(x, 0))
        return out

    def walk(n):
        if isinstance(n, A.Const):
            v = n.value
            return [("true" if v else "false") if isinstance(v, bool) else str(v)], 9
        if isinstance(n, A.Name):
            return [n.name], 9
        if isinstance(n, A.Attr):
            return [*sub(n.obj, 9), ".", n.name], 9
        if isinstance(n, A.Call):
            return [n.func, "(", *seq(n.args), ")"], 9
        if isinstance(n, A.ListExpr):
            return ["[", *seq(n.items), "]"], 9
        if isinstance(n, A.Neg):
            return ["-", *sub(n.operand, 8)], 8
        if isinstance(n, A.Not):
            return ["not", *sub(n.operand, 4)], 4
        if isinstance(n, (A.BinOp, A.BoolOp)):
            lneed, rneed, level = BINARY[n.op]
            return [*sub(n.left, lneed), n.op, *sub(n.right, rneed)], level
        if isinstance(n, A.Compare):
            op = ["not", "in"] if n.op == "not in" else [n.op]
            return [*sub(n.left, 6), *op, *sub(n.right, 6)], 5
        if isinstance(n, A.CondExpr):
            return [*sub(n.then, 2), "if", *sub(n.test, 2), "else", *sub(n.other, 1)], 1
        raise TypeError(n)

    return walk(node)[0]


WORD = re.compile(r"\w")
GAPS = ["", "", " ", " ", " ", " ", " ", "  ", "\t", " \\\n  "]    # the last continues the line


def join(toks, rnd) -> str:
    out = toks[0] if toks else ""
    for t in toks[1:]:
        gap = rnd.choice(GAPS)
        if not gap and WORD.match(out[-1]) and WORD.match(t[0]):
            gap = " "
        out += gap + t
    return out


def show(node) -> str:
    """Canonical text (minimal parentheses, single spaces) for messages."""
    return " ".join(tokens(node, random.Random(0), paren_p=0))


# ================================================================ the oracle


class DivZero(Exception):
    pass


def oracle(n, env):
    if isinstance(n, A.Const):
        return n.value
    if isinstance(n, A.Name):
        return {"turn": env["turn"], "player_count": env["n"]}[n.name]
    if isinstance(n, A.Attr):
        return env[n.name]
    if isinstance(n, A.Call):
        if n.func == "count":
            return env["n"]
        if len(n.args) == 1 and isinstance(n.args[0], A.ListExpr):
            xs = [oracle(x, env) for x in n.args[0].items]
        else:
            xs = [oracle(x, env) for x in n.args]
        if not xs:
            return 0
        return min(xs) if n.func == "min" else max(xs)
    if isinstance(n, A.ListExpr):
        return [oracle(x, env) for x in n.items]
    if isinstance(n, A.Neg):
        return -oracle(n.operand, env)
    if isinstance(n, A.Not):
        return not oracle(n.operand, env)
    if isinstance(n, A.BoolOp):
        if n.op == "and":
            return bool(oracle(n.left, env)) and bool(oracle(n.right, env))
        return bool(oracle(n.left, env)) or bool(oracle(n.right, env))
    if isinstance(n, A.CondExpr):
        return oracle(n.then, env) if oracle(n.test, env) else oracle(n.other, env)
    a, b = oracle(n.left, env), oracle(n.right, env)
    if n.op in ("/", "%") and b == 0:
        raise DivZero
    return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a // b,
            "%": lambda: a % b, "==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b,
            "<=": lambda: a <= b, ">": lambda: a > b, ">=": lambda: a >= b,
            "in": lambda: a in b, "not in": lambda: a not in b}[n.op]()


# ================================================================ the state the reads see

FAME_TILES = sorted(c for c, a in load("metras").g.cards.items()
                    if type(a.get("fame")) is int and c.startswith(("ally", "servant")))


@functools.lru_cache(maxsize=None)
def base_state(n: int) -> dict:
    s = fresh(game(), players=n, seed=1)
    clear_flow(s)
    clear_board(game(), s)
    return s


@st.composite
def positions(draw):
    """(state, seat of me, the oracle's environment)."""
    n = draw(st.sampled_from([3, 4]))
    me = draw(st.integers(0, n - 1))
    ips = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    turn = draw(st.integers(0, 5))
    tiles = draw(st.lists(st.sampled_from(FAME_TILES), unique=True, max_size=4))
    return make_position(n, me, ips, turn, tiles)


def make_position(n, me, ips, turn, tiles):
    g = game()
    s = g.clone(base_state(n))
    for p, v in enumerate(ips):
        set_counter(s, g, p, "IP", v)
    set_turn(s, turn)
    for c in tiles:
        place(s, g, c, f"{me}.slots.fame")
    fame = sum(g.g.cards[c]["fame"] for c in tiles)
    return s, me, {"IP": ips[me], "fame": fame, "turn": turn, "n": n}


def expected_of(node, env):
    try:
        return oracle(node, env)
    except DivZero:
        return DivZero


# ================================================================ 1. the properties

POSITION = make_position(4, 1, [10, 0, 3, 7], 0, ["ally25"])   # P2 has no IP, turn 0


def at_position(node):
    return example(node, POSITION, random.Random(0))


@props(300)
@given(exprs, positions(), st.randoms(use_true_random=False))
@at_position(A.BinOp("/", A.Const(7), A.BinOp("-", A.Name("turn"), A.Name("turn"))))
@at_position(A.BinOp("%", A.Neg(A.Const(7)), A.Attr(A.Name("me"), "IP")))     # P2's IP is 0
@at_position(A.CondExpr(A.Const(1), A.Const(True), A.BinOp("%", A.Const(1), A.Const(0))))
@at_position(A.BoolOp("or",                     # -7 < -7 % 3 or 1 / 0 == 0: never divides
                      A.Compare("<", A.Neg(A.Const(7)),
                                A.BinOp("%", A.Neg(A.Const(7)), A.Const(3))),
                      A.Compare("==", A.BinOp("/", A.Const(1), A.Const(0)), A.Const(0))))
@at_position(A.Call("max", [A.ListExpr([])], {}))
def test_compiled_treewalker_and_oracle_agree(node, position, rnd):
    s, me, env = position
    g = game()
    text = join(tokens(node, rnd), rnd)
    parsed = parse_expression(text)
    assert parsed == node, f"{text!r} parsed as {parsed}"
    fn, t = compiler().expr(parsed, Scope(g.g, {"me": "player"}))
    want = expected_of(node, env)
    before = g.to_json(s)
    vm = VM(g.g, s)
    vm.l = {"me": me}
    if want is DivZero:
        with pytest.raises(GameError, match="division by zero"):
            fn(vm)
        try:
            treewalker().eval(parsed, vm, {})
        except (ZeroDivisionError, GameError):
            pass
        else:
            raise AssertionError(f"tree-walker gave an answer for {show(node)}")
    else:
        got = fn(vm)
        assert (got, type(got)) == (want, type(want)), show(node)
        assert t == ("bool" if isinstance(want, bool) else "num"), show(node)
        vm2 = VM(g.g, s)
        vm2.l = {"me": me}
        walked = treewalker().eval(parsed, vm2, {})
        assert (walked, type(walked)) == (want, type(want)), show(node)
    assert g.to_json(s) == before          # evaluating changes nothing


# ================================================================ 2. printing then parsing


def parses_or_fails_located(text):
    """A script either parses into statements or fails with a position inside the text and
    an excerpt that can be shown."""
    try:
        out = parse_script(text)
    except EffectSyntaxError as e:
        assert position_ok(e, text), f"{text!r}: {e.line}:{e.col} {e.message}"
        e.excerpt()
    else:
        assert isinstance(out, list)


def position_ok(e: EffectSyntaxError, text: str) -> bool:
    lines = text.splitlines() or [""]
    return 1 <= e.line <= len(lines) and 1 <= e.col <= len(lines[e.line - 1]) + 1


KEYWORDS = sorted(set(re.findall(r'"([a-z]+)"', GRAMMAR)))
SOUP = st.one_of(
    st.sampled_from(["x", "y", "me", "my", "it", "players", "market", "IP", "foo_1", "_"]),
    st.sampled_from(["0", "1", "42", "007"]),
    st.sampled_from(["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "=", ".", ",",
                     ":"]),
    st.sampled_from(KEYWORDS),
    st.sampled_from(["(", ")", "[", "]"]),
    st.sampled_from(['"', '""', '"text"', '"a # b"', "#", "# note"]),
    st.sampled_from(["\n", "\n", "\r\n", "\n\n", " \\\n"]),
    st.sampled_from(["  ", "    ", "\t", "\n  ", "\n    ", "\n\t", "\n        ", "\n \t"]),
)


def mutate(toks: list, data) -> None:
    """Damage a token list once: drop, double, swap or insert a soup token."""
    i = data.draw(st.integers(0, len(toks) - 1), label="at")
    kind = data.draw(st.sampled_from(["drop", "double", "swap", "insert"]), label="kind")
    if kind == "drop":
        del toks[i]
    elif kind == "double":
        toks.insert(i, toks[i])
    elif kind == "swap" and i + 1 < len(toks):
        toks[i], toks[i + 1] = toks[i + 1], toks[i]
    elif kind == "insert":
        toks.insert(i, data.draw(SOUP, label="token"))


@props(300)
@given(exprs, st.randoms(use_true_random=False), st.data())
def test_mutated_expression_texts(node, rnd, data):
    """Print, then damage the token list once (drop, double, swap, insert a soup token):
    parse_expression gives a tree or a positioned EffectSyntaxError, nothing else."""
    toks = tokens(node, rnd)
    mutate(toks, data)
    text = join(toks, rnd)
    try:
        parse_expression(text)
    except EffectSyntaxError as e:
        assert position_ok(e, text), f"{text!r}: {e.line}:{e.col} {e.message}"
        e.excerpt()


@props(600)
@given(st.lists(st.tuples(SOUP, st.sampled_from(["", " "])), max_size=40))
@example([("if", " "), ("x", ""), (":", ""), ("\n  ", ""), ("pass", ""), ("\n", ""), ("  ", ""),
          ("pass", "")])
@example([("x", " "), ("=", " "), ("(", ""), ("1", ""), ("\r\n", ""), ("y", "")])
def test_token_soup_scripts(parts):
    text = "".join(t + sep for t, sep in parts)
    parses_or_fails_located(text)


# Whole scripts: statements (simple ones, and if/elif/else, for each, while, repeat blocks with
# hypothesis-chosen indentation, one-line blocks, blank and comment lines, \n or \r\n) built
# with their expected tree. A line is (indentation, tokens).

NAMES = ["x", "y", "total"]


def _statement(var, kind, expr):
    if kind == "assign":     # `x = f(...)` is a call statement that keeps the result
        return A.CallStmt(expr, var) if isinstance(expr, A.Call) else A.Assign(var, expr)
    return {"gain": lambda: A.Gain("IP", expr, None), "return": lambda: A.Return(expr)}[kind]()


@st.composite
def simple_statements(draw):
    kind = draw(st.sampled_from(["assign", "assign", "gain", "pass", "break", "log", "return"]))
    if kind in ("pass", "break"):
        return [kind], A.Pass() if kind == "pass" else A.Break()
    if kind == "log":
        return ["log", '"{me} # not a comment"'], A.Log("{me} # not a comment")
    expr = draw(ints(2) if kind == "gain" else st.one_of(ints(2), bools(2)))
    rnd = draw(st.randoms(use_true_random=False))
    var = draw(st.sampled_from(NAMES))
    head = {"assign": [var, "="], "gain": ["gain", "IP"], "return": ["return"]}[kind]
    return head + tokens(expr, rnd), _statement(var, kind, expr)


@st.composite
def blocks(draw, depth, indent):
    """(lines, statements) for 1-3 statements at this indentation."""
    lines, stmts = [], []
    for _ in range(draw(st.integers(1, 3))):
        ls, node = draw(statements(depth, indent))
        lines += ls
        stmts.append(node)
    return lines, stmts


@st.composite
def body(draw, depth, indent, head):
    """The lines of a compound statement's header and its block (or a one-line block)."""
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        toks, node = draw(simple_statements())
        return [(indent, head + [":"] + toks)], [node]
    unit = draw(st.sampled_from(["  ", "    ", "\t", " ", "\t  "]))
    lines, stmts = draw(blocks(depth - 1, indent + unit))
    return [(indent, head + [":"])] + lines, stmts


@st.composite
def statements(draw, depth, indent):
    kind = draw(st.sampled_from(["simple", "simple", "if", "for", "while", "repeat", "blank"]
                                if depth else ["simple", "blank"]))
    if kind == "blank":      # a blank or comment line (any indentation) belongs to the line break
        filler = draw(st.sampled_from(["", "   ", "# note", "  # note", "\t#"]))
        lines, node = draw(statements(depth, indent))
        return [(filler, None)] + lines, node
    if kind == "simple":
        toks, node = draw(simple_statements())
        if draw(st.booleans()):
            toks = toks + ["# trailing"]
        return [(indent, toks)], node
    rnd = draw(st.randoms(use_true_random=False))
    if kind == "if":
        test = draw(bools(2))
        lines, stmts = draw(body(depth, indent, ["if", *tokens(test, rnd)]))
        branches, orelse = [(test, stmts)], None
        for _ in range(draw(st.integers(0, 2))):
            test = draw(bools(2))
            more, stmts = draw(body(depth, indent, ["elif", *tokens(test, rnd)]))
            lines += more
            branches.append((test, stmts))
        if draw(st.booleans()):
            more, orelse = draw(body(depth, indent, ["else"]))
            lines += more
        return lines, A.If(branches, orelse)
    if kind == "for":
        lines, stmts = draw(body(depth, indent, ["for", "each", "p", "in", "players"]))
        return lines, A.ForEach("p", A.Name("players"), stmts)
    if kind == "while":
        test = draw(bools(2))
        lines, stmts = draw(body(depth, indent, ["while", *tokens(test, rnd)]))
        return lines, A.While(test, stmts)
    count = draw(ints(2))
    lines, stmts = draw(body(depth, indent, ["repeat", *tokens(count, rnd)]))
    return lines, A.Repeat(count, stmts)


@st.composite
def scripts(draw):
    """(flat token list, expected statements); a token starting with a line break carries the
    next line's indentation."""
    lines, stmts = draw(blocks(2, ""))
    newline = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    flat = []
    for i, (indent, toks) in enumerate(lines):
        if i:
            flat.append(newline + indent)
        elif indent:
            flat.append(indent)
        if toks is None:
            continue
        flat.extend(toks)
    if draw(st.booleans()):
        flat.append(newline)
    return flat, stmts


def is_break(tok: str) -> bool:
    return tok.startswith(("\n", "\r")) or not tok.strip()


def join_script(toks, rnd) -> str:
    """Like join, without adding spaces where they would change a line's indentation."""
    out = ""
    for i, t in enumerate(toks):
        if i and not is_break(t) and not is_break(toks[i - 1]):
            gap = rnd.choice(GAPS)
            if not gap and WORD.match(out[-1]) and WORD.match(t[0]):
                gap = " "
            out += gap
        out += t
    return out


@props(80)
@given(scripts(), st.randoms(use_true_random=False))
def test_scripts_parse_to_their_tree(script, rnd):
    toks, want = script
    text = join_script(toks, rnd)
    assert parse_script(text) == want, text


@props(100)
@given(scripts(), st.randoms(use_true_random=False), st.data())
def test_mutated_scripts(script, rnd, data):
    toks = list(script[0])
    mutate(toks, data)
    text = join_script(toks, rnd)
    parses_or_fails_located(text)


# ================================================================ 3. state invariants in play

DECISIONS = 300          # a Metras game takes about 200


@st.composite
def choice_lists(draw):
    """Option indexes (taken modulo the option count); the length is drawn first, so that
    most lists are long enough to reach well into the game (plain st.lists stays short)."""
    n = draw(st.integers(0, DECISIONS), label="decisions")
    return draw(st.lists(st.integers(0, 10 ** 6), min_size=n, max_size=n))


@props(30)
@given(st.sampled_from([3, 4]), st.integers(0, 2 ** 32 - 1), choice_lists())
@example(3, 0, [0] * DECISIONS)
@example(4, 7, list(range(DECISIONS)))
def test_play_invariants(players, seed, choices):
    g = game()
    s = g.new_state(players=players, seed=seed)
    for step, choice in enumerate(choices):
        where = f"decision {step}"
        for p, counters in enumerate(s["pl"]):
            for k, v in counters.items():
                assert not isinstance(v, int) or v >= 0, f"{where}: P{p + 1}'s {k} = {v}"
        for k, v in s["g"].items():
            assert not isinstance(v, int) or v >= 0, f"{where}: {k} = {v}"
        text = g.to_json(s)
        assert g.from_json(text) == s, f"{where}: the JSON round trip changed the state"
        if g.is_over(s):
            assert g.result(s) is not None
            break
        seats = g.waiting(s)
        assert seats, f"{where}: nobody must decide"
        for seat in seats:
            labels = g.options(s, seat)
            assert len(labels) == g.option_count(s, seat) > 0, where
            assert len(set(labels)) == len(labels), f"{where}: repeated labels {labels}"
        seat = seats[0]
        index = choice % g.option_count(s, seat)
        copy = g.clone(s)
        assert copy == s
        g.apply(s, seat, index)
        assert g.to_json(copy) == text, f"{where}: applying to the original changed the clone"
        g.apply(copy, seat, index)
        assert copy == s, f"{where}: the clone and the original differ after the same decision"


# ================================================================ found by these properties
# Each was a bug once; kept so it stays fixed.


@pytest.mark.parametrize("text", ["my.IP > 3\n", "1\n", "min(1,\n  2)", "\n  turn + 1\n  "])
def test_line_breaks_around_and_inside_brackets_of_an_expression(text):
    assert parse_expression(text) == parse_expression(" ".join(text.split()))


@pytest.mark.parametrize("parse,text,words", [
    (parse_expression, "\r", "the line ends too early: expected a value"),
    (parse_script, "\r:", "unexpected character '\\r'"),
    (parse_expression, "\x0c", "the line ends too early: expected a value")])
def test_stray_line_separators_are_syntax_errors(parse, text, words):
    with pytest.raises(EffectSyntaxError, match="^1:1: " + re.escape(words)):
        parse(text)


@pytest.mark.parametrize("text", ["1" + " + 1" * 600, "-" * 600 + "1", "min(" * 300 + "1" + ")" * 300])
def test_deep_nesting_is_a_syntax_error_not_a_crash(text):
    with pytest.raises(EffectSyntaxError, match="levels deep; at most 200 are read"):
        parse_expression(text)
