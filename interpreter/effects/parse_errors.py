"""Syntax errors of the effect language in a designer's words: what was expected, a bracket
never closed, a line that ends too early, a word that is no statement (parser.py raises
them)."""
from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import did_you_mean

# Terminal names as a designer would say them.
READABLE = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted text",
    "_NL": "the end of the line", "_INDENT": "an indented block", "_DEDENT": "the end of a block",
    "$END": "the end of the effect", "COMPARE": "a comparison (==, <, ...)",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'",
    "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "COLON": "':'",
    "DOT": "'.'", "EQUAL": "'='", "PLUS": "'+'", "MINUS": "'-'", "STAR": "'*'", "POW": "'**'", "SLASH": "'/'",
    "PERCENT": "'%'",
}


class EffectSyntaxError(Exception):
    """A syntax error at (line, col) of the effect text (1-based)."""

    def __init__(self, message: str, line: int, col: int, text: str):
        self.message, self.line, self.col, self.text = message, line, col, text
        super().__init__(f"{line}:{col}: {message}")

    def excerpt(self) -> str:
        """The offending line of the effect with a caret under the column."""
        lines = self.text.split("\n") or [""]
        src = lines[min(self.line, len(lines)) - 1]
        return f"    {src}\n    {' ' * (self.col - 1)}^"


_VALUE_START = {"NAME", "NUMBER", "STRING", "TRUE", "FALSE", "NONE", "LPAR", "LSQB", "LBRACE",
                "MINUS", "NOT"}


def _readable(names) -> str:
    names = set(names)
    if "NAME" in names:       # gain NAME or gain counter(NAME): "a name" says it
        names.discard("COUNTER")
    words = []
    if {"NAME", "NUMBER", "STRING"} <= names:
        names -= _VALUE_START
        words.append("a value (a number, a name, a quoted text, a list, ...)")
    for n in sorted(names):
        if n.startswith("__ANON") or n == "$END" and "_NL" in names:
            continue
        w = READABLE.get(n)
        if w is None:
            w = f"'{n.lower()}'" if n.isupper() else n
        if w not in words:
            words.append(w)
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _code_part(src: str) -> str:
    """A line without its trailing comment (a '#' outside quotes)."""
    quoted = False
    for i, ch in enumerate(src):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return src[:i]
    return src


_OPENER = {")": "(", "]": "[", "}": "{"}
_CLOSER = {v: k for k, v in _OPENER.items()}


def _open_brackets(lines) -> list:
    """The brackets left open at the end of these lines: [(opener, line, col)], 1-based."""
    stack = []
    for n, src in enumerate(lines, 1):
        quoted = False
        for i, ch in enumerate(_code_part(src)):
            if ch == '"':
                quoted = not quoted
            elif quoted:
                continue
            elif ch in "([{":
                stack.append((ch, n, i + 1))
            elif ch in ")]}" and stack and stack[-1][0] == _OPENER[ch]:
                stack.pop()
    return stack


def _unclosed(lines) -> str:
    """The closer of the innermost bracket left open in these lines ("')'", "']'"), or ""."""
    stack = _open_brackets(lines)
    return f"'{_CLOSER[stack[-1][0]]}'" if stack else ""


# The words a statement starts with (a line may also be `x = ...` or a call `name(...)`).
STATEMENT_WORDS = ("append", "break", "continue", "discard", "draw", "elif", "else", "end",
                   "for", "gain", "if", "log", "lose", "move", "pass", "play", "repeat",
                   "return", "set", "shuffle", "sort", "steal", "while")
_FIRST_WORD = re.compile(r"[ \t]*([A-Za-z_][A-Za-z_0-9]*)")


def _no_statement(e: UnexpectedToken, text: str):
    """A line that starts with a word that is no statement (`continu`, `nxt p`): the parser
    wanted `=` or `(` after it. The error names the word, with the statement it resembles."""
    if not {"EQUAL", "LPAR"} <= set(e.expected or ()):
        return None
    tok = e.token
    line = tok.line if tok.line not in (None, -1) else getattr(e, "line", -1)
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    m = _FIRST_WORD.match(lines[line - 1])
    if m is None:
        return None
    rest = _code_part(lines[line - 1])[m.end():]
    if tok.type not in ("_NL", "$END") and lines[line - 1][m.end():tok.column - 1].strip():
        return None     # the error is further along the line: not about its first word
    if rest.strip().startswith(("=", "(")):
        return None
    word = m.group(1)
    hint = did_you_mean(word, STATEMENT_WORDS)
    return EffectSyntaxError(
        f"no statement '{word}' ({hint})" if hint else
        f"no statement '{word}': a line is a statement ({', '.join(STATEMENT_WORDS[:8])}, ...), "
        f"x = VALUE or a call NAME(...)", line, m.start(1) + 1, text)


def _error(e: UnexpectedInput, text: str, expression: bool = False) -> EffectSyntaxError:
    if expression and getattr(e, "expected", None):
        # a lone expression never ends at a line break: do not offer one
        e.expected = {x for x in e.expected if x != "_NL"} or e.expected
    line, col = getattr(e, "line", 1), getattr(e, "column", 1)
    if isinstance(e, UnexpectedCharacters):
        ch = text.split("\n")[line - 1][col - 1] if line - 1 < len(text.split("\n")) else "?"
        return EffectSyntaxError(f"unexpected character {ch!r}", line, col, text)
    if isinstance(e, UnexpectedEOF):
        lines = text.rstrip("\n").split("\n")   # the end is the last line with text
        return EffectSyntaxError(
            f"the effect ends too early: expected {_readable(e.expected)}",
            len(lines), len(lines[-1]) + 1, text)
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    if line not in (None, -1) and tok.type not in ("$END", "_NL", "_DEDENT", "_INDENT"):
        # a bracket never closed on an earlier line: the next lines read as inside it, so
        # their first word looks like no statement ("no statement 'log'"): say the bracket
        earlier = [b for b in _open_brackets(text.split("\n")) if b[1] < line]
        if earlier:
            opener, bline, bcol = earlier[-1]
            return EffectSyntaxError(f"'{opener}' is never closed", bline, bcol, text)
    unknown = _no_statement(e, text)
    if unknown is not None:
        return unknown
    if tok.type == "_INDENT":
        # the token borrows the position of the line break before it: point at the line
        line, col = tok.end_line, tok.end_column
        return EffectSyntaxError("unexpected indentation: only the lines of a block (after a "
                                 "line ending with ':') are indented", line, col, text)
    if tok.type in ("$END", "_NL", "_DEDENT") or line in (None, -1):
        lines = text.rstrip("\n").split("\n")   # the end is the last line with text
        if tok.type == "_NL" and tok.line not in (None, -1):
            line = tok.line
        else:
            line = len(lines)
        col = len(_code_part(lines[line - 1]).rstrip()) + 1
        if "RPAR" in e.expected or "RSQB" in e.expected:
            closer = _unclosed(lines[:line]) or ("')'" if "RPAR" in e.expected else "']'")
            return EffectSyntaxError(f"the line ends too early: {closer} is missing", line, col, text)
        return EffectSyntaxError(f"the line ends too early: expected {_readable(e.expected)}",
                                 line, col, text)
    lines = text.split("\n")
    earlier = [b for b in _open_brackets(lines) if b[1] < line]
    if earlier:   # everything after a bracket that is never closed reads as inside it
        opener, bline, bcol = earlier[-1]
        return EffectSyntaxError(f"'{opener}' is never closed", bline, bcol, text)
    before = [s for s in lines[:max(0, line - 1)] if s.strip()]
    if before and before[-1].rstrip().endswith(":") and \
            col <= len(before[-1]) - len(before[-1].lstrip()) + 1:
        return EffectSyntaxError("expected an indented block after the line ending with ':'",
                                 line, col, text)
    got = f"'{tok.value}'"
    inside = _open_brackets(lines[:line - 1] + [lines[line - 1][:col - 1]])
    if inside and inside[-1][0] == "{" and "COLON" in e.expected:
        return EffectSyntaxError(f"unexpected {got}: a mapping's entry is KEY: VALUE, so "
                                 "':' comes after the key", line, col, text)
    return EffectSyntaxError(f"unexpected {got}: expected {_readable(e.expected)}", line, col, text)


# One bound on how deep an effect text may nest, measured on its words before it is parsed
# (parsing and compiling walk the tree recursively: past Python's stack, a text could only
# fail as "too deep" somewhere, and 50,000 nested brackets took 15 s to read). A level is a
# bracket, or an operator in a chain at one bracket's level: a + b + c reads as (a + b) + c,
# two levels. Commas and the end of a statement's line start a new chain.
MAX_LEVELS = 200
_WORDS = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|#[^\n]*|([(\[{])|([)\]}])|(,|\n)|"""
                    r"""(\*\*|//|==|!=|<=|>=|[-+*/%<>.]|\b(?:and|or|not|in|where|if|else|until|by|for)\b)""")


def levels(text: str) -> int:
    """How many levels deep the text nests at its deepest (see MAX_LEVELS), in one pass."""
    chains = [0]          # the operators in a row at each open bracket's level
    level = deepest = 0   # level: brackets open + the operators of their chains
    for m in _WORDS.finditer(text):
        if m.group(2):
            chains.append(0)
            level += 1
        elif m.group(3):
            if len(chains) > 1:
                level -= chains.pop() + 1
        elif m.group(4):
            if m.group(4) == "," or len(chains) == 1:
                level -= chains[-1]
                chains[-1] = 0
        elif m.group(5):
            chains[-1] += 1
            level += 1
        deepest = max(deepest, level)
    return deepest


def too_deep(text: str) -> EffectSyntaxError | None:
    """The error for a text that nests past MAX_LEVELS, worded for what is counted."""
    n = levels(text)
    if n <= MAX_LEVELS:
        return None
    return EffectSyntaxError(
        f"the text nests {n:,} levels deep; at most {MAX_LEVELS} are read (each bracket is a "
        "level, and each operator of a chain like a + b + c); split it into smaller parts "
        "(a function, a value, sum() over a list)", 1, 1, text)


def _too_deep(text: str) -> EffectSyntaxError:
    return EffectSyntaxError("the text is nested too deeply to read; split it into smaller "
                             "parts", 1, 1, text)
