"""Issue 32, items 1 and 2, checked in the code: no text is read as markup on its way to a rich
or Textual widget. A str given to a widget or to a rich container (Static, a Table's title,
a column's header, a row, a Panel's or a Rule's title, a border's title) is parsed as
markup; a rich Text is not. So in the presentation code (interpreter/present/) an argument
of those that is visibly a str built from data (an f-string, a sum, str(), spelled(),
words(), a join, a format, a constant with a `[`) is refused: such a text goes through
safe_text.literal(), which makes the Text. Every Console there has markup off, and nothing
asks rich or Textual to parse markup."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "interpreter" / "present").rglob("*.py"))
# calls whose positional arguments are drawn (a str among them is read as markup)
SINKS = {"Static", "Label", "Button", "Rule", "Panel", "Option", "update", "add_row",
         "add_column", "notify", "write", "write_kept", "print"}
# rich's and Textual's constructors whose keyword arguments below are drawn
KEYED = SINKS | {"Table", "Column", "Columns", "Tree", "TabPane", "Tab"}
# keyword arguments drawn as markup when given a str
TITLES = {"title", "subtitle", "caption", "header", "footer", "border_title",
          "border_subtitle", "placeholder"}
STR_MAKERS = {"str", "spelled", "words", "join", "format", "cut", "named", "short", "plural"}
FORBIDDEN = ("markup=True", "from_markup", "render_markup", "render_str(", "escape_markup")


def is_str_from_data(node) -> bool:
    """An expression that is visibly a str (not a Text) built from something: f-strings, sums
    and %-formats of them, calls that return a str, a constant holding markup's `[`."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and "[" in node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return is_str_from_data(node.left) or is_str_from_data(node.right) or \
            isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
    if isinstance(node, ast.IfExp):
        return is_str_from_data(node.body) or is_str_from_data(node.orelse)
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
            else ""
        return name in STR_MAKERS
    return False


def call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def offences(path: Path) -> list:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = call_name(node)
            drawn = [*node.args] if name in SINKS else []
            drawn += [k.value for k in node.keywords if k.arg in TITLES and name in KEYED]
            out += [f"{rel}:{a.lineno}: {name}() is given a str ({ast.unparse(a)[:60]})"
                    for a in drawn if is_str_from_data(a)]
            if name == "Console" and not any(
                    k.arg == "markup" and isinstance(k.value, ast.Constant)
                    and k.value.value is False for k in node.keywords):
                out.append(f"{rel}:{node.lineno}: a Console without markup=False")
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr in TITLES and \
                        not (isinstance(node.value, (ast.Constant, ast.Name)) or
                             isinstance(node.value, ast.Call) and
                             call_name(node.value) == "literal"):
                    out.append(f"{rel}:{node.lineno}: .{target.attr} set to "
                               f"{ast.unparse(node.value)[:60]} (a str there is markup)")
    source = path.read_text(encoding="utf-8")
    out += [f"{rel}: {word}" for word in FORBIDDEN if word in source]
    return out


def test_the_presentation_code_exists_where_this_test_looks():
    names = {p.name for p in FILES}
    assert {"terminal.py", "board_draw.py", "app.py", "panels.py", "decision.py",
            "screens.py", "inspect.py"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "interpreter")))
def test_no_text_reaches_a_widget_as_markup(path):
    assert offences(path) == []


def test_the_check_sees_the_ways_markup_got_through_before():
    """The forms the table used before issue 32 are each refused."""
    bad = '''
t = Table(title=title or None)
t.add_column(words(k), justify="right")
con.print(f"Waiting for {x}.")
box.border_title = self.title_text
t = Table(title=f"{name}: distance")
con = Console(file=io.StringIO(), width=76, record=True)
Static(f"{name}: distance")
'''
    tree = ast.parse(bad)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert is_str_from_data(ast.parse('f"{x}"', mode="eval").body)
    assert is_str_from_data(ast.parse('words(k)', mode="eval").body)
    assert not is_str_from_data(ast.parse('literal(words(k))', mode="eval").body)
    assert not is_str_from_data(ast.parse('Text(x)', mode="eval").body)
    path = ROOT / "tests" / "_markup_probe.py"
    path.write_text(bad, encoding="utf-8")
    try:
        found = offences(path)
    finally:
        path.unlink()
    assert len(calls) >= 5
    assert any("add_column() is given a str" in f for f in found), found
    assert any("Table() is given a str" in f for f in found), found
    assert any("Static() is given a str" in f for f in found), found
    assert any("border_title set to" in f for f in found), found
    assert any("Console without markup=False" in f for f in found), found
