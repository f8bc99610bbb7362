"""Text -> AST for the effect language, with errors a designer can read."""
from __future__ import annotations

from functools import lru_cache
import re
from pathlib import Path

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedInput
from lark.indenter import DedentError, Indenter

from ..load.cache import lark_parser
from . import ast as A
from .ast_walk import walk
from .parse_errors import EffectSyntaxError, _error, _too_deep, too_deep

GRAMMAR = (Path(__file__).with_name("grammar.lark")).read_text()


class _BadDedent(Exception):
    """A line indented less than its block but more than the block around it."""

    def __init__(self, token, levels):
        self.token, self.levels = token, levels


class _Indenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4

    def handle_NL(self, token):
        if "\n" not in token:      # a comment with no line break after it: nothing
            return
        levels = list(self.indent_level)
        try:
            yield from super().handle_NL(token)
        except DedentError:
            raise _BadDedent(token, levels) from None


def _pos(meta_or_token):
    return {"line": getattr(meta_or_token, "line", 0) or 0,
            "col": getattr(meta_or_token, "column", 0) or 0}


def _text_at(token):
    """(line, col) of a quoted text's first character (after the quote)."""
    return (token.line or 1, (token.column or 1) + 1)


def _comprehension(m, expr, var, coll, cond=None):
    """[EXPR for VAR in COLL if COND]; `[EXPR for VAR in COLL where COND]` whose condition
    names VAR (and not `it`) is the same filter, written in the language's other words."""
    var = str(var)
    if cond is None and isinstance(coll, A.Where):
        names = {n.name for n in walk(coll.cond) if isinstance(n, A.Name)}
        if var in names and "it" not in names:
            coll, cond = coll.coll, coll.cond
    return A.Comprehension(expr, var, coll, cond, **_pos(m))


def _counted(cls, m, c):
    """gain/lose/steal: the counter by its name, or named by a value (counter(EXPR))."""
    named = isinstance(c[0], A.Node)
    rest = list(c[1:]) + [None] * (3 - len(c))
    return cls("" if named else str(c[0]), *rest[:2], counter_of=c[0] if named else None,
               **_pos(m))


@v_args(meta=True)
class _ToAst(Transformer):
    # expressions
    def number(self, m, c): return A.Const(int(c[0]), **_pos(m))
    def string(self, m, c): return A.Const(unquote(c[0]), **_pos(m))
    def true(self, m, c): return A.Const(True, **_pos(m))
    def false(self, m, c): return A.Const(False, **_pos(m))
    def none(self, m, c): return A.Const(None, **_pos(m))
    def name(self, m, c): return A.Name(str(c[0]), **_pos(m))
    def attr(self, m, c): return A.Attr(c[0], str(c[1]), line=c[1].line, col=c[1].column)
    def index(self, m, c): return A.Index(c[0], c[1], **_pos(m))
    def binop(self, m, c): return A.BinOp(str(c[1]), c[0], c[2], line=c[1].line, col=c[1].column)
    def compare(self, m, c): return A.Compare(str(c[1]), c[0], c[2], line=c[1].line, col=c[1].column)
    def in_(self, m, c): return A.Compare("in", c[0], c[1], **_pos(m))
    def not_in(self, m, c): return A.Compare("not in", c[0], c[1], **_pos(m))
    def and_(self, m, c): return A.BoolOp("and", c[0], c[1], **_pos(m))
    def or_(self, m, c): return A.BoolOp("or", c[0], c[1], **_pos(m))
    def not_(self, m, c): return A.Not(c[0], **_pos(m))
    def neg(self, m, c): return A.Neg(c[0], **_pos(m))
    def cond_expr(self, m, c): return A.CondExpr(c[0], c[1], c[2], **_pos(m))
    def where(self, m, c): return A.Where(c[0], c[1], **_pos(m))
    def until(self, m, c): return A.Until(c[0], c[1], **_pos(m))
    def ranked(self, m, c): return A.Ranked(c[0], c[1], **_pos(m))
    def ordered(self, m, c): return A.Ranked(c[0], c[1], ascending=True, **_pos(m))
    def lowest(self, m, c): return A.Best(c[0], c[1], lowest=True, **_pos(m))
    def highest(self, m, c): return A.Best(c[0], c[1], lowest=False, **_pos(m))
    def list_(self, m, c): return A.ListExpr([x for x in c if x is not None], **_pos(m))
    def map_(self, m, c): return A.MapExpr([x for x in c if x is not None], **_pos(m))
    def map_item(self, m, c): return (c[0], c[1])
    def list_comp(self, m, c): return _comprehension(m, *c)

    def call(self, m, c):
        args, kwargs = [], {}
        for a in c[1:]:
            if a is None:
                continue
            if isinstance(a, tuple):
                kwargs[a[0]] = a[1]
            else:
                args.append(a)
        return A.Call(str(c[0]), args, kwargs, **_pos(m))

    def call_comp(self, m, c):
        comp = _comprehension(m, *c[1:])
        return A.CallComp(str(c[0]), comp, **_pos(m))

    def arg(self, m, c): return c[0]
    def kwarg(self, m, c): return (str(c[0]), c[1])

    # statements
    def start(self, m, c): return list(c)
    def block(self, m, c): return list(c)
    def assign(self, m, c):
        if isinstance(c[1], A.Call):
            return A.CallStmt(c[1], str(c[0]), **_pos(m))
        return A.Assign(str(c[0]), c[1], **_pos(m))

    def _choose(self, m, var, opts, **kw):
        node = A.Choose(str(var), **kw, **_pos(m))
        for kind, val, *at in opts:
            if getattr(node, kind) is not None and node.repeated is None:   # the compiler
                first = val[0] if isinstance(val, list) else val            # reports it
                node.repeated = (kind, *(at[0] if at else (
                    getattr(first, "line", 0) or node.line, getattr(first, "col", 0) or node.col)))
            setattr(node, kind, val)
            if len(at) == 2:                # otherwise "label" if CONDITION
                node.otherwise_if = at[1]
            if at:
                node.text_at[kind] = at[0]
        return node

    def choose_one(self, m, c): return self._choose(m, c[0], c[2:], coll=c[1])
    def choose_number(self, m, c): return self._choose(m, c[0], c[3:], coll=None, low=c[1], high=c[2])
    def choose_seq(self, m, c): return self._choose(m, c[0], c[2:], coll=c[1], seq=True)
    def choose_any(self, m, c): return self._choose(m, c[0], c[2:], coll=c[1], subset=True)
    def least_opt(self, m, c): return ("least", c[0])
    def most_opt(self, m, c): return ("most", c[0])
    def length_opt(self, m, c): return ("length", [c[0], c[1] if len(c) > 1 else None])
    def by_opt(self, m, c): return ("by", c[0])
    def each_opt(self, m, c): return ("each", c[0])
    def otherwise_opt(self, m, c):
        return ("otherwise", unquote(c[0]), _text_at(c[0])) if len(c) < 2 or c[1] is None \
            else ("otherwise", unquote(c[0]), _text_at(c[0]), c[1])
    def prompt_opt(self, m, c): return ("prompt", unquote(c[0]), _text_at(c[0]))
    def labelled_opt(self, m, c): return ("labelled", unquote(c[0]), _text_at(c[0]))
    def grouped_opt(self, m, c): return ("grouped", c[0])
    def ask_opt(self, m, c): return ("always", (m.line, m.column))

    def gain(self, m, c): return _counted(A.Gain, m, c)
    def lose(self, m, c): return _counted(A.Lose, m, c)
    def steal(self, m, c): return _counted(A.Steal, m, c)
    def counter_of(self, m, c): return c[0]
    def method(self, m, c):
        return A.Method(c[0], str(c[1]), [x for x in c[2:] if x is not None],
                        line=c[1].line, col=c[1].column)
    def set_stmt(self, m, c): return A.SetStmt(c[0], c[1], **_pos(m))
    def move(self, m, c): return A.Move(c[0], c[1], **_pos(m))
    def draw(self, m, c):
        var = str(c[0]) if c[0] is not None else None
        return A.Draw(c[1], c[2], c[3], var=var, **_pos(m))
    def shuffle(self, m, c): return A.Shuffle(c[0], **_pos(m))
    def discard(self, m, c): return A.Discard(c[0], **_pos(m))
    def play(self, m, c):
        who = next((x[1] for x in c[1:] if x[0] == "as"), None)
        ability = next((x[1] for x in c[1:] if x[0] == "ability"), None)
        return A.Play(c[0], who, ability, **_pos(m))
    def play_as(self, m, c): return ("as", c[0])
    def play_ability(self, m, c): return ("ability", c[0])
    def call_stmt(self, m, c): return A.CallStmt(c[0], None, **_pos(m))
    def return_stmt(self, m, c): return A.Return(c[0] if c else None, **_pos(m))
    def break_stmt(self, m, c): return A.Break(**_pos(m))
    def continue_stmt(self, m, c): return A.Continue(**_pos(m))
    def pass_stmt(self, m, c): return A.Pass(**_pos(m))
    def log_stmt(self, m, c):
        return A.Log(unquote(c[-1]), _text_at(c[-1]), c[0] if len(c) > 1 else None, **_pos(m))
    def end_stmt(self, m, c):
        return A.EndGame(draw="draw" in c, capped="capped" in c, **_pos(m))
    def draw_opt(self, m, c): return "draw"
    def capped_opt(self, m, c): return "capped"
    def mark_stmt(self, m, c):
        what, how = c[0], c[1]
        to = next((x[1] for x in c[2:] if x[0] == "to"), None)
        kept = any(x[0] == "kept" for x in c[2:])
        if isinstance(how, tuple):          # known / shows ATTR
            return A.Mark(what, how[0], how[1], None, to, kept, **_pos(m))
        return A.Mark(what, "text", unquote(how), _text_at(how), to, kept, **_pos(m))
    def mark_known(self, m, c): return ("known", None)
    def mark_shows(self, m, c): return ("attr", str(c[0]))
    def mark_to(self, m, c): return ("to", c[0])
    def mark_kept(self, m, c): return ("kept", True)
    def unmark_stmt(self, m, c): return A.Unmark(c[0], **_pos(m))
    def reveal_stmt(self, m, c): return A.Reveal(c[0], c[1] if len(c) > 1 else None, **_pos(m))
    def append_stmt(self, m, c): return A.Append(c[0], str(c[1]), **_pos(m))
    def sort_stmt(self, m, c): return A.SortZone(c[0], c[1], **_pos(m))

    def if_stmt(self, m, c):
        branches = [(c[0], c[1])]
        orelse = None
        for part in c[2:]:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                orelse = part[1]
        return A.If(branches, orelse, **_pos(m))

    def elif_clause(self, m, c): return ("elif", c[0], c[1])
    def else_clause(self, m, c): return ("else", c[0])
    def for_stmt(self, m, c): return A.ForEach(str(c[0]), c[1], c[2], **_pos(m))
    def while_stmt(self, m, c): return A.While(c[0], c[1], **_pos(m))
    def repeat_stmt(self, m, c): return A.Repeat(c[0], c[1], **_pos(m))


@lru_cache(maxsize=None)
def _parser(start: str) -> Lark:
    # the LALR tables are built once and kept in the user's cache directory as plain data
    # (load/cache.py); building them took 0.15-0.4 s of every command. Single expressions:
    # line breaks inside brackets carry no meaning (the indenter drops them), one before the
    # expression is allowed.
    return lark_parser(f"{start}\0lalr positions placeholders\0{GRAMMAR}", lambda: Lark(
        GRAMMAR, parser="lalr", postlex=_Indenter(), start=start, propagate_positions=True,
        maybe_placeholders=True), postlex=_Indenter())


# Terminals that can start a value; when most are expected, "a value" says it shorter.

# Parsed texts, by text: one game's texts are read by the compiler, the checks and the bots'
# policies, and a game is often loaded again in one process. Trees are never changed in
# place (templates.shift works on a copy), so a tree can be shared.
_PARSED: dict = {}
_PARSED_MAX = 20000


def _remember(key, tree):
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = tree
    return tree


def parsed_trees() -> dict:
    """Every text parsed so far in this process, with its tree (for the loader's cache)."""
    return dict(_PARSED)


def preload(trees: dict) -> None:
    """Trees parsed in an earlier run (the loader's cache), found again by their texts."""
    _PARSED.update(trees)


def parse_script(text: str) -> list:
    """Parse statements; returns a list of statement nodes (shared: do not change them)."""
    hit = _PARSED.get(("script", text))
    if hit is not None:
        return hit
    return _remember(("script", text), _parse_script(text))


def parse_expression(text: str) -> A.Node:
    """Parse one expression (as used for conditions, stats and evaluations); the tree is
    shared: do not change it."""
    hit = _PARSED.get(("expr", text))
    if hit is not None:
        return hit
    return _remember(("expr", text), _parse_expression(text))


def _parse_script(text: str) -> list:
    src = text if text.endswith("\n") else text + "\n"
    deep = too_deep(text)
    if deep:
        raise deep
    try:
        tree = _parser("start").parse(src)
    except UnexpectedInput as e:
        raise _error(e, text) from None
    except _BadDedent as e:
        line, col = e.token.end_line, e.token.end_column
        depth = col - 1
        allowed = " or ".join(str(x) for x in e.levels)
        raise EffectSyntaxError(f"this line is indented by {depth}, which matches no enclosing "
                                f"block: indent it by {allowed}", line, col, text) from None
    except RecursionError:
        raise _too_deep(text) from None
    try:
        return _ToAst().transform(tree)
    except RecursionError:
        raise _too_deep(text) from None


def _parse_expression(text: str) -> A.Node:
    deep = too_deep(text.replace("\n", " "))    # an expression's line breaks end no chain
    if deep:
        raise EffectSyntaxError(deep.message, 1, 1, text)
    try:
        # trailing white space (a folded YAML scalar ends with a line break) means nothing
        tree = _parser("expr_only").parse(text.rstrip())
        return _ToAst().transform(tree)
    except UnexpectedInput as e:
        raise _error(e, text, expression=True) from None
    except RecursionError:
        raise _too_deep(text) from None


def unquote(token) -> str:
    """A STRING token's text: quotes removed, a backslash keeping the character after it."""
    body = str(token)[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body
