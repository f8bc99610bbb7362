"""The effect language's parser: statements -> AST, and syntax errors a designer can read."""
from __future__ import annotations

import re

import pytest

from interpreter.effects import ast as A
from interpreter.effects.parser import EffectSyntaxError, parse_expression, parse_script


def N(name):
    return A.Name(name)


def C(value):
    return A.Const(value)


def one(text):
    stmts = parse_script(text)
    assert len(stmts) == 1, stmts
    return stmts[0]


# ------------------------------------------------------------------ statements
STATEMENTS = [
    ("x = 1 + 2", A.Assign("x", A.BinOp("+", C(1), C(2)))),
    # a call assigned is a CallStmt: the compiler decides whether it is a procedure
    ("x = min(1, 2)", A.CallStmt(A.Call("min", [C(1), C(2)], {}), "x")),
    ("won = open_auction(lot, favorite, players)",
     A.CallStmt(A.Call("open_auction", [N("lot"), N("favorite"), N("players")], {}), "won")),
    ("theft(target, card.chest)",
     A.CallStmt(A.Call("theft", [N("target"), A.Attr(N("card"), "chest")], {}))),
    ("place_tile(p, t, reserve_ok=true)",
     A.CallStmt(A.Call("place_tile", [N("p"), N("t")], {"reserve_ok": C(True)}))),
    ('t = choose one of my.looking by p otherwise "keep no more" prompt "{p}: keep?"',
     A.Choose("t", A.Attr(N("my"), "looking"), by=N("p"), otherwise="keep no more",
              prompt="{p}: keep?")),
    ("n = choose number from 0 to my.IP",
     A.Choose("n", None, low=C(0), high=A.Attr(N("my"), "IP"))),
    ("bids = choose number from 1 to 3 by each of players",
     A.Choose("bids", None, low=C(1), high=C(3), each=N("players"))),
    ("gain IP my.fame * card.multiplier",
     A.Gain("IP", A.BinOp("*", A.Attr(N("my"), "fame"), A.Attr(N("card"), "multiplier")), None)),
    ("gain IP p.wealth to p", A.Gain("IP", A.Attr(N("p"), "wealth"), N("p"))),
    ("lose IP 3", A.Lose("IP", C(3), None)),
    ("lose tokens 1 from won.winner", A.Lose("tokens", C(1), A.Attr(N("won"), "winner"))),
    ("steal IP min(3, target.IP) from target",
     A.Steal("IP", A.Call("min", [C(3), A.Attr(N("target"), "IP")], {}), N("target"))),
    ("set favorite = favorite.next", A.SetStmt(N("favorite"), A.Attr(N("favorite"), "next"))),
    ("set p.tokens = 2", A.SetStmt(A.Attr(N("p"), "tokens"), C(2))),
    ("move lot to won.winner.purchased",
     A.Move(N("lot"), A.Attr(A.Attr(N("won"), "winner"), "purchased"))),
    ("move t to p.slots[b]", A.Move(N("t"), A.Index(A.Attr(N("p"), "slots"), N("b")))),
    ("draw look from ally_bag to p.looking",
     A.Draw(N("look"), N("ally_bag"), A.Attr(N("p"), "looking"))),
    ("shuffle early_deck", A.Shuffle(N("early_deck"))),
    ("discard p.looking", A.Discard(A.Attr(N("p"), "looking"))),
    ("play m as me", A.Play(N("m"), N("me"))),
    ("play c", A.Play(N("c"), None)),
    ("return false", A.Return(C(False))),
    ("return", A.Return(None)),
    ("break", A.Break()),
    ("pass", A.Pass()),
    ('log "{me} wins"', A.Log("{me} wins")),
    ("end game", A.EndGame()),
    ("end game as draw", A.EndGame(draw=True)),
    ('x = choose one of xs labelled "{it}"', A.Choose("x", N("xs"), labelled="{it}")),
]


@pytest.mark.parametrize("text,node", STATEMENTS, ids=[t for t, _ in STATEMENTS])
def test_statement(text, node):
    assert one(text) == node


def test_blocks():
    text = """\
if turn == 1 and variant == "balanced":
    shuffle early_deck
elif turn <= early_turns:
    draw 3 from early_deck to market
else:
    pass
for each p in clockwise(favorite):
    while count(p.reserve) > 0:
        break
repeat keep:
    x = 1
"""
    stmts = parse_script(text)
    assert [type(s).__name__ for s in stmts] == ["If", "ForEach", "Repeat"]
    branch = stmts[0]
    assert len(branch.branches) == 2
    assert branch.branches[1][1] == [A.Draw(C(3), N("early_deck"), N("market"))]
    assert branch.orelse == [A.Pass()]
    loop = stmts[1]
    assert loop.var == "p" and loop.coll == A.Call("clockwise", [N("favorite")], {})
    assert loop.body == [A.While(A.Compare(">", A.Call("count", [A.Attr(N("p"), "reserve")], {}),
                                           C(0)), [A.Break()])]
    assert stmts[2] == A.Repeat(N("keep"), [A.Assign("x", C(1))])


def test_one_line_block():
    assert one("if x: gain IP 1") == A.If([(N("x"), [A.Gain("IP", C(1), None)])], None)


def test_positions_are_1_based_and_relative_to_the_text():
    stmts = parse_script("gain IP 1\n\nif x:\n    lose IP  2\n")
    assert (stmts[0].line, stmts[0].col) == (1, 1)
    assert (stmts[0].amount.line, stmts[0].amount.col) == (1, 9)
    inner = stmts[1].branches[0][1][0]
    assert (inner.line, inner.col) == (4, 5)
    assert (inner.amount.line, inner.amount.col) == (4, 14)


def test_comments_continuations_and_brackets():
    text = ("# a comment line\n"
            "gain IP 3  # a trailing comment\n"
            "x = 1 \\\n"
            "    + 2\n"
            "y = min(1,\n"
            "        2)\n"
            "z = [1,\n"
            "  2]\n")
    stmts = parse_script(text)
    assert stmts == [A.Gain("IP", C(3), None), A.Assign("x", A.BinOp("+", C(1), C(2))),
                     A.CallStmt(A.Call("min", [C(1), C(2)], {}), "y"),
                     A.Assign("z", A.ListExpr([C(1), C(2)]))]


def test_comment_lines_anywhere():
    text = ("gain IP 1\n"
            "# between statements\n"
            "if a:  # after a colon\n"
            "    # first in a block\n"
            "    pass\n"
            "# less indented, inside the block\n"
            "    pass\n"
            "        # more indented\n"
            'log "#1 is not a comment"  # but this is\n'
            "# the last line")
    stmts = parse_script(text)
    assert stmts == [A.Gain("IP", C(1), None), A.If([(N("a"), [A.Pass(), A.Pass()])], None),
                     A.Log("#1 is not a comment")]
    assert (stmts[2].line, stmts[2].col) == (9, 1)


def test_empty_script():
    assert parse_script("") == []
    assert parse_script("\n\n# nothing\n") == []


def test_expression_precedence():
    assert parse_expression("1 + 2 * 3") == A.BinOp("+", C(1), A.BinOp("*", C(2), C(3)))
    assert parse_expression("not a and b") == A.BoolOp("and", A.Not(N("a")), N("b"))
    assert parse_expression("a or b and c") == A.BoolOp("or", N("a"), A.BoolOp("and", N("b"),
                                                                                N("c")))
    assert parse_expression("-a.b") == A.Neg(A.Attr(N("a"), "b"))
    assert parse_expression("players where it.IP > 1 + 2") == A.Where(
        N("players"), A.Compare(">", A.Attr(N("it"), "IP"), A.BinOp("+", C(1), C(2))))
    assert parse_expression("xs ranked by [it.a, it.b]") == A.Ranked(
        N("xs"), A.ListExpr([A.Attr(N("it"), "a"), A.Attr(N("it"), "b")]))
    assert parse_expression("sum(t.fame for t in xs)") == A.CallComp(
        "sum", A.Comprehension(A.Attr(N("t"), "fame"), "t", N("xs")))
    assert parse_expression("a if b else c") == A.CondExpr(N("a"), N("b"), N("c"))
    assert parse_expression("x not in xs") == A.Compare("not in", N("x"), N("xs"))


# ---------------------------------------------------------------------- errors
# (script, line, col, a fragment of the message)
SYNTAX_ERRORS = [
    ("gain IP (3", 1, 11, "the line ends too early: ')' is missing"),
    ("gain IP 3)", 1, 10, "unexpected ')'"),
    ("x = [1, 2", 1, 10, "']' is missing"),
    ("if x > 1\n    gain IP 1", 1, 9, "expected ':'"),
    ("if x > 1:\ngain IP 1", 2, 1, "expected an indented block"),
    ("gain IP 1\n    gain IP 2", 2, 5, "unexpected indentation"),
    ("while true:\n    break\n  gain IP 1", 3, 3, "indented by 2, which matches no enclosing block"),
    ("if a:\n        pass\n    pass", 3, 5, "indent it by 0 or 8"),
    ('x = choose one of players prompt', 1, 33, "expected a quoted text"),
    ("x = choose one players", 1, 16, "unexpected 'players': expected 'of'"),
    ("for p in players:\n    pass", 1, 5, "unexpected 'p': expected 'each'"),
    ("for each p in players\n    pass", 1, 22, "expected ':'"),
    ("steal IP 3", 1, 11, "expected 'from'"),
    ("move x", 1, 7, "expected 'to'"),
    ("log 'hi", 1, 5, "unexpected character \"'\""),
    ("gain IP 1 to", 1, 13, "the line ends too early"),
    ("set = 3", 1, 5, "unexpected '='"),
    ("repeat 3:\n    pass\nelse:\n    pass", 3, 1, "unexpected 'else'"),
    ("end", 1, 4, "expected 'game'"),
    ("if a:\n    pass\nelif:\n    pass", 3, 5, "unexpected ':'"),
    ("gain IP 3 @", 1, 11, "unexpected character '@'"),
    ("gain\n", 1, 5, "expected a name"),
    ("gain IP  # no amount", 1, 8, "the line ends too early"),
    ("x = [(1, 2", 1, 8, "unexpected ','"),
    ("x = ([1, 2]", 1, 12, "')' is missing"),
]

TERMINAL_NAMES = ("RPAR", "LPAR", "RSQB", "LSQB", "_NL", "_INDENT", "_DEDENT", "$END", "__ANON",
                  "COMMA", "COLON", "NAME", "NUMBER", "STRING", "COMPARE", "EQUAL")


@pytest.mark.parametrize("text,line,col,fragment", SYNTAX_ERRORS, ids=[t for t, *_ in SYNTAX_ERRORS])
def test_syntax_error(text, line, col, fragment):
    with pytest.raises(EffectSyntaxError, match=re.escape(fragment)) as info:
        parse_script(text)
    e = info.value
    assert (e.line, e.col) == (line, col), e.message
    assert fragment in e.message
    for word in TERMINAL_NAMES:
        assert not re.search(rf"(?<![a-z']){re.escape(word)}(?![a-z'])", e.message), e.message
    # the excerpt shows the offending line with a caret under the column
    src, caret = e.excerpt().split("\n")
    assert src == "    " + text.splitlines()[line - 1]
    assert caret == " " * (4 + col - 1) + "^"
    assert str(e).startswith(f"{line}:{col}: ")


def test_unexpected_token_names_what_was_expected_in_words():
    with pytest.raises(EffectSyntaxError, match=r"unexpected '\*'") as info:
        parse_expression("1 + * 2")
    assert info.value.message == ("unexpected '*': expected a value (a number, a name, a quoted "
                                  "text, a list, ...)")


def test_parser_errors_are_never_lark_exceptions():
    """Whatever the text, the parser raises EffectSyntaxError or nothing."""
    samples = ["(", ")", "]", "[", ":", "\n  \n x", "if:\n", "x = \\", "\t\tx", "for each",
               "if a:\n\tpass\n  pass", "x = (1,\n", "\"", "1 +\n2", "while:", "a.b.c = 1",
               "set x.y.z = 1", "x = choose", "  \n    gain IP 1\n  lose IP 1"]
    for text in samples:
        try:
            parse_script(text)
        except EffectSyntaxError as e:
            assert e.line >= 1 and e.col >= 1
        try:
            parse_expression(text)
        except EffectSyntaxError as e:
            assert e.line >= 1 and e.col >= 1
